import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildTeam } from '../../../../tests/support/teams';
import { eventBody } from '../calendar/test-helpers';
import { bookEvent, type SchedulingOrg, schedulingOrg } from '../scheduling/test-helpers';
import { SCENES_NOT_OF_TEAMS } from './event-scenes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

/** Ada plays Juliet in the balcony scene; Bea plays the Nurse in another; Lee is in neither. */
async function withBreakdown(s: SchedulingOrg) {
  const base = `/api/teams/${s.teamId}`;
  const owner = s.agents.owner;
  const juliet = (await owner.post(`${base}/characters`, { name: 'Juliet', memberIds: [s.actor.id] })).json();
  const nurse = (await owner.post(`${base}/characters`, { name: 'Nurse', memberIds: [s.castB.id] })).json();
  const balcony = (await owner.post(`${base}/scenes`, { name: 'Balcony', characterIds: [juliet.id] })).json();
  const nursery = (await owner.post(`${base}/scenes`, { name: 'Nursery', characterIds: [nurse.id] })).json();
  return { juliet, nurse, balcony, nursery };
}

describe('scheduling by scene', () => {
  it('a rehearsal naming scenes concerns their cast only, and lists them with their people', async () => {
    const s = await schedulingOrg(ctx);
    const { balcony } = await withBreakdown(s);
    await s.castBAgent.post(`${s.orgBase}/availability`, {
      startDateTime: '2031-03-04T18:00',
      endDateTime: '2031-03-04T22:00',
      note: 'Away',
    });
    await s.actorAgent.post(`${s.orgBase}/availability`, {
      startDateTime: '2031-03-04T18:00',
      endDateTime: '2031-03-04T22:00',
      note: 'Busy too',
    });
    const body = eventBody(s.people.owner.id, { teamIds: [s.teamId], spaces: ['Annex'] });
    const whole = (await s.agents.owner.post(`${s.orgBase}/calendar/conflicts`, body)).json();
    expect(whole.people.map((p: { userId: number }) => p.userId).sort()).toEqual(
      [s.actor.id, s.castB.id].sort(),
    );
    const scenes = await s.agents.owner.post(`${s.orgBase}/calendar/conflicts`, {
      ...body,
      sceneIds: [balcony.id],
    });
    expect(scenes.statusCode).toBe(200);
    expect(scenes.json().peopleCount).toBe(1);
    expect(scenes.json().people.map((p: { userId: number }) => p.userId)).toEqual([s.actor.id]);

    const eventId = await bookEvent(s, { sceneIds: [balcony.id] });
    const detail = (await s.agents.owner.get(`${s.orgBase}/calendar/events/${eventId}`)).json();
    expect(detail.sceneIds).toEqual([balcony.id]);
    expect(detail.scenes).toEqual([
      {
        id: balcony.id,
        name: 'Balcony',
        people: [{ userId: s.actor.id, name: expect.any(String), characters: ['Juliet'] }],
      },
    ]);
    // Another rehearsal of the team at that time keeps Ada busy, not Bea (not in the scene).
    const other = await s.agents.owner.post(`${s.orgBase}/calendar/conflicts`, {
      ...eventBody(s.people.owner.id, { teamIds: [s.teamId], spaces: ['Office'] }),
    });
    const causes = other.json().causes as { userId: number; reason: string }[];
    expect(causes.filter((c) => c.reason === 'called').map((c) => c.userId)).toEqual([s.actor.id]);
  });

  it("the call sheet names a rehearsal's scenes and each called person's characters", async () => {
    const s = await schedulingOrg(ctx);
    const { balcony } = await withBreakdown(s);
    const eventId = await bookEvent(s, { sceneIds: [balcony.id] });
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${eventId}/calls`, { userIds: [s.actor.id] });
    const date = (await s.agents.owner.get(`${s.orgBase}/calendar/events/${eventId}`)).json().startDateTime;
    const sheet = (
      await s.actorAgent.get(`${s.orgBase}/calendar/call-sheet?date=${date.slice(0, 10)}`)
    ).json();
    const event = sheet.events.find((e: { id: number }) => e.id === eventId);
    expect(event.scenes).toEqual(['Balcony']);
    expect(event.calls).toEqual([expect.objectContaining({ userId: s.actor.id, characters: ['Juliet'] })]);
  });

  it('an edit may change the scenes; a scene of another team is 400, before anything is saved', async () => {
    const s = await schedulingOrg(ctx);
    const { balcony, nursery } = await withBreakdown(s);
    const eventId = await bookEvent(s, { sceneIds: [balcony.id] });
    const url = `${s.orgBase}/calendar/events/${eventId}`;
    const edited = await s.agents.owner.patch(url, { sceneIds: [nursery.id] });
    expect(edited.statusCode).toBe(200);
    expect((await s.agents.owner.get(url)).json().sceneIds).toEqual([nursery.id]);

    const elsewhere = await buildTeam(ctx, s.org);
    const theirs = (
      await s.agents.owner.post(`/api/teams/${elsewhere.id}/scenes`, { name: 'Elsewhere' })
    ).json();
    const refused = await s.agents.owner.patch(url, { sceneIds: [theirs.id], name: 'Renamed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SCENES_NOT_OF_TEAMS);
    expect((await s.agents.owner.get(url)).json()).toMatchObject({
      name: 'Rehearsal',
      sceneIds: [nursery.id],
    });
    const create = await s.agents.owner.post(
      `${s.orgBase}/calendar/events`,
      eventBody(s.people.owner.id, { teamIds: [s.teamId], spaces: ['Office'], sceneIds: [theirs.id] }),
    );
    expect(create.statusCode).toBe(400);
    expect(create.json().errors.sceneIds).toBe(SCENES_NOT_OF_TEAMS);
    const malformed = await s.agents.owner.patch(url, { sceneIds: ['x'] });
    expect(malformed.statusCode).toBe(400);
    const conflicts = await s.agents.owner.post(`${s.orgBase}/calendar/conflicts`, {
      ...eventBody(s.people.owner.id, { teamIds: [], spaces: ['Office'] }),
      sceneIds: [balcony.id],
    });
    expect(conflicts.statusCode).toBe(400);
  });

  it('a series booked by scenes names them on every date', async () => {
    const s = await schedulingOrg(ctx);
    const { balcony } = await withBreakdown(s);
    const eventId = await bookEvent(s, {
      sceneIds: [balcony.id],
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringEndType: 'count',
      recurringEndCount: 3,
    });
    const rows = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from calendar_event_scenes es join calendar_events e on e.id = es.event_id
       where e.series_id = (select series_id from calendar_events where id = $1)`,
      [eventId],
    );
    expect(rows[0].n).toBe(3);
  });
});
