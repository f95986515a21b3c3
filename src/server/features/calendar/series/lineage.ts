// A series split by "this and following" edits is still one series to the people using it:
// its parts share a lineage (the first part's id), "all dates" reaches every part,
// and a count-ended series keeps its total count across the parts.
import type { SplitChange, WholeSeries } from '../../../../common/whole-series';
import { parseWallTime } from '../../../../common/zoned-time';
import type { Database } from '../../../db/client';
import { expandFloating, type StoredRule } from './occurrences';
import type { Runner } from '../sql';

export interface Part {
  id: number;
  lineageId: number;
  rule: StoredRule;
  materializedUntil: Date | null;
}

type PartRow = {
  id: number;
  lineageId: number;
  rule: StoredRule | string;
  materializedUntil: Date | string | null;
};

/** The parts of the lineage of series `series` (SQL text: a parameter or a column). */
const partsOf = (organization: string, series: string) =>
  `select id, coalesce(lineage_id, id) as "lineageId", rule, materialized_until as "materializedUntil"
   from calendar_event_series where organization_id = ${organization} and coalesce(lineage_id, id) = (
     select coalesce(lineage_id, id) from calendar_event_series where organization_id = ${organization} and id = ${series})`;

/** The same parts as one json column of another query, read back with `toParts`. */
export const partsColumn = (organization: string, series: string) =>
  `(select coalesce(json_agg(p), '[]') from (${partsOf(organization, series)}) p)`;

/** Parts as read (rows, or a json column), earliest start first. */
export function toParts(rows: PartRow[] | string): Part[] {
  const list = typeof rows === 'string' ? (JSON.parse(rows) as PartRow[]) : rows;
  return list
    .map((r) => ({
      id: r.id,
      lineageId: r.lineageId,
      rule: typeof r.rule === 'string' ? (JSON.parse(r.rule) as StoredRule) : r.rule,
      materializedUntil: r.materializedUntil ? new Date(r.materializedUntil) : null,
    }))
    .sort((a, b) => parseWallTime(a.rule.start) - parseWallTime(b.rule.start) || a.id - b.id);
}

/** Every part of the series `seriesId` belongs to, earliest start first. */
export async function lineageParts(
  q: Runner | Database,
  organizationId: number,
  seriesId: number,
  lock = false,
): Promise<Part[]> {
  return toParts(
    await q.query<PartRow>(`${partsOf('$1', '$2')} ${lock ? 'for update' : ''}`, [organizationId, seriesId]),
  );
}

/** Dates the rule produces before `date` (deleted ones too: RFC 5545 COUNT counts them). */
export function instancesBefore(rule: StoredRule, date: string): number {
  const start = parseWallTime(rule.start);
  const stop = parseWallTime(`${date}T00:00`) - 1;
  return stop < start ? 0 : expandFloating(rule, start, stop).length;
}

/** The whole series' count when every part ends after a count, else null. */
export function lineageTotal(parts: Pick<Part, 'rule'>[]): number | null {
  if (parts.length === 0 || parts.some((p) => p.rule.endType !== 'count' || !p.rule.endCount)) return null;
  return parts.reduce((sum, p) => sum + (p.rule.endCount ?? 0), 0);
}

/** How many dates of a count-ended series remain from `date` (that date included) on. */
export function remainingFrom(parts: Part[], seriesId: number, date: string): number | null {
  if (lineageTotal(parts) === null) return null;
  const index = parts.findIndex((p) => p.id === seriesId);
  if (index < 0) return null;
  const part = parts[index];
  const later = parts.slice(index + 1).reduce((sum, p) => sum + (p.rule.endCount ?? 0), 0);
  return Math.max(0, (part.rule.endCount ?? 0) - instancesBefore(part.rule, date)) + later;
}

/**
 * Every row of a count-ended lineage shows the whole series' count (rows showing it already stay
 * as they are): the parts are read and the rows written in one statement. The total is
 * `lineageTotal`'s, in SQL: null unless every part ends after a count.
 */
export async function writeLineageCount(q: Runner, organizationId: number, seriesId: number) {
  await q.query(
    `with parts as (${partsOf('$1', '$2')}),
     total as (
       select sum((rule->>'endCount')::int) as n from parts
       having bool_and(rule->>'endType' = 'count' and coalesce((rule->>'endCount')::int, 0) > 0))
     update calendar_events set recurring_end_count = total.n from total
     where organization_id = $1 and series_id in (select id from parts)
       and recurring_end_count is distinct from total.n`,
    [organizationId, seriesId],
  );
}

const sameTemplate = (a: StoredRule['template'], b: StoredRule['template']) =>
  a.name === b.name &&
  a.description === b.description &&
  a.spaces.join() === b.spaces.join() &&
  a.eventType === b.eventType &&
  a.eventUrl === b.eventUrl &&
  a.instructorId === b.instructorId &&
  a.reservedBy === b.reservedBy &&
  [...a.teamIds].sort().join() === [...b.teamIds].sort().join() &&
  (a.isPublic ?? true) === (b.isPublic ?? true);

/** What a part changed from the one before it. */
function changesBetween(before: StoredRule, after: StoredRule): SplitChange[] {
  const changes: SplitChange[] = [];
  if (
    before.pattern !== after.pattern ||
    before.interval !== after.interval ||
    before.weeklyDays.join() !== after.weeklyDays.join() ||
    before.monthlyWeek !== after.monthlyWeek ||
    before.monthlyWeekday !== after.monthlyWeekday
  )
    changes.push('days');
  if (
    before.start.slice(11, 16) !== after.start.slice(11, 16) ||
    before.durationMinutes !== after.durationMinutes
  )
    changes.push('times');
  if (!sameTemplate(before.template, after.template)) changes.push('details');
  return changes;
}

/**
 * The whole series its parts make (`parts` earliest first, as `toParts` reads them): the first
 * part's pattern from its start to the last part's end (the lineage's count), and where each
 * later part begins and what it changed.
 */
export function wholeSeriesOf(parts: Part[]): WholeSeries | null {
  if (parts.length === 0) return null;
  const first = parts[0].rule;
  const last = parts[parts.length - 1].rule;
  return {
    start: first.start,
    pattern: first.pattern,
    interval: first.interval,
    weeklyDays: first.weeklyDays,
    monthlyWeek: first.monthlyWeek,
    monthlyWeekday: first.monthlyWeekday,
    endType: last.endType,
    endDate: last.endType === 'date' ? last.endDate : null,
    endCount: last.endType === 'count' ? (lineageTotal(parts) ?? last.endCount) : null,
    splits: parts.slice(1).map((p, i) => ({
      date: p.rule.start.slice(0, 10),
      changes: changesBetween(parts[i].rule, p.rule),
    })),
  };
}
