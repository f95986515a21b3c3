// Fixed-window counters in PostgreSQL, so a limit holds across every instance. An attempt is
// counted before the work it guards (a password hash, a code, a mail), in the same statement
// that answers whether it is allowed: parallel requests cannot all pass one check first.
import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { AppError } from './errors';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** One counter an attempt is counted against, e.g. per account and per address. */
export interface Counter {
  key: string;
  rule: Limit;
}

// Keys in one order in both statements, so two calls sharing keys lock them in the same order.
const RESERVE = `
with wanted (key, seconds, most) as (select * from unnest($1::text[], $2::int[], $3::int[])),
counted as (
  insert into rate_limits as r (key, window_start, count)
  select key, now(), 1 from wanted order by key
  on conflict (key) do update set
    count = case when r.window_start < now() - make_interval(secs => (select seconds from wanted w where w.key = r.key))
      then 1 else r.count + 1 end,
    window_start = case when r.window_start < now() - make_interval(secs => (select seconds from wanted w where w.key = r.key))
      then now() else r.window_start end
  returning r.key, r.count, r.window_start
)
select c.key, c.count <= w.most as within, c.window_start::text as started,
  ceil(extract(epoch from (c.window_start + make_interval(secs => w.seconds) - now())))::int as retry
from counted c join wanted w using (key)`;

// Only within the window the attempt was counted in: a window that started since holds newer
// attempts, not this one.
const RELEASE = `
insert into rate_limits as r (key, window_start, count)
select key, started, 0 from unnest($1::text[], $2::timestamptz[]) as t(key, started) order by key
on conflict (key) do update set count = greatest(r.count - 1, 0)
  where r.window_start = excluded.window_start`;

// Keys carry what the caller typed (a username, an e-mail). A long one would not fit the key's
// index (the database refuses it: 500), so it is kept as a digest of itself instead.
const MAX_KEY_LENGTH = 200;
export const storedKey = (key: string) =>
  key.length <= MAX_KEY_LENGTH
    ? key
    : `${key.slice(0, 40)}#${createHash('sha256').update(key).digest('base64url')}`;

function tooMany(retry: number) {
  return new AppError(429, 'Too many attempts. Please try again later.', {
    headers: { 'retry-after': String(Math.max(1, retry)) },
  });
}

export interface Reservation {
  /** Gives the attempt back, for limits that count failures only. */
  release(): Promise<void>;
}

/**
 * Counts one attempt against every counter at once and refuses (429) when any is over its limit;
 * a refused attempt is given back at once, so it counts nowhere. Limits on every attempt keep the
 * reservation; limits on failures release it when the attempt succeeds.
 */
export async function reserve(database: Database, counters: Counter[]): Promise<Reservation> {
  const byKey = new Map(counters.map((c) => [storedKey(c.key), c.rule]));
  const keys = [...byKey.keys()];
  const rows = await database.query<{ key: string; within: boolean; started: string; retry: number }>(
    RESERVE,
    [keys, keys.map((k) => byKey.get(k)?.windowSeconds), keys.map((k) => byKey.get(k)?.limit)],
  );
  const release = () =>
    database.query(RELEASE, [rows.map((r) => r.key), rows.map((r) => r.started)]).then(() => undefined);
  const over = rows.filter((r) => !r.within);
  if (over.length > 0) {
    await release();
    throw tooMany(Math.max(...over.map((r) => r.retry)));
  }
  return { release };
}

/** Runs a check that may fail (a password, a code) under limits that count its failures only. */
export async function countFailures(database: Database, counters: Counter[], check: () => Promise<boolean>) {
  const reservation = await reserve(database, counters);
  const ok = await check();
  if (ok) await reservation.release();
  return ok;
}
