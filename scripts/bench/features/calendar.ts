// The calendar's hot read: an ordinary month (120 events, its own organization) and a month with 2,000 occurrences (three spaces, shows, classes and
// rehearsals, teams, follow records), read as the month view reads it. Also times the expansion
// of a daily series over ten years, the heaviest work one series can ask of the server.
import { performance } from 'node:perf_hooks';
import { completeRule } from '../../../src/common/recurrence';
import {
  occurrencesBetween,
  type StoredRule,
} from '../../../src/server/features/calendar/series/occurrences';
import { type BenchContext, type BenchOrganization, benchCases } from '../registry';

const OCCURRENCES = 2_000;
const MONTH = { from: '2031-03-01', to: '2031-03-31' };

function timeTenYearDailyExpansion() {
  const rule: StoredRule = {
    ...completeRule({
      start: '2031-01-01T19:00',
      pattern: 'daily',
      interval: 1,
      weeklyDays: [],
      monthlyWeek: null,
      monthlyWeekday: null,
      endType: 'never',
      endDate: null,
      endCount: null,
    }),
    version: 1,
    timeZone: 'America/New_York',
    durationMinutes: 120,
    exdates: [],
    template: {} as StoredRule['template'],
  };
  const until = Date.parse('2041-01-01T00:00:00Z');
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    count = occurrencesBetween(rule, null, until).length;
    times.push(performance.now() - t0);
  }
  const [first] = times;
  const sorted = times.slice(1).sort((a, b) => a - b);
  console.log(
    `calendar: daily series for 10 years → ${count.toLocaleString('en-US')} occurrences expanded in ` +
      `${first.toFixed(1)} ms cold, ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms warm (median of 6)`,
  );
}

/**
 * `count` occurrences spread over the days and hours of `month` (e.g. '2031-03'), a third of
 * them in weekly series, shows and rehearsals with teams, some with explicit follow records of
 * `followerId`: the month view's shape at any size.
 */
export async function seedCalendarMonth(
  database: BenchContext['database'],
  org: BenchOrganization,
  month: string,
  count: number,
  followerId = org.ownerId,
) {
  const { organizationId, memberIds } = org;
  const teams = await database.query<{ id: number }>(
    `insert into teams (organization_id, name, handle)
     select $1, 'Calendar company ' || t, 'bench-cal-' || $2 || '-' || t from generate_series(1, 6) as t
     returning id`,
    [organizationId, month],
  );
  await database.query(
    `insert into team_members (organization_id, team_id, user_id)
     select $1, t.id, m.id from unnest($2::int[]) as t(id) cross join unnest($3::int[]) as m(id)
     where (t.id + m.id) % 3 = 0 on conflict do nothing`,
    [organizationId, teams.map((t) => t.id), memberIds],
  );
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const events = await database.query<{ id: number; eventType: string }>(
    `with s as (
       insert into calendar_event_series (organization_id, rule, materialized_until)
       select $1, '{"bench": true}'::jsonb, null from generate_series(1, 20) returning id)
     insert into calendar_events (organization_id, series_id, name, description, spaces, start_date_time,
       end_date_time, event_type, is_recurring, recurring_pattern, recurring_interval, reserved_by, instructor_id)
     select $1,
       case when i % 3 = 0 then (select id from s order by id offset (i % 20) limit 1) end,
       (array['Rehearsal','Hamlet','Acting class','Voice lesson','Set build'])[1 + i % 5] || ' ' || (i % 40),
       'Bench occurrence ' || i,
       array[(array['Main Stage','Office','Annex'])[1 + i % 3]],
       ($4 || '-01 08:00 America/New_York')::timestamptz + make_interval(days => i % $5::int, mins => 30 * (i % 28)),
       ($4 || '-01 10:00 America/New_York')::timestamptz + make_interval(days => i % $5::int, mins => 30 * (i % 28)),
       (array['rehearsal','show','class','class','other'])[1 + i % 5],
       i % 3 = 0, case when i % 3 = 0 then 'weekly' end, 1,
       ($2::int[])[1 + i % array_length($2::int[], 1)],
       case when i % 5 in (2, 3) then ($2::int[])[1 + (i * 7) % array_length($2::int[], 1)] end
     from generate_series(1, $3::int) as i
     returning id, event_type as "eventType"`,
    [organizationId, memberIds, count, month, days],
  );
  const teamEvents = events
    .filter((e) => e.eventType === 'show' || e.eventType === 'rehearsal')
    .map((e) => e.id);
  await database.query(
    `insert into calendar_event_teams (organization_id, event_id, team_id)
     select $1, e.id, ($3::int[])[1 + e.id % array_length($3::int[], 1)] from unnest($2::int[]) as e(id)`,
    [organizationId, teamEvents, teams.map((t) => t.id)],
  );
  await database.query(
    `insert into calendar_event_followers (organization_id, event_id, user_id, is_following)
     select $1, e.id, $2, e.id % 2 = 0 from unnest($3::int[]) as e(id) where e.id % 7 = 0`,
    [organizationId, followerId, events.map((e) => e.id)],
  );
  // What autovacuum does after a bulk load, so the planner sees the real row counts.
  await database.query(
    'analyze calendar_events, calendar_event_teams, calendar_event_followers, team_members, teams',
  );
}

const monthPath = (organizationId: number | string) =>
  `/api/organizations/${organizationId}/calendar/events?from=${MONTH.from}&to=${MONTH.to}`;

benchCases.push(
  {
    name: 'calendar month (2,000 occurrences)',
    path: (ctx) => monthPath(ctx.organizationId),
    uncompressed: true,
    async setup(ctx) {
      timeTenYearDailyExpansion();
      await seedCalendarMonth(ctx.database, ctx, MONTH.from.slice(0, 7), OCCURRENCES);
    },
  },
  // The month the brief sizes the target for: a company's ordinary month, alone in its
  // organization so the big calendar above does not weigh on it.
  {
    name: 'calendar month (120 events)',
    organization: 'benchcal',
    path: (ctx) => monthPath(ctx.values.calendarOrganizationId),
    target: { rps: 1600 },
    async setup(ctx) {
      const org = await ctx.addOrganization('benchcal');
      ctx.values.calendarOrganizationId = org.organizationId;
      await seedCalendarMonth(ctx.database, org, MONTH.from.slice(0, 7), 120);
    },
  },
);
