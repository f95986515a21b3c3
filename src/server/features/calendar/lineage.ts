// A series split by "this and following" edits is still one series to the people using it
// (DESIGN §5): its parts share a lineage (the first part's id), "all dates" reaches every part,
// and a count-ended series keeps its total count across the parts.
import { parseWallTime } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import { expandFloating, type StoredRule } from './occurrences';
import type { Runner } from './sql';

export interface Part {
  id: number;
  lineageId: number;
  rule: StoredRule;
  materializedUntil: Date | null;
}

/** Every part of the series `seriesId` belongs to, earliest start first. */
export async function lineageParts(
  q: Runner | Database,
  organizationId: number,
  seriesId: number,
  lock = false,
): Promise<Part[]> {
  const rows = await q.query<{
    id: number;
    lineageId: number;
    rule: StoredRule | string;
    materializedUntil: Date | null;
  }>(
    `select id, coalesce(lineage_id, id) as "lineageId", rule, materialized_until as "materializedUntil"
     from calendar_event_series where organization_id = $1 and coalesce(lineage_id, id) = (
       select coalesce(lineage_id, id) from calendar_event_series where organization_id = $1 and id = $2)
     ${lock ? 'for update' : ''}`,
    [organizationId, seriesId],
  );
  return rows
    .map((r) => ({
      id: r.id,
      lineageId: r.lineageId,
      rule: typeof r.rule === 'string' ? (JSON.parse(r.rule) as StoredRule) : r.rule,
      materializedUntil: r.materializedUntil ? new Date(r.materializedUntil) : null,
    }))
    .sort((a, b) => parseWallTime(a.rule.start) - parseWallTime(b.rule.start) || a.id - b.id);
}

/** Dates the rule produces before `date` (deleted ones too: RFC 5545 COUNT counts them). */
export function instancesBefore(rule: StoredRule, date: string): number {
  const start = parseWallTime(rule.start);
  const stop = parseWallTime(`${date}T00:00`) - 1;
  return stop < start ? 0 : expandFloating(rule, start, stop).length;
}

/** The whole series' count when every part ends after a count, else null. */
export function lineageTotal(parts: Part[]): number | null {
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

/** Every row of a count-ended lineage shows the whole series' count. */
export async function writeLineageCount(q: Runner, organizationId: number, seriesId: number) {
  const parts = await lineageParts(q, organizationId, seriesId);
  const total = lineageTotal(parts);
  if (total === null) return;
  await q.query(
    'update calendar_events set recurring_end_count = $3 where organization_id = $1 and series_id = any($2::int[])',
    [organizationId, parts.map((p) => p.id), total],
  );
}
