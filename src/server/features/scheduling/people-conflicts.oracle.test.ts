// Oracle test: conflicts for random availability (one-off and weekly), calls, the team's own
// other events and random daily/weekly rehearsal series, many crossing a daylight-saving change,
// computed by the product through the API and by an expansion written here from the definitions:
// local dates walked one by one, each wall time turned into an instant by searching Intl for the
// offset that shows it, and overlaps tested pairwise. Nothing of the product's recurrence or time-zone code is reused.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildUser, signedIn } from '../../../../tests/support/factories';
import { dateOf, dayNumber, prng, wallReader } from '../../../../tests/support/oracle';
import { conflictsPerDate } from '../../../common/scheduling';
import { type ConflictReport, conflictReportSchema } from '../../../common/schemas/scheduling';
import { eventBody } from '../calendar/test-helpers';
import { bookEvent, schedulingOrg } from './test-helpers';

const ZONE = 'America/New_York';
const DAY_MS = 86_400_000;
const SEED = Number(process.env.ORACLE_SEED ?? 16_2031);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

// --- the oracle's own calendar arithmetic -------------------------------------------------------
const weekday = (day: number) => new Date(day * DAY_MS).getUTCDay();
const wallOf = wallReader(ZONE);
/** The instant whose wall clock in ZONE reads `wall` (times used here exist exactly once). */
function instantOf(wall: string): number {
  const asUtc = Date.parse(`${wall}:00Z`);
  for (let offset = -14 * 60; offset <= 14 * 60; offset += 15) {
    const t = asUtc - offset * 60_000;
    if (wallOf(t) === wall) return t;
  }
  throw new Error(`no instant shows ${wall}`);
}
const shift = (wall: string, days: number) =>
  `${dateOf(dayNumber(wall.slice(0, 10)) + days)}${wall.slice(10)}`;

interface Interval {
  start: number;
  end: number;
}
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

// --- random inputs ------------------------------------------------------------------------------
// Starting dates a few weeks before the 2031 changes in New York (9 March, 2 November) and elsewhere.
const ANCHORS = ['2031-02-16', '2031-03-02', '2031-10-12', '2031-10-26', '2031-06-01'];

interface PeriodInput {
  userIndex: number;
  startWall: string;
  endWall: string;
  weeklyUntil: string | null;
}

function randomWallSpan(rand: () => number, maxDays: number) {
  const anchor = ANCHORS[Math.floor(rand() * ANCHORS.length)];
  const day = dateOf(dayNumber(anchor) + Math.floor(rand() * 35));
  // Whole quarter hours between 06:00 and 19:00, lasting 30 minutes to 5 hours: never near a
  // change (02:00 here), so every wall time exists exactly once.
  const startMinutes = 6 * 60 + 15 * Math.floor(rand() * 53);
  const length = 30 + 15 * Math.floor(rand() * 19);
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const extraDays = maxDays > 0 && rand() < 0.2 ? 1 + Math.floor(rand() * maxDays) : 0;
  const endMinutes = extraDays ? 6 * 60 + 15 * Math.floor(rand() * 60) : startMinutes + length;
  return {
    startWall: `${day}T${hhmm(startMinutes)}`,
    endWall: `${dateOf(dayNumber(day) + extraDays)}T${hhmm(endMinutes)}`,
  };
}

function randomPeriod(rand: () => number, people: number): PeriodInput {
  const weekly = rand() < 0.6;
  const span = randomWallSpan(rand, weekly ? 0 : 3);
  return {
    userIndex: Math.floor(rand() * people),
    ...span,
    weeklyUntil: weekly ? dateOf(dayNumber(span.startWall.slice(0, 10)) + Math.floor(rand() * 70)) : null,
  };
}

interface SeriesInput {
  startWall: string;
  endWall: string;
  pattern: 'daily' | 'weekly' | null;
  weeklyDays: number[];
  count: number;
}

function randomSeries(rand: () => number): SeriesInput {
  const span = randomWallSpan(rand, 0);
  const r = rand();
  const pattern = r < 0.15 ? null : r < 0.35 ? 'daily' : 'weekly';
  const days = [0, 1, 2, 3, 4, 5, 6].filter(() => rand() < 0.35);
  return {
    ...span,
    pattern,
    weeklyDays: days.length ? days : [weekday(dayNumber(span.startWall.slice(0, 10)))],
    count: 1 + Math.floor(rand() * 14),
  };
}

// --- the oracle ---------------------------------------------------------------------------------
function seriesWalls(s: SeriesInput): [string, string][] {
  if (s.pattern === null) return [[s.startWall, s.endWall]];
  const out: [string, string][] = [];
  for (let k = 0; out.length < s.count; k++) {
    const day = dayNumber(s.startWall.slice(0, 10)) + k;
    if (s.pattern === 'daily' || s.weeklyDays.includes(weekday(day)))
      out.push([shift(s.startWall, k), shift(s.endWall, k)]);
  }
  return out;
}

function periodIntervals(p: PeriodInput): Interval[] {
  const out: Interval[] = [];
  const lastDay = p.weeklyUntil ? dayNumber(p.weeklyUntil) : dayNumber(p.startWall.slice(0, 10));
  for (let k = 0; dayNumber(p.startWall.slice(0, 10)) + 7 * k <= lastDay; k++) {
    out.push({ start: instantOf(shift(p.startWall, 7 * k)), end: instantOf(shift(p.endWall, 7 * k)) });
  }
  return out;
}

describe('conflicts against an independent computation', () => {
  it('agree for random availability, calls and series across daylight-saving changes', async () => {
    const rand = prng(SEED);
    const s = await schedulingOrg(ctx, ZONE);
    // Six more cast members: nine people in the team.
    const cast = [s.actor, s.castB, s.lead];
    for (let i = 0; i < 6; i++) {
      const u = await buildUser(ctx.database, { org: s.org, firstName: `Cast${i}` });
      await ctx.database.query(
        'insert into team_members (organization_id, team_id, user_id) values ($1, $2, $3)',
        [s.org.id, s.teamId, u.id],
      );
      cast.push(u);
    }
    const busy = new Map<number, { interval: Interval; key: string }[]>();
    const mark = (userId: number, interval: Interval, key: string) =>
      busy.set(userId, [...(busy.get(userId) ?? []), { interval, key }]);

    for (let i = 0; i < 40; i++) {
      const p = randomPeriod(rand, cast.length);
      const res = await s.agents.owner.post(`${s.orgBase}/availability`, {
        userId: cast[p.userIndex].id,
        startDateTime: p.startWall,
        endDateTime: p.endWall,
        weeklyUntil: p.weeklyUntil,
      });
      expect(res.statusCode, JSON.stringify(p)).toBe(201);
      for (const interval of periodIntervals(p)) mark(cast[p.userIndex].id, interval, 'unavailable');
    }
    // Other events with calls (one declined call, which is no conflict).
    for (let i = 0; i < 4; i++) {
      const span = randomWallSpan(rand, 0);
      const id = await bookEvent(s, {
        name: `Other ${i}`,
        teamIds: [],
        spaces: ['Office'],
        startDateTime: span.startWall,
        endDateTime: span.endWall,
        overrideConflicts: true,
      });
      const called = cast.filter(() => rand() < 0.4);
      await s.agents.owner.put(`${s.orgBase}/calendar/events/${id}/calls`, {
        userIds: called.map((u) => u.id),
      });
      const interval = { start: instantOf(span.startWall), end: instantOf(span.endWall) };
      for (const u of called) mark(u.id, interval, `called:${id}`);
    }
    const declined = (
      await ctx.database.query<{ eventId: number; userId: number }>(
        `select event_id as "eventId", user_id as "userId" from event_calls where organization_id = $1 limit 1`,
        [s.org.id],
      )
    )[0];
    if (declined) {
      const agentUser = cast.find((u) => u.id === declined.userId)!;
      await (await signedIn(ctx, agentUser, s.org)).post(
        `${s.orgBase}/calendar/events/${declined.eventId}/calls/respond`,
        { status: 'declined' },
      );
      const list = busy.get(declined.userId) ?? [];
      busy.set(
        declined.userId,
        list.filter((b) => b.key !== `called:${declined.eventId}`),
      );
    }

    // The team's own other events: every member is expected there, except one who was called to
    // the first and declined.
    const teamEvents: number[] = [];
    for (let i = 0; i < 3; i++) {
      const span = randomWallSpan(rand, 0);
      const id = await bookEvent(s, {
        name: `Team ${i}`,
        teamIds: [s.teamId],
        spaces: ['Office'],
        startDateTime: span.startWall,
        endDateTime: span.endWall,
        overrideConflicts: true,
      });
      teamEvents.push(id);
      const interval = { start: instantOf(span.startWall), end: instantOf(span.endWall) };
      for (const u of cast) mark(u.id, interval, `called:${id}`);
    }
    const excused = cast[Math.floor(rand() * cast.length)];
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${teamEvents[0]}/calls`, {
      userIds: [excused.id],
    });
    await (await signedIn(ctx, excused, s.org)).post(
      `${s.orgBase}/calendar/events/${teamEvents[0]}/calls/respond`,
      { status: 'declined' },
    );
    busy.set(
      excused.id,
      (busy.get(excused.id) ?? []).filter((b) => b.key !== `called:${teamEvents[0]}`),
    );

    let compared = 0;
    let withConflicts = 0;
    for (let round = 0; round < 25; round++) {
      const series = randomSeries(rand);
      const body = eventBody(s.people.owner.id, {
        teamIds: [s.teamId],
        startDateTime: series.startWall,
        endDateTime: series.endWall,
        ...(series.pattern
          ? {
              isRecurring: true,
              recurringPattern: series.pattern,
              recurringWeeklyDays: series.pattern === 'weekly' ? series.weeklyDays.map(String) : null,
              recurringEndType: 'count',
              recurringEndCount: series.count,
            }
          : {}),
      });
      const res = await s.agents.owner.post(`${s.orgBase}/calendar/conflicts`, body);
      expect(res.statusCode, JSON.stringify(series)).toBe(200);
      const report: ConflictReport = res.json();
      expect(conflictReportSchema.strict().parse(report)).toEqual(report);
      const walls = seriesWalls(series);
      const expected = walls.map(([startWall, endWall]) => {
        const occurrence = { start: instantOf(startWall), end: instantOf(endWall) };
        const found: string[] = [];
        for (const u of cast)
          for (const b of busy.get(u.id) ?? [])
            if (overlaps(b.interval, occurrence)) found.push(`${u.id}:${b.key}`);
        return { start: occurrence.start, end: occurrence.end, found: found.sort() };
      });
      const actual = conflictsPerDate(report).map((o) => ({
        start: Date.parse(o.startDateTime),
        end: Date.parse(o.endDateTime),
        found: o.conflicts
          .map((c) => `${c.userId}:${c.reason === 'called' ? `called:${c.eventId}` : 'unavailable'}`)
          .sort(),
      }));
      expect(actual, `seed ${SEED}, round ${round}: ${JSON.stringify(series)}`).toEqual(expected);
      // Wall clock kept across the change: each start reads the chosen time in the zone.
      for (const o of report.occurrences)
        expect(o.startDateTime.slice(11, 16)).toBe(series.startWall.slice(11, 16));
      const people = new Set(expected.flatMap((e) => e.found.map((f) => f.split(':')[0])));
      expect(report.peopleWithConflicts).toBe(people.size);
      expect(report.occurrencesWithConflicts).toBe(expected.filter((e) => e.found.length > 0).length);
      expect(report.peopleCount).toBe(cast.length);
      compared += expected.length;
      withConflicts += expected.filter((e) => e.found.length > 0).length;
    }
    // The random data must exercise both outcomes, or the comparison proves little.
    expect(compared).toBeGreaterThan(60);
    expect(withConflicts).toBeGreaterThan(5);
    expect(compared - withConflicts).toBeGreaterThan(5);
    if (process.env.ORACLE_SEED) console.info({ seed: SEED, compared, withConflicts });
  });
});
