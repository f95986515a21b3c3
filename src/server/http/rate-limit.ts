// Fixed-window counters in PostgreSQL, so a limit holds across every instance (DESIGN §1, §5).
import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { AppError } from './errors';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

const UPSERT = `
insert into rate_limits (key, window_start, count) values ($1, now(), $3::int)
on conflict (key) do update set
  count = case when rate_limits.window_start < now() - make_interval(secs => $2::int)
    then $3::int else rate_limits.count + $3::int end,
  window_start = case when rate_limits.window_start < now() - make_interval(secs => $2::int)
    then now() else rate_limits.window_start end
returning count, ceil(extract(epoch from (window_start + make_interval(secs => $2::int) - now())))::int as retry`;

// Keys carry what the caller typed (a username, an e-mail). A long one would not fit the key's
// index (the database refuses it: 500), so it is kept as a digest of itself instead.
const MAX_KEY_LENGTH = 200;
export const storedKey = (key: string) =>
  key.length <= MAX_KEY_LENGTH
    ? key
    : `${key.slice(0, 40)}#${createHash('sha256').update(key).digest('base64url')}`;

async function add(database: Database, key: string, rule: Limit, amount: number) {
  const [row] = await database.query<{ count: number; retry: number }>(UPSERT, [
    storedKey(key),
    rule.windowSeconds,
    amount,
  ]);
  return row;
}

function tooMany(retry: number) {
  return new AppError(429, 'Too many attempts. Please try again later.', {
    headers: { 'retry-after': String(Math.max(1, retry)) },
  });
}

/** Counts one attempt against every key and refuses when any is over its limit. */
export async function consume(database: Database, keys: string[], rule: Limit) {
  for (const key of keys) {
    const row = await add(database, key, rule, 1);
    if (row.count > rule.limit) throw tooMany(row.retry);
  }
}

/** Refuses when any key is already over its limit, without counting (sign-in counts failures only). */
export async function check(database: Database, keys: string[], rule: Limit) {
  for (const key of keys) {
    const row = await add(database, key, rule, 0);
    if (row.count >= rule.limit) throw tooMany(row.retry);
  }
}

export async function record(database: Database, keys: string[], rule: Limit) {
  for (const key of keys) await add(database, key, rule, 1);
}
