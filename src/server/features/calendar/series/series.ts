// Occurrence rows of a series: written in bulk, kept in step with the rule when it changes, and
// materialised to a rolling horizon that grows on demand, so no request expands without bound.
import { completeRule, wallMinutesBetween } from '../../../../common/recurrence';
import type { EventInput } from '../../../../common/schemas/calendar';
import { wallTimeToInstant } from '../../../../common/zoned-time';
import { type Database, readTogether } from '../../../db/client';
import {
  type Occurrence,
  occurrencesBetween,
  ruleEndFloating,
  type SeriesTemplate,
  type StoredRule,
} from './occurrences';
import { CONFLICTS_COLUMN, conflictsCte, FoldedCheck } from '../conflicts/conflicts';
import { calendarTransaction, EVENTS_WRITTEN, type Runner, spansJson } from '../sql';
import { floatingToInstant } from '../../../../common/zoned-time';

const DAY_MS = 86_400_000;
/** A new or edited series is written this far past today (or past its start, if later). */
export const INITIAL_HORIZON_DAYS = 400;
/** When a request looks past the horizon, it grows to the request's end plus this much. */
export const EXTEND_SLACK_DAYS = 60;
/** Never further than this ahead of today, however far a request looks. */
export const MAX_HORIZON_DAYS = 3660;

export function ruleFromInput(input: EventInput, timeZone: string, exdates: string[] = []): StoredRule {
  const rule: StoredRule = {
    version: 1,
    timeZone,
    start: input.startDateTime,
    durationMinutes: wallMinutesBetween(input.startDateTime, input.endDateTime),
    pattern: input.recurringPattern ?? 'weekly',
    interval: input.recurringInterval,
    weeklyDays: input.recurringWeeklyDays.map(Number),
    monthlyWeek: input.recurringMonthlyWeek,
    monthlyWeekday: input.recurringMonthlyWeekday,
    endType: input.recurringEndType,
    endDate: input.recurringEndType === 'date' ? input.recurringEnd : null,
    endCount: input.recurringEndType === 'count' ? input.recurringEndCount : null,
    exdates,
    template: templateFromInput(input, false),
  };
  return { ...rule, ...completeRule(rule) };
}

export function templateFromInput(
  input: EventInput,
  conflictOverride: boolean,
  isPublic = input.isPublic ?? true,
): SeriesTemplate {
  return {
    isPublic,
    name: input.name,
    description: input.description,
    spaces: input.spaces,
    eventType: input.eventType,
    eventUrl: input.eventUrl,
    instructorId: input.instructorId,
    reservedBy: input.reservedBy,
    teamIds: input.teamIds,
    conflictOverride,
  };
}

/** Where a series' rows should reach now: its horizon, or null once every occurrence exists. */
export function horizonFor(rule: StoredRule, atLeast = 0): number | null {
  const startInstant = wallTimeToInstant(rule.start, rule.timeZone).getTime();
  const horizon = Math.max(Date.now(), startInstant) + INITIAL_HORIZON_DAYS * DAY_MS;
  const end = ruleEndFloating(rule);
  const endInstant = end === null ? null : floatingToInstant(end, rule.timeZone);
  const target = Math.max(horizon, atLeast);
  return endInstant !== null && endInstant <= target ? null : target;
}

/** Occurrences a (new or changed) rule has up to its horizon. */
export function plannedOccurrences(
  rule: StoredRule,
  atLeast = 0,
): { occurrences: Occurrence[]; until: number | null } {
  const until = horizonFor(rule, atLeast);
  const stop = until ?? floatingToInstant(ruleEndFloating(rule)!, rule.timeZone);
  return { occurrences: occurrencesBetween(rule, null, stop), until };
}

/** The columns every row of a series repeats, so a single row reads as the spec's event. */
export function recurrenceColumns(rule: StoredRule | null): unknown[] {
  if (!rule) return [false, null, 1, null, null, null, null, null, null];
  return [
    true,
    rule.pattern,
    rule.interval,
    rule.endDate ? wallTimeToInstant(`${rule.endDate}T00:00`, rule.timeZone) : null,
    rule.pattern === 'weekly' ? rule.weeklyDays.map(String) : null,
    rule.monthlyWeek,
    rule.monthlyWeekday,
    rule.endType,
    rule.endCount,
  ];
}

/** A new series' row, as a CTE the occurrences' insert takes its id from. */
const NEW_SERIES = `series as (
  insert into calendar_event_series (organization_id, rule, materialized_until) values ($1, $24::jsonb, $25)
  returning id),`;

// Both inserts end with the conflict check's parameters (FoldedCheck): $24 on, or $26 on after a new series' two.
const insertSql = (series: 'param' | 'new') => {
  const seriesId = series === 'new' ? 'coalesce($2::int, (select id from series))' : '$2::int';
  return `
with ${conflictsCte(series === 'new' ? 26 : 24)}, ${series === 'new' ? NEW_SERIES : ''} ins as (
  insert into calendar_events (organization_id, series_id, name, description, spaces, event_type, event_url,
    instructor_id, reserved_by, conflict_override, is_public, is_exception,
    is_recurring, recurring_pattern, recurring_interval, recurring_end, recurring_weekly_days,
    recurring_monthly_week, recurring_monthly_weekday, recurring_end_type, recurring_end_count,
    start_date_time, end_date_time)
  select $1::int, ${seriesId}, $3::text, $4::text, $5::text[], $6::text, $7::text, $8::int, $9::int, $10::boolean,
    $11::boolean, $12::boolean, $13::boolean, $14::text, $15::int, $16::timestamptz, $17::text[], $18::int,
    $19::int, $20::text, $21::int, x.s, x.e
  from jsonb_to_recordset($22::jsonb) as x(s timestamptz, e timestamptz)
  returning id, start_date_time
), links as (
  insert into calendar_event_teams (organization_id, event_id, team_id)
  select $1::int, ins.id, t.team_id from ins cross join unnest($23::int[]) as t(team_id)
)
select id${series === 'new' ? ', (select id from series) as "seriesId"' : ''}, ${CONFLICTS_COLUMN}
from ins order by start_date_time, id`;
};
const INSERT = insertSql('param');
const INSERT_WITH_SERIES = insertSql('new');

export async function insertOccurrences(
  q: Runner,
  organizationId: number,
  seriesId: number | null,
  template: SeriesTemplate,
  rule: StoredRule | null,
  spans: { start: Date; end: Date }[],
  isException = false,
  check = FoldedCheck.none(organizationId),
): Promise<number[]> {
  if (spans.length === 0) return [];
  const rows = await check.guard(
    q.query<{ id: number }>(INSERT, [
      ...occurrenceParams(organizationId, seriesId, template, isException, rule, spans),
      ...check.params,
    ]),
  );
  return rows.map((r) => r.id);
}

/**
 * A new series and its first occurrences in one statement (a new booking's series): returns the
 * series' id and the rows' ids, earliest first. `spans` must not be empty.
 */
export async function insertSeriesWithOccurrences(
  q: Runner,
  organizationId: number,
  template: SeriesTemplate,
  rule: StoredRule,
  until: number | null,
  spans: { start: Date; end: Date }[],
  check = FoldedCheck.none(organizationId),
) {
  const rows = await check.guard(
    q.query<{ id: number; seriesId: number }>(INSERT_WITH_SERIES, [
      ...occurrenceParams(organizationId, null, template, false, rule, spans),
      JSON.stringify(rule),
      until === null ? null : new Date(until),
      ...check.params,
    ]),
  );
  return { seriesId: rows[0].seriesId, ids: rows.map((r) => r.id) };
}

/** The occurrences' insert's parameters $1 to $23. */
const occurrenceParams = (
  organizationId: number,
  seriesId: number | null,
  template: SeriesTemplate,
  isException: boolean,
  rule: StoredRule | null,
  spans: { start: Date; end: Date }[],
): unknown[] => [
  organizationId,
  seriesId,
  ...templateColumns(template),
  isException,
  ...recurrenceColumns(rule),
  spansJson(spans),
  template.teamIds,
];

export const templateColumns = (t: SeriesTemplate) => [
  t.name,
  t.description,
  t.spaces,
  t.eventType,
  t.eventUrl,
  t.instructorId,
  t.reservedBy,
  t.conflictOverride,
  // Rules stored before the public switch existed: every event was public.
  t.isPublic ?? true,
];

const SET_FIELDS = `name = $3::text, description = $4::text, spaces = $5::text[], event_type = $6::text,
  event_url = $7::text, instructor_id = $8::int, reserved_by = $9::int, conflict_override = $10::boolean,
  is_public = $11::boolean,
  is_recurring = $12::boolean, recurring_pattern = $13::text, recurring_interval = $14::int,
  recurring_end = $15::timestamptz, recurring_weekly_days = $16::text[], recurring_monthly_week = $17::int,
  recurring_monthly_weekday = $18::int, recurring_end_type = $19::text, recurring_end_count = $20::int,
  updated_at = now()`;

/**
 * An update of event rows ($1: organization) and their team links (`teams`: an int[] parameter),
 * as CTEs of one statement: links no longer named go, new ones come, the rest stay as they are.
 */
const withTeams = (update: string, teams: string) => `written as (${update} returning id),
  gone as (
    delete from calendar_event_teams et using written w where et.organization_id = $1 and et.event_id = w.id
      and not (et.team_id = any(${teams}::int[]))),
  added as (
    insert into calendar_event_teams (organization_id, event_id, team_id)
    select $1, w.id, t.team_id from written w cross join unnest(${teams}::int[]) as t(team_id)
    on conflict (organization_id, event_id, team_id) do nothing)`;

/** One row's own fields (a single event, or one occurrence edited on its own). */
export async function updateRow(
  q: Runner,
  organizationId: number,
  eventId: number,
  template: SeriesTemplate,
  rule: StoredRule | null,
  span: { start: Date; end: Date },
  extra: { seriesId: number | null; isException: boolean },
  /** A series' rule written in the same statement (one date edited on its own joins its exdates). */
  seriesRule: { id: number; rule: StoredRule } | null = null,
  check = FoldedCheck.none(organizationId),
) {
  await check.guard(
    q.query(
      `with ${conflictsCte(28)}, series as (
       update calendar_event_series set rule = $26::jsonb
       where organization_id = $1 and id = $27::int and $26::jsonb is not null),
     ${withTeams(
       `update calendar_events set ${SET_FIELDS}, start_date_time = $21, end_date_time = $22,
         series_id = $23::int, is_exception = $24::boolean
       where organization_id = $1 and id = $2`,
       '$25',
     )}
     select ${CONFLICTS_COLUMN}`,
      [
        organizationId,
        eventId,
        ...templateColumns(template),
        ...recurrenceColumns(rule),
        span.start,
        span.end,
        extra.seriesId,
        extra.isException,
        template.teamIds,
        seriesRule ? JSON.stringify(seriesRule.rule) : null,
        seriesRule?.id ?? null,
        ...check.params,
      ],
    ),
  );
}

export interface SyncCounts {
  createdCount: number;
  updatedCount: number;
  deletedCount: number;
}

export async function createSeries(
  q: Runner,
  organizationId: number,
  rule: StoredRule,
  until: number | null,
  lineageId: number | null = null,
) {
  const [row] = await q.query<{ id: number }>(
    `insert into calendar_event_series (organization_id, rule, materialized_until, lineage_id)
     values ($1, $2::jsonb, $3, $4::int) returning id`,
    [organizationId, JSON.stringify(rule), until === null ? null : new Date(until), lineageId],
  );
  return row.id;
}

export async function loadSeries(
  q: Runner | Database,
  organizationId: number,
  seriesId: number,
  lock = false,
) {
  const [row] = await q.query<{ rule: StoredRule; materializedUntil: Date | null }>(
    `select rule, materialized_until as "materializedUntil" from calendar_event_series
     where organization_id = $1 and id = $2 ${lock ? 'for update' : ''}`,
    [organizationId, seriesId],
  );
  if (!row) return null;
  const rule = typeof row.rule === 'string' ? (JSON.parse(row.rule) as StoredRule) : row.rule;
  return { rule, materializedUntil: row.materializedUntil ? new Date(row.materializedUntil) : null };
}

/** Grows one series to `target`; new rows copy the follow choices of the series' latest row. */
async function extendSeries(q: Runner, organizationId: number, seriesId: number, target: number) {
  const series = await loadSeries(q, organizationId, seriesId, true);
  if (!series?.materializedUntil || series.materializedUntil.getTime() >= target) return 0;
  const until = horizonFor(series.rule, target);
  const stop = until ?? floatingToInstant(ruleEndFloating(series.rule)!, series.rule.timeZone);
  const fresh = occurrencesBetween(series.rule, series.materializedUntil.getTime(), stop);
  const [latest] = await q.query<{ id: number }>(
    `select id from calendar_events where organization_id = $1 and series_id = $2
     order by start_date_time desc limit 1`,
    [organizationId, seriesId],
  );
  const ids = await insertOccurrences(q, organizationId, seriesId, series.rule.template, series.rule, fresh);
  if (latest && ids.length > 0) {
    await q.query(
      `insert into calendar_event_followers (organization_id, event_id, user_id, is_following)
       select $1, n.id, f.user_id, f.is_following
       from unnest($3::int[]) as n(id) cross join calendar_event_followers f
       where f.organization_id = $1 and f.event_id = $2
       on conflict (organization_id, event_id, user_id) do nothing`,
      [organizationId, latest.id, ids],
    );
  }
  await q.query(
    'update calendar_event_series set materialized_until = $3 where organization_id = $1 and id = $2',
    [organizationId, seriesId, until === null ? null : new Date(until)],
  );
  return ids.length;
}

/**
 * `read`, once every series of the organization has its rows up to `target`: the check, then the
 * read, on one connection. Should a series need rows (rarely), they are written first and `read`
 * runs again on its own.
 */
export async function readMaterialized<T>(
  database: Database,
  organizationId: number,
  target: Date,
  read: (q: Runner) => Promise<T>,
): Promise<T> {
  const done = await readTogether(database, async (q, last) => {
    const [{ stale }] = await q.query<{ stale: boolean }>(
      `select exists (select 1 ${STALE_SERIES}) as stale`,
      [organizationId, materializationTarget(target)],
    );
    return stale ? null : { value: await read(last) };
  });
  if (done) return done.value;
  await ensureMaterialized(database, organizationId, target);
  return read(database);
}

/** The organization's ($1) series whose rows stop short of a target ($2). */
const STALE_SERIES = 'from calendar_event_series where organization_id = $1 and materialized_until < $2';

/** How far series must be materialized before a read reaching `target`. */
export function materializationTarget(target: Date): Date {
  return new Date(Math.min(target.getTime(), Date.now() + MAX_HORIZON_DAYS * DAY_MS));
}

/**
 * Makes sure every series of the organization has its rows up to `target` (capped at
 * MAX_HORIZON_DAYS ahead), before a read or a conflict check looks that far. Answers the
 * organization's public event types, read in the same round trip (what a new event needs).
 */
export async function ensureMaterialized(database: Database, organizationId: number, target: Date) {
  const cap = Date.now() + MAX_HORIZON_DAYS * DAY_MS;
  const want = materializationTarget(target).getTime();
  const [row] = await database.query<{ stale: number[]; publicEventTypes: string[] | null }>(
    `select array(select id ${STALE_SERIES} order by id) as stale,
       (select public_event_types from organizations where id = $1) as "publicEventTypes"`,
    [organizationId, new Date(want)],
  );
  const grow = Math.min(want + EXTEND_SLACK_DAYS * DAY_MS, cap);
  for (const id of row.stale) {
    await calendarTransaction(database, organizationId, EVENTS_WRITTEN, (q) =>
      extendSeries(q, organizationId, id, grow),
    );
  }
  return { publicEventTypes: row.publicEventTypes ?? [] };
}
