// Double-booking protection (beyond the spec): an occurrence may not overlap another booking of
// the same space. Checked over every expanded occurrence being written, inside the calendar lock.
import { MAX_EVENT_DAYS } from '../../../../common/calendar';
import type { SpaceConflict } from '../../../../common/schemas/calendar';
import { toZonedIso } from '../../../../common/zoned-time';
import { AppError } from '../../../http/errors';
import { type Runner, spansJson } from '../sql';

/** A booking a write would clash with (what a refused save's 409 carries). */
export type ConflictView = SpaceConflict;

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

interface ConflictRow {
  id: number;
  seriesId: number | null;
  name: string;
  start: Date | string;
  end: Date | string;
  spaces: string[];
}

/**
 * The conflict query, its parameters numbered from `$at` (conflictParams' six). One (organization,
 * start) index range per span being written. `offset 0` keeps it so: as a plain join, the planner
 * walked the whole organization's index in start order to serve the ORDER BY and LIMIT, checking
 * every event against the spans (107 ms for a 50,000-event organization, 0.3 ms this way; npm run
 * bench:load). A booking still running at a span's start began at most MAX_EVENT_DAYS before it,
 * but most last hours: the range looks back one day among all bookings, and the rest of the way
 * among those longer than a day only (their own index, migration conflict_lookback_long), so a
 * busy organization's check reads a day of bookings per date, not two weeks.
 */
function conflictQuery(at: number) {
  const p = (i: number) => `$${at + i - 1}`;
  // This organization's bookings of these spaces still running at the span's start x.s, among
  // those whose start meets `starts`.
  const running = (
    starts: string,
  ) => `select e.id, e.series_id, e.name, e.start_date_time, e.end_date_time, e.spaces
       from calendar_events e
       where e.organization_id = ${p(1)} and e.end_date_time > x.s and e.spaces && ${p(3)}::text[]
         and ${starts}`;
  return `select distinct on (e.start_date_time, e.id) e.id, e.series_id as "seriesId", e.name,
       e.start_date_time as start, e.end_date_time as "end",
       array(select unnest(e.spaces) intersect select unnest(${p(3)}::text[])) as spaces
     from jsonb_to_recordset(${p(2)}::jsonb) as x(s timestamptz, e timestamptz)
     cross join lateral (
       ${running(`e.start_date_time < x.e and e.start_date_time > x.s - interval '1 day'`)}
       union all
       ${running(`e.end_date_time - e.start_date_time > interval '1 day'
         and e.start_date_time <= x.s - interval '1 day'
         and e.start_date_time > x.s - interval '${MAX_EVENT_DAYS} days'`)}
       offset 0) e
     where not (e.id = any(${p(4)}::int[]))
       and not (coalesce(e.series_id = any(${p(5)}::int[]), false)
                and e.start_date_time >= coalesce(${p(6)}::timestamptz, '-infinity'::timestamptz))
     order by e.start_date_time, e.id
     limit ${SHOWN}`;
}

const conflictParams = (
  organizationId: number,
  spaces: string[],
  spans: { start: Date; end: Date }[],
  replacing: Replacing,
): unknown[] => [
  organizationId,
  spansJson(spans),
  spaces,
  replacing.eventIds ?? [],
  replacing.seriesIds ?? [],
  replacing.seriesFrom ?? null,
];

const toViews = (rows: ConflictRow[], timeZone: string): ConflictView[] =>
  rows.map((r) => ({
    eventId: r.id,
    seriesId: r.seriesId,
    name: r.name,
    startDateTime: toZonedIso(new Date(r.start), timeZone),
    endDateTime: toZonedIso(new Date(r.end), timeZone),
    spaces: [...r.spaces].sort(),
  }));

export async function findConflicts(
  q: Runner,
  organizationId: number,
  timeZone: string,
  spaces: string[],
  spans: { start: Date; end: Date }[],
  replacing: Replacing = {},
): Promise<ConflictView[]> {
  if (spans.length === 0) return [];
  const rows = await q.query<ConflictRow>(
    conflictQuery(1),
    conflictParams(organizationId, spaces, spans, replacing),
  );
  return toViews(rows, timeZone);
}

/**
 * The conflict check of a booking that asks for no override, run by its write statement instead
 * of a statement of its own (one round trip fewer). The write statement starts after the lock
 * statement has returned, so its snapshot sees every booking committed by a writer it waited on,
 * as the separate check's did; it does not see its own rows. A statement that finds conflicts
 * fails with them (`calendar_refuse_conflicts`, SQLSTATE GR409): the transaction is aborted, so
 * what was sent behind it (the answer's read and the COMMIT) commits nothing, and `guard` turns
 * the failure into the separate check's answer (409 and its list).
 */
export class FoldedCheck {
  private constructor(
    readonly params: unknown[],
    private readonly timeZone: string,
    /** Whether a statement carrying it was sent (a check of nothing needs none). */
    private sent: boolean,
  ) {}

  static of(
    organizationId: number,
    timeZone: string,
    spaces: string[],
    spans: { start: Date; end: Date }[],
    replacing: Replacing,
  ) {
    return new FoldedCheck(
      conflictParams(organizationId, spaces, spans, replacing),
      timeZone,
      spans.length === 0,
    );
  }

  /** No check: the CTE reads no span (a write whose conflicts were checked apart, or need none). */
  static none(organizationId: number) {
    return new FoldedCheck(conflictParams(organizationId, [], [], {}), 'UTC', true);
  }

  /**
   * The write statement carrying this check, as sent: its rows, or a 409 with the conflicts it
   * failed with. The check counts as made from the moment the statement is sent, so a transaction
   * may send its COMMIT behind it without waiting (a statement that returns found none).
   */
  async guard<T>(statement: Promise<T[]>): Promise<T[]> {
    this.sent = true;
    try {
      return await statement;
    } catch (error) {
      const { code, detail } = (error ?? {}) as { code?: string; detail?: string };
      if (code !== REFUSED_STATE || detail === undefined) throw error;
      resolveConflicts(toViews(JSON.parse(detail) as ConflictRow[], this.timeZone), false, false);
      throw error;
    }
  }

  /** Refuses a booking whose write sent no check (a write path that forgot it would double-book). */
  ensureSent() {
    if (!this.sent) throw new Error('a booking was written without its conflict check');
  }
}

/** The `conflicts` CTE of a write statement whose FoldedCheck parameters start at `$at`. */
export const conflictsCte = (at: number) => `conflicts as materialized (${conflictQuery(at)})`;
/** What a write statement that finds conflicts fails with (migration calendar_conflicts_refused). */
const REFUSED_STATE = 'GR409';
/**
 * The write statement's column that fails it with what `conflicts` found, in the check's order
 * (FoldedCheck.guard), and is empty otherwise. A subquery of its own, so it runs once however
 * many rows the statement returns.
 */
export const CONFLICTS_COLUMN = `(select calendar_refuse_conflicts((select coalesce(json_agg(c order by c.start, c.id), '[]'::json) from conflicts c))) as conflicts`;

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
