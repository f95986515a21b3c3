// Double-booking protection (beyond the spec): an occurrence may not overlap another booking of
// the same space. Checked over every expanded occurrence being written, inside the calendar lock.
import { MAX_EVENT_DAYS } from '../../../common/calendar';
import { toZonedIso } from '../../../common/zoned-time';
import { AppError } from '../../http/errors';
import { type Runner, spansJson } from './sql';

export interface ConflictView {
  eventId: number;
  seriesId: number | null;
  name: string;
  startDateTime: string;
  endDateTime: string;
  /** The spaces both bookings want. */
  spaces: string[];
}

/** Rows being replaced by this write are not conflicts with it. */
export interface Replacing {
  eventIds?: number[];
  /** Rows of these series (the parts of one) from `seriesFrom` on (all of them when absent). */
  seriesIds?: number[];
  seriesFrom?: Date | null;
}

export const CONFLICT_MESSAGE = 'This space is already booked at that time';
export const OVERRIDE_REFUSED = 'Only owners and admins may book a space that is already booked';
const SHOWN = 50;

export async function findConflicts(
  q: Runner,
  organizationId: number,
  timeZone: string,
  spaces: string[],
  spans: { start: Date; end: Date }[],
  replacing: Replacing = {},
): Promise<ConflictView[]> {
  if (spans.length === 0) return [];
  const rows = await q.query<{
    id: number;
    seriesId: number | null;
    name: string;
    start: Date;
    end: Date;
    spaces: string[];
  }>(
    // One (organization, start) index range per span being written. `offset 0` keeps it so: as a
    // plain join, the planner walked the whole organization's index in start order to serve the
    // ORDER BY and LIMIT, checking every event against the spans (107 ms for a 50,000-event
    // organization, 0.3 ms this way; npm run bench:load).
    `select distinct on (e.start_date_time, e.id) e.id, e.series_id as "seriesId", e.name,
       e.start_date_time as start, e.end_date_time as "end",
       array(select unnest(e.spaces) intersect select unnest($3::text[])) as spaces
     from jsonb_to_recordset($2::jsonb) as x(s timestamptz, e timestamptz)
     cross join lateral (
       select e.id, e.series_id, e.name, e.start_date_time, e.end_date_time, e.spaces
       from calendar_events e
       where e.organization_id = $1
         and e.start_date_time < x.e and e.end_date_time > x.s
         and e.start_date_time > x.s - interval '${MAX_EVENT_DAYS} days'
         and e.spaces && $3::text[]
       offset 0) e
     where not (e.id = any($4::int[]))
       and not (coalesce(e.series_id = any($5::int[]), false)
                and e.start_date_time >= coalesce($6::timestamptz, '-infinity'::timestamptz))
     order by e.start_date_time, e.id
     limit ${SHOWN}`,
    [
      organizationId,
      spansJson(spans),
      spaces,
      replacing.eventIds ?? [],
      replacing.seriesIds ?? [],
      replacing.seriesFrom ?? null,
    ],
  );
  return rows.map((r) => ({
    eventId: r.id,
    seriesId: r.seriesId,
    name: r.name,
    startDateTime: toZonedIso(new Date(r.start), timeZone),
    endDateTime: toZonedIso(new Date(r.end), timeZone),
    spaces: [...r.spaces].sort(),
  }));
}

/**
 * 409 with the conflicting occurrences, unless an owner or admin explicitly books anyway.
 * Returns whether the booking went ahead over a conflict (recorded on the event).
 */
export function resolveConflicts(
  conflicts: ConflictView[],
  override: boolean,
  mayOverride: boolean,
): boolean {
  if (conflicts.length === 0) return false;
  if (!override) throw new AppError(409, CONFLICT_MESSAGE, { data: { conflicts } });
  if (!mayOverride) throw new AppError(403, OVERRIDE_REFUSED);
  return true;
}
