// Raw, parameterised SQL inside a Drizzle transaction. The calendar writes occurrences in bulk
// (jsonb_to_recordset, unnest), which reads better as SQL than as query-builder calls.
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Runner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

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
 * One transaction for a calendar change. It holds no lock of its own: each write takes only what
 * it may clash over as its first step (lockBookings for the spaces and days it books, row locks
 * on the series it rewrites, lockKey for anything else), so unrelated writes run side by side.
 */
export function calendarTransaction<T>(
  database: Database,
  work: (q: Runner, tx: Tx) => Promise<T>,
): Promise<T> {
  return database.db.transaction((tx) => work(runner(tx), tx));
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
 * wait on each other in a circle.
 */
export async function lockBookings(
  q: Runner,
  organizationId: number,
  spaces: readonly string[],
  spans: readonly { start: Date; end: Date }[],
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
  await takeLocks(q, keys, exclusive, level);
}

/** Row locks on the parts of one series, which every rewrite of it holds first. */
export async function lockSeries(q: Runner, organizationId: number, parts: readonly { id: number }[]) {
  await q.query(
    'select id from calendar_event_series where organization_id = $1 and id = any($2::int[]) order by id for update',
    [organizationId, parts.map((p) => p.id)],
  );
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
