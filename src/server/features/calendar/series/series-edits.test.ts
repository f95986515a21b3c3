// Editing a series keeps the series: a date change moves the affected
// dates by the same number of days (weekly days shift with it), a count-ended series keeps its
// total across a "this and following" split, "all dates" of a split series means every part, and
// an occurrence id keeps meaning its date. Expected dates come from a day-walking expansion
// written here, not from the product's rule code.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../../tests/support/factories';
import { calendarOrg, eventBody } from '../test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Weekly on `weekdays` (0 = Sunday) from `start`, `count` dates: walk the days one by one. */
function weeklyDates(start: string, weekdays: number[], count: number): string[] {
  const out: string[] = [];
  for (let day = dayNumber(start); out.length < count; day++) {
    if (weekdays.includes(new Date(day * DAY_MS).getUTCDay())) out.push(dateOf(day));
  }
  return out;
}
const shift = (dates: string[], days: number) => dates.map((d) => dateOf(dayNumber(d) + days));

type Ev = {
  id: number;
  seriesId: number | null;
  name: string;
  startDateTime: string;
  endDateTime: string;
  recurringWeeklyDays: string[] | null;
  recurringEndCount: number | null;
};

/** Each date's own view: how many dates remain from it (the list leaves this out). */
const remaining = async (agent: Agent, base: string, events: Ev[]) =>
  Promise.all(
    events.map(async (e) => (await agent.get(`${base}/events/${e.id}`)).json().recurringRemainingCount),
  );

async function list(agent: Agent, base: string): Promise<Ev[]> {
  const res = await agent.get(`${base}/events?from=2031-01-01&to=2031-12-31`);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const datesOf = (events: Ev[]) => events.map((e) => e.startDateTime.slice(0, 10));
const byId = (events: Ev[]) => new Map(events.map((e) => [e.id, e.startDateTime.slice(0, 10)]));

/** Tuesdays and Thursdays from Tuesday 4 March 2031, six dates. */
const tueThu = (reservedBy: number) =>
  eventBody(reservedBy, {
    isRecurring: true,
    recurringPattern: 'weekly',
    recurringWeeklyDays: ['2', '4'],
    recurringEndType: 'count',
    recurringEndCount: 6,
  });

/** What the web form sends back for an event: every field as shown, with some changed. */
async function formBody(agent: Agent, base: string, id: number, changes: Record<string, unknown>) {
  const e = (await agent.get(`${base}/events/${id}`)).json();
  return {
    name: e.name,
    description: e.description,
    spaces: e.spaces,
    startDateTime: e.startDateTime.slice(0, 16),
    endDateTime: e.endDateTime.slice(0, 16),
    eventType: e.eventType,
    isRecurring: e.isRecurring,
    recurringPattern: e.recurringPattern,
    recurringInterval: e.recurringInterval,
    recurringWeeklyDays: e.recurringWeeklyDays,
    recurringEndType: e.recurringEndType,
    recurringEnd: e.recurringEnd,
    recurringEndCount: e.recurringEndCount,
    reservedBy: e.reservedBy.id,
    teamIds: e.teams.map((t: { id: number }) => t.id),
    ...changes,
  };
}

describe('editing a series keeps the series', () => {
  it('says how many dates remain from each occurrence of a count-ended series', async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const events = await list(c.actorAgent, c.base);
    expect(datesOf(events)).toEqual(weeklyDates('2031-03-04', [2, 4], 6));
    expect(await remaining(c.actorAgent, c.base, events)).toEqual([6, 5, 4, 3, 2, 1]);
    const one = (await c.actorAgent.get(`${c.base}/events/${events[2].id}`)).json();
    expect(one).toMatchObject({ recurringEndCount: 6, recurringRemainingCount: 4 });
  });

  it("'this and following' to another weekday shifts the following weekdays and keeps the chosen date", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    // The third date (Tuesday 11 March) moves to Wednesday 12 March; the form's weekday boxes are
    // left as they were, and its count is the remaining one.
    const res = await c.actorAgent.patch(
      `${c.base}/events/${before[2].id}?strategy=future`,
      await formBody(c.actorAgent, c.base, before[2].id, {
        startDateTime: '2031-03-12T19:00',
        endDateTime: '2031-03-12T22:00',
        recurringEndCount: 4,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event).toMatchObject({ id: before[2].id, recurringWeeklyDays: ['3', '5'] });
    const after = await list(c.actorAgent, c.base);
    expect(datesOf(after)).toEqual([
      ...weeklyDates('2031-03-04', [2, 4], 2),
      ...weeklyDates('2031-03-12', [3, 5], 4),
    ]);
    // Every id that survives still means its own date, moved by the same day.
    const moved = byId(after);
    for (const e of before.slice(2)) expect(moved.get(e.id), String(e.id)).toBe(shift(datesOf([e]), 1)[0]);
    expect(after.slice(0, 2).map((e) => e.id)).toEqual(before.slice(0, 2).map((e) => e.id));
  });

  it("'this and following' keeps the total count of a count-ended series, whatever changes", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    // Only the time changes; the body does not mention the count.
    const res = await c.actorAgent.patch(`${c.base}/events/${before[3].id}?strategy=future`, {
      startDateTime: '2031-03-13T18:30',
      endDateTime: '2031-03-13T21:30',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await list(c.actorAgent, c.base);
    expect(after).toHaveLength(6);
    expect(datesOf(after)).toEqual(datesOf(before));
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(after.map((e) => e.startDateTime.slice(11, 16))).toEqual([
      '19:00',
      '19:00',
      '19:00',
      '18:30',
      '18:30',
      '18:30',
    ]);
    // The second part counts what is left of the six; the first part still says six in all.
    expect(await remaining(c.actorAgent, c.base, after)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(new Set(after.map((e) => e.recurringEndCount))).toEqual(new Set([6]));
    // The form sends the remaining count it showed: still six dates.
    const again = await c.actorAgent.patch(
      `${c.base}/events/${after[4].id}?strategy=future`,
      await formBody(c.actorAgent, c.base, after[4].id, { name: 'Tech', recurringEndCount: 2 }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const third = await list(c.actorAgent, c.base);
    expect(third.map((e) => e.name)).toEqual([
      'Rehearsal',
      'Rehearsal',
      'Rehearsal',
      'Rehearsal',
      'Tech',
      'Tech',
    ]);
    expect(third.map((e) => e.id)).toEqual(before.map((e) => e.id));
  });

  it("'all dates' with a date change moves every date by the same number of days and keeps each id's date", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    // Thursday 13 March → Friday 14 March, weekday boxes untouched: Tue/Thu becomes Wed/Fri.
    const res = await c.actorAgent.patch(
      `${c.base}/events/${before[3].id}?strategy=series`,
      await formBody(c.actorAgent, c.base, before[3].id, {
        startDateTime: '2031-03-14T19:30',
        endDateTime: '2031-03-14T22:30',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updatedCount: 6, createdCount: 0, deletedCount: 0 });
    const after = await list(c.actorAgent, c.base);
    expect(datesOf(after)).toEqual(weeklyDates('2031-03-05', [3, 5], 6));
    expect(datesOf(after)).toEqual(shift(datesOf(before), 1));
    const moved = byId(after);
    for (const e of before) expect(moved.get(e.id)).toBe(shift(datesOf([e]), 1)[0]);
    expect(new Set(after.map((e) => e.startDateTime.slice(11, 16)))).toEqual(new Set(['19:30']));
  });

  it("treats a split series as one for 'all dates': edit, unfollow and delete reach every part", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    await c.actorAgent.patch(`${c.base}/events/${before[2].id}?strategy=future`, { name: 'Second half' });
    const split = await list(c.actorAgent, c.base);
    expect(new Set(split.map((e) => e.seriesId)).size).toBe(2);

    // Edit from the first part: every part renamed and moved a day later. The form has moved
    // its weekday boxes with the date, as it does.
    const edit = await c.actorAgent.patch(
      `${c.base}/events/${split[0].id}?strategy=series`,
      await formBody(c.actorAgent, c.base, split[0].id, {
        name: 'Whole run',
        startDateTime: '2031-03-05T19:00',
        endDateTime: '2031-03-05T22:00',
        recurringWeeklyDays: ['3', '5'],
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ updatedCount: 6, createdCount: 0, deletedCount: 0 });
    const edited = await list(c.actorAgent, c.base);
    expect(edited.map((e) => e.name)).toEqual(Array(6).fill('Whole run'));
    expect(datesOf(edited)).toEqual(shift(datesOf(before), 1));
    expect(edited.map((e) => e.id)).toEqual(before.map((e) => e.id));

    // Unfollow all dates from the second part: all six, and the toast's count says so.
    const unfollow = await c.actorAgent.delete(`${c.base}/events/${edited[5].id}/follow?strategy=series`);
    expect(unfollow.statusCode, unfollow.body).toBe(200);
    expect(unfollow.json()).toMatchObject({ unfollowedCount: 6 });
    const follow = await c.actorAgent.post(`${c.base}/events/${edited[0].id}/follow?strategy=series`);
    expect(follow.json()).toMatchObject({ followedCount: 6 });

    // Delete all dates from the second part: every part, and no series left behind.
    const gone = await c.actorAgent.delete(`${c.base}/events/${edited[4].id}?strategy=series`);
    expect(gone.json()).toEqual({ deletedCount: 6 });
    expect(await list(c.actorAgent, c.base)).toEqual([]);
    const series = await ctx.database.query(
      'select id from calendar_event_series where organization_id = $1',
      [c.org.id],
    );
    expect(series).toEqual([]);
  });

  it("'all dates' with a new pattern on a split series makes it one series again, keeping its total", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    await c.actorAgent.patch(`${c.base}/events/${before[2].id}?strategy=future`, { name: 'Second half' });
    const res = await c.actorAgent.patch(`${c.base}/events/${before[4].id}?strategy=series`, {
      name: 'Mondays',
      startDateTime: '2031-03-17T19:00',
      endDateTime: '2031-03-17T22:00',
      recurringWeeklyDays: ['1'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await list(c.actorAgent, c.base);
    // The first date moved back a day like the edited one (Tuesday 18 → Monday 17 March).
    expect(datesOf(after)).toEqual(weeklyDates('2031-03-03', [1], 6));
    expect(new Set(after.map((e) => e.seriesId)).size).toBe(1);
    expect(new Set(after.map((e) => e.name))).toEqual(new Set(['Mondays']));
    expect(after.find((e) => e.startDateTime.startsWith('2031-03-17'))?.id).toBe(before[4].id);
  });

  it("'this and following' again from the first date of a later part leaves no empty part behind", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    await c.actorAgent.patch(`${c.base}/events/${before[2].id}?strategy=future`, { name: 'Second half' });
    const again = await c.actorAgent.patch(`${c.base}/events/${before[2].id}?strategy=future`, {
      name: 'Later',
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = await list(c.actorAgent, c.base);
    expect(after.map((e) => e.name)).toEqual(['Rehearsal', 'Rehearsal', 'Later', 'Later', 'Later', 'Later']);
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    const series = await ctx.database.query(
      'select id from calendar_event_series where organization_id = $1',
      [c.org.id],
    );
    expect(series).toHaveLength(2);
    expect(new Set(after.map((e) => e.recurringEndCount))).toEqual(new Set([6]));
  });

  it("'this and following' from an earlier part reaches the later parts too", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    await c.actorAgent.patch(`${c.base}/events/${before[4].id}?strategy=future`, { name: 'Last two' });
    const unfollow = await c.actorAgent.delete(`${c.base}/events/${before[2].id}/follow?strategy=future`);
    expect(unfollow.json()).toMatchObject({ unfollowedCount: 4 });
    const gone = await c.actorAgent.delete(`${c.base}/events/${before[2].id}?strategy=future`);
    expect(gone.json()).toEqual({ deletedCount: 4 });
    expect((await list(c.actorAgent, c.base)).map((e) => e.id)).toEqual(before.slice(0, 2).map((e) => e.id));
  });
});

describe('a date edited on its own, and a split series, stay part of the whole series', () => {
  it("'all dates' moved a day later moves a date edited on its own too, keeping its own changes", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    // Tuesday 11 March gets its own name and time; Thursday 13 March only its own time.
    const own = await c.actorAgent.patch(`${c.base}/events/${before[2].id}?strategy=this`, {
      name: 'Costume fitting',
      startDateTime: '2031-03-11T18:00',
      endDateTime: '2031-03-11T20:00',
    });
    expect(own.statusCode, own.body).toBe(200);
    const later = await c.actorAgent.patch(`${c.base}/events/${before[3].id}?strategy=this`, {
      startDateTime: '2031-03-13T18:30',
      endDateTime: '2031-03-13T21:30',
    });
    expect(later.statusCode, later.body).toBe(200);

    // The whole series one day later and renamed, as the form sends it (weekday boxes moved).
    const res = await c.actorAgent.patch(
      `${c.base}/events/${before[0].id}?strategy=series`,
      await formBody(c.actorAgent, c.base, before[0].id, {
        name: 'Whole run',
        startDateTime: '2031-03-05T19:00',
        endDateTime: '2031-03-05T22:00',
        recurringWeeklyDays: ['3', '5'],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await list(c.actorAgent, c.base);
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(datesOf(after)).toEqual(shift(datesOf(before), 1));
    expect(after.map((e) => [e.name, e.startDateTime.slice(11, 16), e.endDateTime.slice(11, 16)])).toEqual([
      ['Whole run', '19:00', '22:00'],
      ['Whole run', '19:00', '22:00'],
      ['Costume fitting', '18:00', '20:00'],
      ['Whole run', '18:30', '21:30'],
      ['Whole run', '19:00', '22:00'],
      ['Whole run', '19:00', '22:00'],
    ]);
    // Nothing is made again on the dates the edited ones left.
    const again = await c.actorAgent.get(`${c.base}/events/${before[2].id}`);
    expect(again.json()).toMatchObject({ isException: true, recurringWeeklyDays: ['3', '5'] });
  });

  it("'all dates' of a split series shown with the whole series' end keeps each part's times", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, {
        isRecurring: true,
        recurringPattern: 'weekly',
        recurringWeeklyDays: ['2', '4'],
        recurringEndType: 'date',
        recurringEnd: '2031-03-20',
      }),
    );
    const before = await list(c.actorAgent, c.base);
    expect(datesOf(before)).toEqual(weeklyDates('2031-03-04', [2, 4], 6));
    const split = await c.actorAgent.patch(`${c.base}/events/${before[3].id}?strategy=future`, {
      startDateTime: '2031-03-13T18:30',
      endDateTime: '2031-03-13T21:30',
    });
    expect(split.statusCode, split.body).toBe(200);

    // The first date's own view: its part ends on 12 March, the whole series on 20 March.
    const first = (await c.actorAgent.get(`${c.base}/events/${before[0].id}`)).json();
    expect(first).toMatchObject({
      recurringEnd: '2031-03-12',
      wholeSeries: {
        start: '2031-03-04T19:00',
        pattern: 'weekly',
        weeklyDays: [2, 4],
        endType: 'date',
        endDate: '2031-03-20',
        endCount: null,
        splits: [{ date: '2031-03-13', changes: ['times'] }],
      },
    });
    // A one-off event and an unsplit series answer no splits.
    const last = (await c.actorAgent.get(`${c.base}/events/${before[5].id}`)).json();
    expect(last.wholeSeries).toMatchObject({ endDate: '2031-03-20', splits: [{ date: '2031-03-13' }] });

    // "All dates" renamed, the form showing the whole series' end: every date stays, each part's time too.
    const res = await c.actorAgent.patch(
      `${c.base}/events/${before[0].id}?strategy=series`,
      await formBody(c.actorAgent, c.base, before[0].id, { name: 'Whole run', recurringEnd: '2031-03-20' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await list(c.actorAgent, c.base);
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(after.map((e) => [e.name, e.startDateTime.slice(0, 16)])).toEqual([
      ['Whole run', '2031-03-04T19:00'],
      ['Whole run', '2031-03-06T19:00'],
      ['Whole run', '2031-03-11T19:00'],
      ['Whole run', '2031-03-13T18:30'],
      ['Whole run', '2031-03-18T18:30'],
      ['Whole run', '2031-03-20T18:30'],
    ]);

    // "This and following" from the first part reaches the end of the whole series too.
    const future = await c.actorAgent.patch(`${c.base}/events/${before[1].id}?strategy=future`, {
      name: 'Tech week',
      recurringEnd: '2031-03-20',
    });
    expect(future.statusCode, future.body).toBe(200);
    expect(datesOf(await list(c.actorAgent, c.base))).toEqual(datesOf(before));
  });

  it('a one-off event and a series never split have no splits to tell', async () => {
    const c = await calendarOrg(ctx);
    const created = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, {
        spaces: ['Annex'],
        startDateTime: '2031-03-03T10:00',
        endDateTime: '2031-03-03T11:00',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const one = created.json().event;
    expect((await c.actorAgent.get(`${c.base}/events/${one.id}`)).json().wholeSeries).toBeNull();
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const series = (await list(c.actorAgent, c.base)).filter((e) => e.seriesId !== null);
    const view = (await c.actorAgent.get(`${c.base}/events/${series[2].id}`)).json();
    expect(view.wholeSeries).toEqual({
      start: '2031-03-04T19:00',
      pattern: 'weekly',
      interval: 1,
      weeklyDays: [2, 4],
      monthlyWeek: null,
      monthlyWeekday: null,
      endType: 'count',
      endDate: null,
      endCount: 6,
      splits: [],
    });
  });

  it("'this and following' moved a day later takes a later date edited on its own along, with its own teams", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, { ...tueThu(c.actor.id), teamIds: [c.teamId] });
    const before = await list(c.actorAgent, c.base);
    // Thursday 13 March leaves the team out; the rest of the series keeps it.
    const own = await c.actorAgent.patch(`${c.base}/events/${before[3].id}?strategy=this`, { teamIds: [] });
    expect(own.statusCode, own.body).toBe(200);
    const res = await c.actorAgent.patch(
      `${c.base}/events/${before[2].id}?strategy=future`,
      await formBody(c.actorAgent, c.base, before[2].id, {
        name: 'Tech week',
        startDateTime: '2031-03-12T19:00',
        endDateTime: '2031-03-12T22:00',
        // The form shows the dates left from this one.
        recurringEndCount: 4,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await list(c.actorAgent, c.base);
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(datesOf(after)).toEqual([...datesOf(before.slice(0, 2)), ...shift(datesOf(before.slice(2)), 1)]);
    expect(after.map((e) => e.name)).toEqual([
      'Rehearsal',
      'Rehearsal',
      'Tech week',
      'Tech week',
      'Tech week',
      'Tech week',
    ]);
    const teams = await Promise.all(
      after.map(async (e) => (await c.actorAgent.get(`${c.base}/events/${e.id}`)).json().teams.length),
    );
    expect(teams).toEqual([1, 1, 1, 0, 1, 1]);
  });

  it('refuses a move that would put a date edited on its own over another booking, changing nothing', async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    await c.actorAgent.patch(`${c.base}/events/${before[2].id}?strategy=this`, {
      startDateTime: '2031-03-11T08:00',
      endDateTime: '2031-03-11T09:00',
    });
    // Wednesday 12 March at 08:00 is taken: the edited date would land on it.
    const taken = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, {
        name: 'Load-in',
        startDateTime: '2031-03-12T08:00',
        endDateTime: '2031-03-12T09:00',
      }),
    );
    expect(taken.statusCode, taken.body).toBe(201);
    const res = await c.actorAgent.patch(`${c.base}/events/${before[0].id}?strategy=series`, {
      startDateTime: '2031-03-05T19:00',
      endDateTime: '2031-03-05T22:00',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().data.conflicts.map((x: { name: string }) => x.name)).toEqual(['Load-in']);
    const after = (await list(c.actorAgent, c.base)).filter((e) => e.seriesId !== null);
    expect(datesOf(after)).toEqual(datesOf(before));
  });

  it("an event's own read answers 401 signed out, 404 for another organization and 400 for a bad id", async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, tueThu(c.actor.id))).json();
    const url = `${c.base}/events/${event.id}`;
    expect((await new Agent(ctx.app, c.org.host).get(url)).statusCode).toBe(401);
    const other = await buildOrg(ctx.database);
    const stranger = await buildUser(ctx.database, { org: other, role: 'owner' });
    const agent = await signedIn(ctx, stranger, other);
    expect((await agent.get(url)).statusCode).toBe(404);
    // Through the stranger's own organization the event is not found either.
    expect((await agent.get(`/api/organizations/${other.id}/calendar/events/${event.id}`)).statusCode).toBe(
      404,
    );
    expect((await c.actorAgent.get(`${c.base}/events/abc`)).statusCode).toBe(400);
  });
});
