// Conflicts while booking: the event dialog asks as the form changes, so the check
// must be quick. A 40-person cast, a 12-week rehearsal series three evenings a week (36 dates,
// across the 9 March daylight-saving change) and 200 availability periods (weekly and one-off)
// in the cast, plus calls to other events; its own organization, so other cases do not weigh on it.
import { addDays, parseWallTime } from '../../../src/common/zoned-time';
import { periodBounds } from '../../../src/server/features/scheduling/periods';
import { type BenchContext, benchCases } from '../registry';

const ZONE = 'America/New_York';
const FIRST = '2031-02-24';
const PERIODS = 200;

/** The series' body, starting `day` days after FIRST at `start` (HH:MM) for `minutes`. */
function seriesBody(ctx: BenchContext, day: number, start: string, minutes: number) {
  const startWall = `${addDays(FIRST, day)}T${start}:00`;
  const end = parseWallTime(startWall) + minutes * 60_000;
  return {
    name: 'Spring musical rehearsal',
    spaces: ['Main Stage'],
    eventType: 'rehearsal',
    startDateTime: startWall,
    endDateTime: new Date(end).toISOString().slice(0, 19),
    isRecurring: true,
    recurringPattern: 'weekly',
    recurringWeeklyDays: ['1', '3', '5'],
    recurringEndType: 'count',
    recurringEndCount: 36,
    teamIds: [ctx.values.schedulingTeamId],
    reservedBy: ctx.values.schedulingOwnerId,
  };
}

// The n-th fresh question: a start minute in 16:00–19:59, a first day among the series' first
// four weeks, a length of 2½–4 hours; distinct for every n below 240 · 28 · 90 (604,800), far more
// than a run sends, so no answer is ever asked twice (nor matches the kept line's question).
const MINUTES = 240;
const DAYS = 28;
const LENGTHS = 90;
function freshSeriesBody(ctx: BenchContext, n: number) {
  const minute = 16 * 60 + (n % MINUTES);
  const day = Math.floor(n / MINUTES) % DAYS;
  const length = 150 + (Math.floor(n / (MINUTES * DAYS)) % LENGTHS);
  const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return seriesBody(ctx, day, hhmm, length);
}

// Two lines over the same data. "kept": the dialog's real pattern, asking the same question again
// as unrelated fields change, answered from the per-caller kept answers. "fresh": every request a
// different question, so each one is computed (statements and expansion): the goal must
// hold for this one too.
benchCases.push({
  name: 'conflicts kept (40 people, 36 dates)',
  organization: 'benchsched',
  method: 'POST',
  path: (ctx) => `/api/organizations/${ctx.values.schedulingOrganizationId}/calendar/conflicts`,
  body: (ctx) => seriesBody(ctx, 0, '19:00', 180),
  setup: seedScheduling,
});
benchCases.push({
  name: 'conflicts fresh (40 people, 36 dates)',
  organization: 'benchsched',
  method: 'POST',
  path: (ctx) => `/api/organizations/${ctx.values.schedulingOrganizationId}/calendar/conflicts`,
  freshBody: freshSeriesBody,
  // The kept line's setup seeds the organization when both run; alone, this one does.
  setup: (ctx) => (ctx.values.schedulingOrganizationId ? Promise.resolve() : seedScheduling(ctx)),
});

async function seedScheduling(ctx: BenchContext) {
  const org = await ctx.addOrganization('benchsched', 40);
  const { organizationId, memberIds, ownerId } = org;
  Object.assign(ctx.values, { schedulingOrganizationId: organizationId, schedulingOwnerId: ownerId });
  const [team] = await ctx.database.query<{ id: number }>(
    `insert into teams (organization_id, name, handle) values ($1, 'Spring musical cast', 'bench-cast') returning id`,
    [organizationId],
  );
  ctx.values.schedulingTeamId = team.id;
  await ctx.database.query(
    `insert into team_members (organization_id, team_id, user_id) select $1, $2, m from unnest($3::int[]) as m`,
    [organizationId, team.id, memberIds],
  );
  // Five periods a person: weekly classes and jobs (half of them), one-off evenings and trips.
  const rows = Array.from({ length: PERIODS }, (_, i) => {
    const weekly = i % 2 === 0;
    const day = addDays(FIRST, (i * 7) % 84);
    const hour = 8 + (i % 13);
    const startWall = `${day}T${String(hour).padStart(2, '0')}:00`;
    const endWall = weekly
      ? `${day}T${String(hour + 2).padStart(2, '0')}:30`
      : `${addDays(day, i % 3)}T23:00`;
    const weeklyUntil = weekly ? addDays(day, 7 * (2 + (i % 10))) : null;
    return { userId: memberIds[i % memberIds.length], startWall, endWall, weeklyUntil };
  });
  await insertPeriods(ctx, organizationId, rows);
  // Twenty other events in the same weeks, each with ten of the cast called.
  const events = await ctx.database.query<{ id: number }>(
    `insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time, event_type, reserved_by)
     select $1, 'Other call ' || i, array['Office'], ($2 || ' 18:00 America/New_York')::timestamptz + make_interval(days => i * 4),
       ($2 || ' 21:00 America/New_York')::timestamptz + make_interval(days => i * 4), 'rehearsal', $3
     from generate_series(0, 19) as i returning id`,
    [organizationId, FIRST, ownerId],
  );
  await ctx.database.query(
    `insert into event_calls (organization_id, event_id, user_id)
     select $1, e, ($3::int[])[1 + (e * 7 + k) % array_length($3::int[], 1)]
     from unnest($2::int[]) as e cross join generate_series(0, 9) as k on conflict do nothing`,
    [organizationId, events.map((e) => e.id), memberIds],
  );
  await ctx.database.query('analyze availability_periods, event_calls, calendar_events, team_members');
}

/** Availability periods in one statement, with the bounds the app would store for them. */
export async function insertPeriods(
  ctx: BenchContext,
  organizationId: number,
  periods: { userId: number; startWall: string; endWall: string; weeklyUntil: string | null }[],
) {
  const rows = periods.map(({ userId, startWall, endWall, weeklyUntil }) => {
    const { first, lastEnd } = periodBounds({ startWall, endWall, weeklyUntil, timeZone: ZONE });
    return {
      user_id: userId,
      start_wall: startWall,
      end_wall: endWall,
      s: first.start.toISOString(),
      e: first.end.toISOString(),
      weekly_until: weeklyUntil,
      last_end: lastEnd.toISOString(),
    };
  });
  await ctx.database.query(
    `insert into availability_periods (organization_id, user_id, start_wall, end_wall, start_date_time,
       end_date_time, weekly_until, time_zone, last_end, note)
     select $1, r.user_id, r.start_wall, r.end_wall, r.s, r.e, r.weekly_until, $3, r.last_end, 'Bench period'
     from jsonb_to_recordset($2::jsonb) as r(user_id int, start_wall text, end_wall text, s timestamptz,
       e timestamptz, weekly_until date, last_end timestamptz)`,
    [organizationId, JSON.stringify(rows), ZONE],
  );
}
