// An "all dates" or "this and following" edit of a series, written in one statement:
// every row of the lineage gets its final state at once (part, template, recurrence columns, time
// and the lineage's count), gone dates are deleted and new ones inserted with their team links, and
// the parts' rules, a new part and the parts that go are written beside them. The plan is made in
// the app from the rows the edit read before its transaction, which its lock statement finds
// unchanged or refuses (lockBookings, lineageVersion), so the statement only applies it; before,
// each step was a statement of its own (8 to 12 round trips per edit).
import { getOrCreate } from '../../../../common/maps';
import { addWallMinutes, daysBetween, wallMinutesBetween } from '../../../../common/recurrence';
import { addDays, instantToWallTime, wallTimeToInstant } from '../../../../common/zoned-time';
import { CONFLICTS_COLUMN, conflictsCte, FoldedCheck } from '../conflicts/conflicts';
import type { Occurrence, SeriesTemplate, StoredRule } from './occurrences';
import { recurrenceColumns, type SyncCounts, templateColumns } from './series';
import type { LineageRow, Runner } from '../sql';

/** One part's rows paired with its rule's dates (see `pairRows`). */
interface Paired {
  pairs: { id: number; occurrence: Occurrence }[];
  fresh: Occurrence[];
  gone: number[];
}

/**
 * Pairs a series' rows with its (changed) rule's dates. An occurrence id keeps meaning its date: a
 * row goes to the occurrence on its date moved by `shiftDays` (the edit's date change), else to the
 * nearest unclaimed one at most 3 days away (a Monday class moved to Tuesdays keeps its rows); rows
 * left over go and new dates get new rows, so follow records never jump to an unrelated date.
 * `rows` are the part's rows not edited on their own, earliest first.
 */
export function pairRows(
  rows: { id: number; start: Date }[],
  rule: StoredRule,
  occurrences: Occurrence[],
  shiftDays: number,
): Paired {
  const dated = rows.map((row) => ({
    id: row.id,
    date: addDays(instantToWallTime(row.start, rule.timeZone).slice(0, 10), shiftDays),
  }));
  const byDate = new Map<string, number>();
  for (const row of dated) if (!byDate.has(row.date)) byDate.set(row.date, row.id);
  const pairs: Paired['pairs'] = [];
  const unplaced: Occurrence[] = [];
  const used = new Set<number>();
  for (const occurrence of occurrences) {
    const id = byDate.get(occurrence.date);
    if (id !== undefined && !used.has(id)) {
      used.add(id);
      pairs.push({ id, occurrence });
    } else unplaced.push(occurrence);
  }
  const fresh: Occurrence[] = [];
  for (const occurrence of unplaced) {
    let best: { id: number; distance: number } | null = null;
    for (const row of dated) {
      if (used.has(row.id)) continue;
      const distance = Math.abs(daysBetween(row.date, occurrence.date));
      if (distance <= 3 && (!best || distance < best.distance)) best = { id: row.id, distance };
    }
    if (best) {
      used.add(best.id);
      pairs.push({ id: best.id, occurrence });
    } else fresh.push(occurrence);
  }
  return { pairs, fresh, gone: dated.filter((row) => !used.has(row.id)).map((row) => row.id) };
}

/** A part whose rows the edit rewrites: `id` null is the new part a "this and following" starts. */
export interface RewrittenPart {
  id: number | null;
  rule: StoredRule;
  occurrences: Occurrence[];
  until: number | null;
  shiftDays: number;
}

export interface LineageRewrite {
  /** Every row of the lineage, as the edit read it (its lock statement refuses the edit if they changed). */
  rows: LineageRow[];
  /** Where each row ends up, when not in its own part: a part id, or null for the new part. */
  moves: Map<number, number | null>;
  template: SeriesTemplate;
  parts: RewrittenPart[];
  /** The new part's lineage (the first part's id), when `parts` has one with id null. */
  lineageId: number | null;
  /** A part cut short ("this and following"): its new rule; its rows keep their template. */
  ended: { id: number; rule: StoredRule } | null;
  /** Parts that go (their rows left in them go with them). */
  dropped: number[];
  /** The whole lineage's count when every part ends after a count (lineageTotal), else null. */
  total: number | null;
  /** The edited row: its id survives if the new rules keep it, else the nearest date does. */
  edited: { id: number; start: Date };
  /** Each part's rule before the edit: what a date edited on its own changed is told from it. */
  previous: Map<number, StoredRule>;
}

/** Where a row ends up: a part id, or null for the new part. */
const targetOf = (spec: Pick<LineageRewrite, 'moves'>, row: LineageRow) =>
  spec.moves.has(row.id) ? (spec.moves.get(row.id) ?? null) : row.seriesId;

/**
 * A date edited on its own moves with its series by the part's number of days. Its own time and
 * length stay when they differ from its old rule's; otherwise it takes the new rule's, like every
 * other date. The edited row itself always takes the edit's.
 */
function movedException(
  row: LineageRow,
  before: StoredRule | undefined,
  after: StoredRule,
  days: number,
  edited: boolean,
) {
  const zone = after.timeZone;
  const start = instantToWallTime(row.start, zone);
  const length = wallMinutesBetween(start, instantToWallTime(row.end, zone));
  const ownTime = !edited && before !== undefined && start.slice(11, 16) !== before.start.slice(11, 16);
  const ownLength = !edited && before !== undefined && length !== before.durationMinutes;
  const wall = `${addDays(start.slice(0, 10), days)}T${(ownTime ? start : after.start).slice(11, 16)}`;
  return {
    start: wallTimeToInstant(wall, zone),
    end: wallTimeToInstant(addWallMinutes(wall, ownLength ? length : after.durationMinutes), zone),
  };
}

/**
 * The new times of the dates edited on their own that the rewrite moves (every one in a part it
 * rewrites), by row id: written by `rewriteLineage`, and checked for conflicts before it.
 */
export function movedExceptions(spec: Omit<LineageRewrite, 'template'>) {
  const moved = new Map<number, { start: Date; end: Date }>();
  for (const row of spec.rows) {
    if (!row.isException) continue;
    const target = targetOf(spec, row);
    const part = spec.parts.find((p) => p.id === target);
    if (!part) continue;
    const before = spec.previous.get(row.seriesId);
    moved.set(row.id, movedException(row, before, part.rule, part.shiftDays, row.id === spec.edited.id));
  }
  return moved;
}

const iso = (d: Date) => d.toISOString();

/**
 * A row's final state: its part (null: the new one), template (t), rule (r: index), new times, and
 * for a date edited on its own its old part (o), whose template tells which fields are its own.
 */
type WrittenRow = {
  id: number;
  sid: number | null;
  t: boolean;
  r: number | null;
  s?: string;
  e?: string;
  o?: number;
};

/** Recurrence columns of a rule, as one record of the statement's `rules` set. */
function ruleRecord(i: number, rule: StoredRule) {
  const [on, pattern, interval, end, weekly, week, weekday, endType, endCount] = recurrenceColumns(rule);
  return { i, on, pattern, interval, end, weekly, week, weekday, endType, endCount };
}

/** Which optional parts of the statement a plan uses (a part that writes nothing still costs its set-up on every call). */
interface Needs {
  /** A new part ("this and following"). */
  newPart: boolean;
  /** Parts that go. */
  dropped: boolean;
  /** Rows that go. */
  gone: boolean;
  /** New rows. */
  fresh: boolean;
  /** Dates edited on their own, which keep the fields they changed. */
  own: boolean;
}

/** A template column: the edit's value, except on a date edited on its own that changed it. */
const TEMPLATE_COLUMNS: [column: string, param: string, field: string][] = [
  ['name', '$2::text', 'name'],
  ['description', '$3::text', 'description'],
  ['spaces', '$4::text[]', 'spaces'],
  ['event_type', '$5::text', 'eventType'],
  ['event_url', '$6::text', 'eventUrl'],
  ['instructor_id', '$7::int', 'instructorId'],
  ['reserved_by', '$8::int', 'reservedBy'],
  ['conflict_override', '$9::boolean', ''],
  ['is_public', '$10::boolean', 'isPublic'],
];
const templateSet = (own: boolean) =>
  TEMPLATE_COLUMNS.map(([column, param, field]) =>
    own && field
      ? `${column} = case when x.t and (o.sid is null or e.${column} is not distinct from o."${field}") then ${param} else e.${column} end`
      : `${column} = case when x.t then ${param} else e.${column} end`,
  ).join(',\n    ');
/** Whether the row takes the edit's teams (a date edited on its own keeps teams it changed). */
const takesTeams = (own: boolean) =>
  own
    ? `case when o.sid is null then x.t else x.t and coalesce((select array_agg(et.team_id order by et.team_id)
      from calendar_event_teams et where et.organization_id = $1 and et.event_id = e.id), '{}') = o.teams end`
    : 'x.t';

// The id arrays ($25, $26) beside the records let the updates find their rows by primary key: the
// planner guesses 100 records from a jsonb set and would scan the organization's rows instead.
// The old parts' templates are $27; the conflict check's parameters (FoldedCheck) come last, from $28.
function rewriteSql({ newPart, dropped, gone, fresh, own }: Needs) {
  const newId = newPart ? '(select id from newpart)' : 'null::int';
  // The parameters of the parts left out are still sent, and must still have a type: an unused
  // query in a WITH that is not read is left out of the plan, at no cost.
  const unused = [
    ...(newPart ? [] : ['$18::jsonb', '$19::timestamptz', '$20::int']),
    ...(dropped ? [] : ['$17::int[]']),
    ...(gone ? [] : ['$15::int[]']),
    ...(fresh ? [] : ['$14::jsonb']),
    ...(own ? [] : ['$27::jsonb']),
  ];
  return `
with ${conflictsCte(28)},
rules as materialized (
  select * from jsonb_to_recordset($12::jsonb) as r(i int, "on" boolean, pattern text, "interval" int,
    "end" timestamptz, weekly text[], week int, weekday int, "endType" text, "endCount" int)),${
      own
        ? `
olds as materialized (
  select * from jsonb_to_recordset($27::jsonb) as o(sid int, name text, description text, spaces text[],
    "eventType" text, "eventUrl" text, "instructorId" int, "reservedBy" int, "isPublic" boolean, teams int[])),`
        : ''
    }${
      newPart
        ? `
newpart as (
  insert into calendar_event_series (organization_id, rule, materialized_until, lineage_id)
  select $1::int, $18::jsonb, $19::timestamptz, $20::int
  returning id),`
        : ''
    }
parts as (
  update calendar_event_series s set rule = u.rule, materialized_until = u.until
  from jsonb_to_recordset($16::jsonb) as u(id int, rule jsonb, until timestamptz)
  where s.organization_id = $1 and s.id = u.id and s.id = any($26::int[])),${
    dropped
      ? `
dropped as (delete from calendar_event_series where organization_id = $1 and id = any($17::int[])),`
      : ''
  }${
    gone
      ? `
gone as (delete from calendar_events where organization_id = $1 and id = any($15::int[])),`
      : ''
  }
written as (
  update calendar_events e set
    series_id = coalesce(x.sid, ${newId}),
    ${templateSet(own)},
    is_recurring = coalesce(r."on", e.is_recurring),
    recurring_pattern = case when r.i is null then e.recurring_pattern else r.pattern end,
    recurring_interval = coalesce(r."interval", e.recurring_interval),
    recurring_end = case when r.i is null then e.recurring_end else r."end" end,
    recurring_weekly_days = case when r.i is null then e.recurring_weekly_days else r.weekly end,
    recurring_monthly_week = case when r.i is null then e.recurring_monthly_week else r.week end,
    recurring_monthly_weekday = case when r.i is null then e.recurring_monthly_weekday else r.weekday end,
    recurring_end_type = case when r.i is null then e.recurring_end_type else r."endType" end,
    recurring_end_count = coalesce($21::int, case when r.i is null then e.recurring_end_count else r."endCount" end),
    start_date_time = coalesce(x.s, e.start_date_time),
    end_date_time = coalesce(x.e, e.end_date_time),
    updated_at = case when x.t or r.i is not null then now() else e.updated_at end
  from jsonb_to_recordset($13::jsonb) as x(id int, sid int, t boolean, r int, s timestamptz, e timestamptz, o int)
  left join rules r on r.i = x.r${own ? '\n  left join olds o on o.sid = x.o' : ''}
  where e.organization_id = $1 and e.id = x.id and e.id = any($25::int[])
    and (x.t or x.r is not null or x.s is not null or x.sid is null or e.series_id is distinct from x.sid
      or e.recurring_end_count is distinct from coalesce($21::int, e.recurring_end_count))
  returning e.id, ${takesTeams(own)} as t),
unlinked as (
  delete from calendar_event_teams et using written w
  where et.organization_id = $1 and et.event_id = w.id and w.t and not (et.team_id = any($11::int[]))),
linked as (
  insert into calendar_event_teams (organization_id, event_id, team_id)
  select $1, w.id, t.team_id from written w cross join unnest($11::int[]) as t(team_id) where w.t
  on conflict (organization_id, event_id, team_id) do nothing),${
    fresh
      ? `
ins as (
  insert into calendar_events (organization_id, series_id, name, description, spaces, event_type, event_url,
    instructor_id, reserved_by, conflict_override, is_public, is_exception,
    is_recurring, recurring_pattern, recurring_interval, recurring_end, recurring_weekly_days,
    recurring_monthly_week, recurring_monthly_weekday, recurring_end_type, recurring_end_count,
    start_date_time, end_date_time)
  select $1, coalesce(f.sid, ${newId}), $2::text, $3::text, $4::text[], $5::text, $6::text,
    $7::int, $8::int, $9::boolean, $10::boolean, false,
    r."on", r.pattern, r."interval", r."end", r.weekly, r.week, r.weekday, r."endType",
    coalesce($21::int, r."endCount"), f.s, f.e
  from jsonb_to_recordset($14::jsonb) as f(sid int, r int, s timestamptz, e timestamptz)
  join rules r on r.i = f.r
  returning id, start_date_time),
ins_linked as (
  insert into calendar_event_teams (organization_id, event_id, team_id)
  select $1, ins.id, t.team_id from ins cross join unnest($11::int[]) as t(team_id)),`
      : ''
  }${
    unused.length > 0
      ? `
unused as (select ${unused.join(', ')}),`
      : ''
  }
kept as (
  select k.id, k.s from jsonb_to_recordset($22::jsonb) as k(id int, s timestamptz)${
    fresh ? ' union all select id, start_date_time from ins' : ''
  })
select ${newId} as "newId", (
  select id from kept order by (id = $23::int) desc, abs(extract(epoch from s - $24::timestamptz)) limit 1) as "keepId",
  ${CONFLICTS_COLUMN}`;
}

/** The parts' templates before the edit, as the statement's `olds` set. */
const oldTemplates = (previous: Map<number, StoredRule>) =>
  [...previous].map(([sid, { template: t }]) => ({
    sid,
    name: t.name,
    description: t.description,
    spaces: t.spaces,
    eventType: t.eventType,
    eventUrl: t.eventUrl,
    instructorId: t.instructorId,
    reservedBy: t.reservedBy,
    isPublic: t.isPublic ?? true,
    teams: [...t.teamIds].sort((a, b) => a - b),
  }));

/** The statement's texts, one per combination of Needs (each prepared once per connection). */
const rewriteTexts = new Map<string, string>();
const rewriteText = (needs: Needs) =>
  getOrCreate(
    rewriteTexts,
    `${+needs.newPart}${+needs.dropped}${+needs.gone}${+needs.fresh}${+needs.own}`,
    () => rewriteSql(needs),
  );

/** Whether a rewrite deletes dates: parts that go, or rows their part's new rule no longer reaches. */
export function rewriteRemovesDates(spec: Omit<LineageRewrite, 'template'>): boolean {
  if (spec.dropped.length > 0) return true;
  return spec.parts.some((part) => {
    const own = spec.rows.filter((row) => targetOf(spec, row) === part.id && !row.isException);
    return pairRows(own, part.rule, part.occurrences, part.shiftDays).gone.length > 0;
  });
}

/**
 * Sends a series edit planned in `spec` as one statement. `written`: once it returns, the
 * surviving row's id (the edited one, or the nearest date of the rewritten parts), the new part's
 * id and the counts. `keepId`: that id already, when the plan keeps the edited row (the statement
 * prefers it), so the caller may send what follows without waiting; else null.
 */
export function rewriteLineage(
  q: Runner,
  organizationId: number,
  spec: LineageRewrite,
  check = FoldedCheck.none(organizationId),
): { keepId: number | null; written: Promise<{ keepId: number; newId: number | null; counts: SyncCounts }> } {
  const { rows, parts, ended } = spec;
  const target = (row: LineageRow) => targetOf(spec, row);
  const exceptions = movedExceptions(spec);
  const rules = parts.map((p, i) => ruleRecord(i, p.rule));
  if (ended) rules.push(ruleRecord(rules.length, ended.rule));
  const dropped = new Set(spec.dropped);
  const counts: SyncCounts = { createdCount: 0, updatedCount: 0, deletedCount: 0 };
  const written: WrittenRow[] = [];
  const fresh: { sid: number | null; r: number; s: string; e: string }[] = [];
  const gone: number[] = [];
  const keep: { id: number; s: string }[] = [];
  const placed = new Set<number>();
  parts.forEach((part, i) => {
    const own = rows.filter((row) => target(row) === part.id);
    const paired = pairRows(
      own.filter((row) => !row.isException),
      part.rule,
      part.occurrences,
      part.shiftDays,
    );
    const times = new Map(paired.pairs.map((p) => [p.id, p.occurrence]));
    const goneHere = new Set(paired.gone);
    for (const row of own) {
      placed.add(row.id);
      if (goneHere.has(row.id)) continue;
      const moved = exceptions.get(row.id);
      const time = times.get(row.id) ?? moved;
      written.push({
        id: row.id,
        sid: part.id,
        t: true,
        r: i,
        ...(time ? { s: iso(time.start), e: iso(time.end) } : {}),
        ...(moved && row.id !== spec.edited.id ? { o: row.seriesId } : {}),
      });
      keep.push({ id: row.id, s: iso(time?.start ?? row.start) });
      if (moved) counts.updatedCount++;
    }
    for (const o of paired.fresh) fresh.push({ sid: part.id, r: i, s: iso(o.start), e: iso(o.end) });
    gone.push(...paired.gone);
    counts.createdCount += paired.fresh.length;
    counts.updatedCount += paired.pairs.length;
    counts.deletedCount += paired.gone.length;
  });
  for (const row of rows) {
    if (placed.has(row.id) || dropped.has(target(row) ?? -1)) continue;
    if (ended && target(row) === ended.id)
      written.push({ id: row.id, sid: ended.id, t: false, r: parts.length });
    else if (spec.total !== null) written.push({ id: row.id, sid: row.seriesId, t: false, r: null });
  }
  const newPart = parts.find((p) => p.id === null);
  const partRows = parts
    .filter((p) => p.id !== null)
    .map((p) => ({ id: p.id, rule: p.rule, until: p.until === null ? null : iso(new Date(p.until)) }));
  if (ended) partRows.push({ id: ended.id, rule: ended.rule, until: null });
  const own = written.some((w) => w.o !== undefined);
  const sent = check.guard(
    q.query<{ newId: number | null; keepId: number | null }>(
      rewriteText({
        newPart: newPart !== undefined,
        dropped: spec.dropped.length > 0,
        gone: gone.length > 0,
        fresh: fresh.length > 0,
        own,
      }),
      [
        organizationId,
        ...templateColumns(spec.template),
        spec.template.teamIds,
        JSON.stringify(rules),
        JSON.stringify(written),
        JSON.stringify(fresh),
        gone,
        JSON.stringify(partRows),
        spec.dropped,
        newPart ? JSON.stringify(newPart.rule) : null,
        newPart?.until == null ? null : new Date(newPart.until),
        spec.lineageId,
        spec.total,
        JSON.stringify(keep),
        spec.edited.id,
        spec.edited.start,
        written.map((w) => w.id),
        partRows.map((p) => p.id),
        own ? JSON.stringify(oldTemplates(spec.previous)) : '[]',
        ...check.params,
      ],
    ),
  );
  return {
    keepId: keep.some((k) => k.id === spec.edited.id) ? spec.edited.id : null,
    written: sent.then(([result]) => ({
      keepId: result.keepId ?? spec.edited.id,
      newId: result.newId,
      counts,
    })),
  };
}
