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
  return announcedTransaction(
    database,
    organizationId,
    work,
    actorId === undefined ? {} : { 'greenroom.actor_id': String(actorId) },
  );
}

const DAY_MS = 86_400_000;
/**
 * Past this many (space, day) locks a write locks its spaces whole instead (each lock is an entry
 * in the server's shared lock table, sized max_locks_per_transaction × connections).
 */
const MAX_DAY_LOCKS = 64;

/**
 * Serializes bookings that could overlap, and only those: two overlapping spans share an instant,
 * hence a (space, UTC day) pair, so each write holds an exclusive advisory lock on every pair its
 * spans touch (plus a shared one on each space). A long series would need hundreds of pairs: it
 * takes its spaces whole (exclusive), which the shared locks of the small writes respect. Keys
 * are hashed to 64 bits and taken in one sorted order (spaces before days), so writers never
 * wait on each other in a circle. A series rewrite passes its parts: their rows are locked first
 * in the same statement.
 */
export async function lockBookings(
  q: Runner,
  organizationId: number,
  spaces: readonly string[],
  spans: readonly { start: Date; end: Date }[],
  seriesParts: readonly { id: number }[] = [],
) {
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
  if (seriesParts.length === 0) return takeLocks(q, keys, exclusive, level);
  if (keys.length === 0) return lockSeries(q, organizationId, seriesParts);
  // The aggregate over the locked rows is joined before the sort, so every row lock is held
  // before the first advisory lock is asked for.
  await q.query(
    `select case when x then pg_advisory_xact_lock(h) else pg_advisory_xact_lock_shared(h) end
     from (select count(*) from (${seriesRows('$4', '$5')}) r) held,
          (select hashtextextended(k, 0) as h, x, l
           from unnest($1::text[], $2::boolean[], $3::int[]) as t(k, x, l)) s
     order by l, h`,
    [keys, exclusive, level, organizationId, seriesParts.map((p) => p.id)],
  );
}

/** Row locks on the parts of one series (ids in `ids`), which every rewrite of it holds first. */
const seriesRows = (organization: string, ids: string) =>
  `select id from calendar_event_series where organization_id = ${organization} and id = any(${ids}::int[])
   order by id for update`;

async function lockSeries(q: Runner, organizationId: number, parts: readonly { id: number }[]) {
  await q.query(seriesRows('$1', '$2'), [organizationId, parts.map((p) => p.id)]);
}

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
