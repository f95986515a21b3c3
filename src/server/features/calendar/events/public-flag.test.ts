// "Show on the public calendar": a switch per event, on by default, with an
// organization setting for which event types start public; the public page's JSON and the
// public .ics honour it, members still see every event.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../../tests/support/app';
import { PUBLIC_TYPES } from '../../../../common/schemas/admin';
import { calendarEventSchema, publicCalendarSchema } from '../../../../common/schemas/calendar';
import { calendarOrg, eventBody } from '../test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

type C = Awaited<ReturnType<typeof calendarOrg>>;
const soon = (days: number, time: string) => {
  const d = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${time}`;
};
const body = (c: C, name: string, extra: Record<string, unknown> = {}) =>
  eventBody(c.actor.id, {
    name,
    startDateTime: soon(3, '19:00'),
    endDateTime: soon(3, '20:00'),
    spaces: ['Office'],
    ...extra,
  });

async function publicNames(c: C) {
  const json = await new Agent(ctx.app).get(`/api/public/${c.org.shortname}/calendar`);
  expect(json.statusCode).toBe(200);
  // Built as text by PostgreSQL and sent as is: exactly what its schema says, nothing more.
  publicCalendarSchema
    .extend({ events: publicCalendarSchema.shape.events.element.strict().array() })
    .strict()
    .parse(json.json());
  const ics = await new Agent(ctx.app).get(`/api/public/${c.org.shortname}/calendar.ics`);
  expect(ics.statusCode).toBe(200);
  const fromJson = json
    .json()
    .events.map((e: { name: string }) => e.name)
    .sort();
  const fromIcs = [...ics.body.matchAll(/^SUMMARY:(.*)\r?$/gm)].map((m) => m[1]).sort();
  expect(fromIcs).toEqual(fromJson);
  return fromJson as string[];
}

async function memberNames(c: C) {
  const res = await c.actorAgent.get(`${c.base}/events`);
  for (const event of res.json()) calendarEventSchema.strict().parse(event);
  return res
    .json()
    .map((e: { name: string; isPublic: boolean }) => `${e.name}:${e.isPublic}`)
    .sort();
}

describe('the public switch', () => {
  it('is on by default and hides an event switched off from the public JSON and .ics only', async () => {
    const c = await calendarOrg(ctx);
    const shown = await c.actorAgent.post(
      `${c.base}/events`,
      body(c, 'Opening night', { eventType: 'show' }),
    );
    expect(shown.json().event.isPublic).toBe(true);
    const hidden = await c.actorAgent.post(
      `${c.base}/events`,
      body(c, 'Board meeting', { eventType: 'other', isPublic: false, spaces: ['Annex'] }),
    );
    expect(hidden.statusCode, hidden.body).toBe(201);
    expect(hidden.json().event.isPublic).toBe(false);
    expect(await publicNames(c)).toEqual(['Opening night']);
    expect(await memberNames(c)).toEqual(['Board meeting:false', 'Opening night:true']);
    // An edit that sends null keeps the switch as it is.
    await c.actorAgent.patch(`${c.base}/events/${hidden.json().event.id}`, {
      name: 'Board meeting',
      isPublic: null,
    });
    expect(await publicNames(c)).toEqual(['Opening night']);
    // Switched back on in an edit, it shows.
    await c.actorAgent.patch(`${c.base}/events/${hidden.json().event.id}`, { isPublic: true });
    expect(await publicNames(c)).toEqual(['Board meeting', 'Opening night']);
  });

  it('refuses a switch that is not true or false, creating nothing', async () => {
    const c = await calendarOrg(ctx);
    const res = await c.actorAgent.post(`${c.base}/events`, body(c, 'X', { isPublic: 'yes' as never }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.isPublic).toBe('Show on the public calendar must be true or false');
    expect(await memberNames(c)).toEqual([]);
  });

  it('applies to this date, the following dates or the whole series', async () => {
    const c = await calendarOrg(ctx);
    const made = await c.actorAgent.post(
      `${c.base}/events`,
      body(c, 'Rehearsal', {
        isRecurring: true,
        recurringPattern: 'daily',
        recurringEndType: 'count',
        recurringEndCount: 4,
      }),
    );
    const ids = (await c.actorAgent.get(`${c.base}/events`)).json().map((e: { id: number }) => e.id);
    expect(made.json().occurrenceCount).toBe(4);
    await c.actorAgent.patch(`${c.base}/events/${ids[1]}?strategy=this`, { isPublic: false });
    expect(await publicNames(c)).toHaveLength(3);
    await c.actorAgent.patch(`${c.base}/events/${ids[2]}?strategy=future`, { isPublic: false });
    expect(await publicNames(c)).toHaveLength(1);
    await c.actorAgent.patch(`${c.base}/events/${ids[0]}?strategy=series`, { isPublic: false });
    expect(await publicNames(c)).toEqual([]);
  });
});

describe("the organization's public event types", () => {
  it('decide where the switch starts; owners and admins set them, others may not', async () => {
    const c = await calendarOrg(ctx);
    const url = `/api/organizations/${c.org.id}`;
    const options = async () => (await c.actorAgent.get(`${c.base}/options`)).json().publicEventTypes;
    expect(await options()).toEqual(['show', 'class', 'rehearsal', 'other']);

    const refused = await c.agents.board.patch(url, { publicEventTypes: ['show'] });
    expect(refused.statusCode).toBe(403);
    const bad = await c.agents.owner.patch(url, { publicEventTypes: ['show', 'party'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PUBLIC_TYPES);
    expect(await options()).toEqual(['show', 'class', 'rehearsal', 'other']);

    const set = await c.agents.admin.patch(url, { publicEventTypes: ['class', 'show', 'show'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().publicEventTypes).toEqual(['show', 'class']);
    expect(await options()).toEqual(['show', 'class']);

    await c.actorAgent.post(`${c.base}/events`, body(c, 'Matinee', { eventType: 'show' }));
    await c.actorAgent.post(
      `${c.base}/events`,
      body(c, 'Blocking', { eventType: 'rehearsal', spaces: ['Annex'] }),
    );
    await c.actorAgent.post(
      `${c.base}/events`,
      body(c, 'Open rehearsal', { eventType: 'rehearsal', isPublic: true, spaces: ['Main Stage'] }),
    );
    expect(await publicNames(c)).toEqual(['Matinee', 'Open rehearsal']);
    expect(await memberNames(c)).toEqual(['Blocking:false', 'Matinee:true', 'Open rehearsal:true']);
  });
});
