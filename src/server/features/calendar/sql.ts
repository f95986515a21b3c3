// Raw, parameterised SQL in a transaction. The calendar writes occurrences in bulk
// (jsonb_to_recordset, unnest), which reads better as SQL than as query-builder calls.
import { type SQL, sql } from 'drizzle-orm';
import { announcedTransaction } from '../../db/change-feed';
import type { Database, Db, Runner } from '../../db/client';

export type { Runner } from '../../db/client';
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** `$1`-style text and values → Drizzle SQL; every value stays a bound parameter (arrays too). */
function toSql(text: string, params: unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(piece));
    else chunks.push(sql`${sql.param(params[Number(piece) - 1])}`);
  });
  return sql.join(chunks);
}

export function runner(tx: Tx): Runner {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      const result = await tx.execute(toSql(text, params));
      return (result as unknown as { rows: T[] }).rows;
    },
  };
}

/**
 * One transaction for a calendar change in one organization. It holds no lock of its own: each
 * write takes only what it may clash over as its first step (lockBookings for the spaces and days
 * it books, row locks on the series it rewrites, lockKey for anything else), so unrelated writes
 * run side by side. Its change is announced after the commit (announcedTransaction), and
 * `actorId` names the editor for the change-notice trigger (left out of their own notice); both
 * are set in the same round trip as BEGIN.
 */
export function calendarTransaction<T>(
  database: Database,
  organizationId: number,
  work: (q: Runner) => Promise<T>,
  actorId?: number,
): Promise<T> {
  return announcedTransaction(database, organizationId, work, {
    ...GENERIC_PLANS,
    ...(actorId === undefined ? {} : { 'greenroom.actor_id': String(actorId) }),
  });
}

/**
 * Each statement of a calendar write is planned once per connection. Left to choose, PostgreSQL
 * planned the series rewrite and the series' lock statement anew on most calls (custom plans,
 * 0.35-0.56 and 0.21-0.32 ms each: its estimate for the generic plan, unaware of the arrays'
 * lengths, came out higher), though the generic plans read the same index ranges in the same
 * time (pg_stat_statements, `npm run bench -- "write event edit"`; README, fifth step).
 */
const GENERIC_PLANS = { plan_cache_mode: 'force_generic_plan' };

const DAY_MS = 86_400_000;
/**
 * Past this many (space, day) locks a write locks its spaces whole instead (each lock is an entry
 * in the server's shared lock table, sized max_locks_per_transaction × connections).
 */
const MAX_DAY_LOCKS = 64;

/** A row of a series' lineage as read under its lock (`held`). */
export interface LineageRow {
  id: number;
  seriesId: number;
  start: Date;
  end: Date;
  isException: boolean;
}

/** What a rewrite of a series holds and reads under its locks, to check the plan it made before. */
export interface Held {
  /** The locked parts' row versions (xmin), by id: a part gone or changed since it was read is not as planned. */
  parts: { id: number; version: string }[];
  /** The edited row's version, null when it is gone. */
  eventVersion: string | null;
  /** Every row of the locked parts, read after the locks were granted (when asked for). */
  rows: LineageRow[];
}

/** What a write learns from the statement that takes its locks. */
export interface Locked {
  /** With `hold`: the series' parts and the row as they are now. */
  held: Held | null;
  /** Some series of the organization has no rows yet as far as `materializedBy` (it must grow first). */
  stale: boolean;
  /** The organization's event types that are public unless said otherwise (what a new event needs). */
  publicEventTypes: string[];
}

/**
 * Serializes bookings that could overlap, and only those: two overlapping spans share an instant,
 * hence a (space, UTC day) pair, so each write holds an exclusive advisory lock on every pair its
 * spans touch (plus a shared one on each space). A long series would need hundreds of pairs: it
 * takes its spaces whole (exclusive), which the shared locks of the small writes respect. Keys
 * are hashed to 64 bits and taken in one sorted order (spaces before days), so writers never
 * wait on each other in a circle. A rewrite of a series passes `hold`: its parts' rows and the
 * edited row are locked first in the same statement, and what they hold now comes back (Held).
 * The same round trip says whether the organization's series reach `materializedBy` and which
 * event types are public (Locked), which a write used to ask in a round trip of its own.
 */
export async function lockBookings(
  q: Runner,
  organizationId: number,
  spaces: readonly string[],
  spans: readonly { start: Date; end: Date }[],
  materializedBy: Date | null,
  hold?: { seriesIds: readonly number[]; eventId: number; rows: boolean },
): Promise<Locked> {
  const days = new Set<number>();
  for (const span of spans) {
    const last = Math.floor((span.end.getTime() - 1) / DAY_MS);
    for (let d = Math.floor(span.start.getTime() / DAY_MS); d <= last; d++) days.add(d);
  }
  const whole = days.size * spaces.length > MAX_DAY_LOCKS;
  const keys: string[] = [];
  const exclusive: boolean[] = [];
  const level: number[] = [];
  for (const space of new Set(spaces)) {
    keys.push(`calendar:${organizationId}:${space}`);
    exclusive.push(whole);
    level.push(0);
    if (whole) continue;
    for (const day of days) {
      keys.push(`calendar:${organizationId}:${space}:${day}`);
      exclusive.push(true);
      level.push(1);
    }
  }
  // `held` is read before the sort, so every row lock is granted before the first advisory lock is
  // asked for; the rows are read in the same statement, which is safe because a plan whose parts
  // or row changed while it waited is refused by the caller (their versions come back). One text
  // per kind of hold, each prepared once: a new booking holds nothing, an edit of one date its row
  // and parts, a rewrite of the series their rows too.
  const [row] = await q.query<{ held: Held | string; stale: boolean; publicEventTypes: string[] | null }>(
    `with held as materialized (${hold ? heldSql(hold.rows) : NOTHING_HELD}),
     org as materialized (
       select exists (select 1 from calendar_event_series where organization_id = $4
           and materialized_until < $${hold ? 7 : 5}::timestamptz) as stale,
         (select public_event_types from organizations where id = $4) as types),
     locks as materialized (
       select case when x then pg_advisory_xact_lock(h) else pg_advisory_xact_lock_shared(h) end
       from held, (select hashtextextended(k, 0) as h, x, l
                   from unnest($1::text[], $2::boolean[], $3::int[]) as t(k, x, l)) s
       order by l, h)
     select held.state as held, org.stale, org.types as "publicEventTypes"
     from held, org where (select count(*) from locks) >= 0`,
    [
      keys,
      exclusive,
      level,
      organizationId,
      ...(hold ? [[...hold.seriesIds], hold.eventId] : []),
      materializedBy,
    ],
  );
  let held: Held | null = null;
  if (hold) {
    const read = typeof row.held === 'string' ? (JSON.parse(row.held) as Held) : row.held;
    held = {
      ...read,
      rows: read.rows.map((r) => ({ ...r, start: new Date(r.start), end: new Date(r.end) })),
    };
  }
  return { held, stale: row.stale, publicEventTypes: row.publicEventTypes ?? [] };
}

const NOTHING_HELD = 'select null::json as state';

/**
 * The parts ($5) and the edited row ($6) of one organization ($4), locked in id order, then their
 * rows read when `rows` (a rewrite of the series needs them; one date edited on its own does not).
 */
const heldSql = (rows: boolean) => `select json_build_object(
  'parts', (select coalesce(json_agg(p), '[]') from (
     select id, xmin::text as version from calendar_event_series
     where organization_id = $4 and id = any($5::int[]) order by id for update) p),
  'eventVersion', (select xmin::text from calendar_events where organization_id = $4 and id = $6::int for no key update),
  'rows', ${
    rows
      ? `(select coalesce(json_agg(r), '[]') from (
     select id, series_id as "seriesId", start_date_time as start, end_date_time as "end",
       is_exception as "isException"
     from calendar_events where organization_id = $4 and series_id = any($5::int[])
     order by start_date_time, id) r)`
      : `'[]'::json`
  }) as state`;

/** An exclusive lock on one named thing (e.g. a member's feed address) until the transaction ends. */
export async function lockKey(q: Runner, key: string) {
  await takeLocks(q, [key], [true], [0]);
}

async function takeLocks(q: Runner, keys: string[], exclusive: boolean[], level: number[]) {
  if (keys.length === 0) return;
  // The lock calls are volatile, so PostgreSQL makes them after the sort, in this order.
  await q.query(
    `select case when x then pg_advisory_xact_lock(h) else pg_advisory_xact_lock_shared(h) end
     from (select hashtextextended(k, 0) as h, x, l
           from unnest($1::text[], $2::boolean[], $3::int[]) as t(k, x, l)) s
     order by l, h`,
    [keys, exclusive, level],
  );
}

/** Occurrence bounds as one jsonb parameter, read back with jsonb_to_recordset. */
export const spansJson = (spans: { start: Date; end: Date }[]) =>
  JSON.stringify(spans.map((s) => ({ s: s.start.toISOString(), e: s.end.toISOString() })));
