import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { upload } from '../../../../tests/support/imports';
import { eventBody } from '../calendar/test-helpers';
import { schedulingOrg } from '../scheduling/test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const ics = (...lines: string[]) =>
  `${['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n')}\r\n`;
const icsFile = (data: string) => ({ name: 'season.ics', type: 'text/calendar', data });
const importUrl = (orgId: number, dry = false) =>
  `/api/organizations/${orgId}/calendar/import${dry ? '?dryRun=1' : ''}`;

/** Wednesdays from 6 January 2027, six times, in the Annex; `extra` lines go into the series. */
const season = (time = '19', extra: string[] = [], others: string[] = []) =>
  ics(
    'BEGIN:VEVENT',
    'UID:season-1@example.com',
    'SUMMARY:Rehearsal',
    `DTSTART;TZID=America/New_York:20270106T${time}0000`,
    `DTEND;TZID=America/New_York:20270106T${Number(time) + 2}0000`,
    'RRULE:FREQ=WEEKLY;COUNT=6',
    'LOCATION:Annex',
    ...extra,
    'END:VEVENT',
    ...others,
  );

interface Listed {
  id: number;
  name: string;
  seriesId: number | null;
  spaces: string[];
  startDateTime: string;
}

async function listed(s: Awaited<ReturnType<typeof schedulingOrg>>) {
  const res = await s.agents.owner.get(`${s.base}/events?from=2027-01-01&to=2027-03-31`);
  const body = res.json();
  return ((Array.isArray(body) ? body : body.events) as Listed[]).sort((a, b) =>
    a.startDateTime.localeCompare(b.startDateTime),
  );
}

describe('importing a changed calendar file again', () => {
  it('updates the dates in place, keeping their calls, answers and follows; the preview names what a removal takes', async () => {
    const s = await schedulingOrg(ctx);
    expect((await upload(s.agents.owner, importUrl(s.org.id), icsFile(season()))).json()).toMatchObject({
      created: 1,
      skipped: [],
    });
    const first = await listed(s);
    expect(first).toHaveLength(6);
    const jan6 = first[0];
    expect(jan6.startDateTime.slice(0, 16)).toBe('2027-01-06T19:00');
    const calls = `${s.orgBase}/calendar/events/${jan6.id}/calls`;
    expect((await s.agents.owner.put(calls, { userIds: [s.actor.id, s.castB.id] })).statusCode).toBe(200);
    expect((await s.actorAgent.post(`${calls}/respond`, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await s.castBAgent.post(`${s.base}/events/${jan6.id}/follow?strategy=this`)).statusCode).toBe(
      200,
    );

    // The series' time changes: every date is updated where it is.
    const later = season('20');
    const preview = (await upload(s.agents.owner, importUrl(s.org.id, true), icsFile(later))).json();
    expect(preview).toMatchObject({ created: 0, updated: 1, removed: [] });
    expect(preview.items[0]).toMatchObject({ status: 'update', changes: ['time'] });
    const moved = (await upload(s.agents.owner, importUrl(s.org.id), icsFile(later))).json();
    expect(moved).toMatchObject({ created: 0, updated: 1, skipped: [], removed: [] });
    const second = await listed(s);
    expect(second.map((e) => e.id)).toEqual(first.map((e) => e.id));
    expect(second.map((e) => e.startDateTime.slice(11, 16))).toEqual(Array(6).fill('20:00'));
    const answers = (await s.agents.owner.get(calls)).json().calls;
    expect(answers.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ['Ada Person', 'confirmed'],
      ['Bea Cast', 'called'],
    ]);
    const [follow] = await ctx.database.query<{ isFollowing: boolean }>(
      'select is_following as "isFollowing" from calendar_event_followers where event_id = $1 and user_id = $2',
      [jan6.id, s.castB.id],
    );
    expect(follow?.isFollowing).toBe(true);

    // The file drops 6 January: the preview says which calls, answers and follows go with it.
    const dropped = season('20', ['EXDATE;TZID=America/New_York:20270106T200000']);
    const warned = (await upload(s.agents.owner, importUrl(s.org.id, true), icsFile(dropped))).json();
    expect(warned.removed).toEqual([
      {
        uid: 'season-1@example.com',
        summary: 'Rehearsal',
        eventId: jan6.id,
        start: '2027-01-06T20:00',
        calls: [
          { name: 'Ada Person', status: 'confirmed' },
          { name: 'Bea Cast', status: 'called' },
        ],
        followers: ['Bea Cast'],
      },
    ]);
    expect((await listed(s)).map((e) => e.id)).toEqual(first.map((e) => e.id));
    const done = (await upload(s.agents.owner, importUrl(s.org.id), icsFile(dropped))).json();
    expect(done.removed).toEqual(warned.removed);
    expect((await listed(s)).map((e) => e.id)).toEqual(first.slice(1).map((e) => e.id));
  });

  it("books a moved date in its own LOCATION's space and checks that space for clashes", async () => {
    const s = await schedulingOrg(ctx);
    const moved = [
      'BEGIN:VEVENT',
      'UID:season-1@example.com',
      'RECURRENCE-ID;TZID=America/New_York:20270113T190000',
      'SUMMARY:Rehearsal on stage',
      'DTSTART;TZID=America/New_York:20270114T190000',
      'DTEND;TZID=America/New_York:20270114T210000',
      'LOCATION:Main Stage',
      'END:VEVENT',
    ];
    const file = season('19', [], moved);
    const booked = await s.agents.owner.post(
      `${s.base}/events`,
      eventBody(s.people.owner.id, {
        name: 'Tech',
        startDateTime: '2027-01-14T18:00',
        endDateTime: '2027-01-14T20:00',
        spaces: ['Main Stage'],
      }),
    );
    expect(booked.statusCode).toBe(201);
    const preview = (await upload(s.agents.owner, importUrl(s.org.id, true), icsFile(file))).json();
    expect(preview.items[0].clashes).toEqual([
      { start: '2027-01-14T19:00', message: 'Main Stage is booked for Tech, 2027-01-14 18:00–20:00' },
    ]);
    expect(
      (await s.agents.owner.delete(`${s.base}/events/${booked.json().event.id}?strategy=this`)).statusCode,
    ).toBe(200);
    expect((await upload(s.agents.owner, importUrl(s.org.id), icsFile(file))).json()).toMatchObject({
      created: 1,
      skipped: [],
    });
    const onStage = (await listed(s)).filter((e) => e.name === 'Rehearsal on stage');
    expect(onStage.map((e) => [e.startDateTime.slice(0, 16), e.spaces])).toEqual([
      ['2027-01-14T19:00', ['Main Stage']],
    ]);
  });

  it('previews exactly what it imports: a series keeps its free dates and lists the clashing ones', async () => {
    const s = await schedulingOrg(ctx);
    const booked = await s.agents.owner.post(
      `${s.base}/events`,
      eventBody(s.people.owner.id, {
        name: 'Auditions',
        startDateTime: '2027-01-20T18:00',
        endDateTime: '2027-01-20T20:00',
        spaces: ['Annex'],
      }),
    );
    expect(booked.statusCode).toBe(201);
    const clash = {
      start: '2027-01-20T19:00',
      message: 'Annex is booked for Auditions, 2027-01-20 18:00–20:00',
    };
    const preview = (await upload(s.agents.owner, importUrl(s.org.id, true), icsFile(season()))).json();
    expect(preview).toMatchObject({ created: 1, skipped: [] });
    expect(preview.items[0]).toMatchObject({ status: 'create', spaces: ['Annex'], clashes: [clash] });
    expect(preview.items[0].dates).toHaveLength(5);
    const done = (await upload(s.agents.owner, importUrl(s.org.id), icsFile(season()))).json();
    const shape = (r: {
      created: number;
      skipped: unknown[];
      items: { dates: string[]; clashes: unknown[] }[];
    }) => ({
      created: r.created,
      skipped: r.skipped,
      dates: r.items[0].dates,
      clashes: r.items[0].clashes,
    });
    expect(shape(done)).toEqual(shape(preview));
    const rehearsals = (await listed(s)).filter((e) => e.name === 'Rehearsal');
    expect(rehearsals.map((e) => e.startDateTime.slice(0, 16))).toEqual(preview.items[0].dates);
    expect(rehearsals.map((e) => e.startDateTime.slice(0, 10))).not.toContain('2027-01-20');
  });
});
