// A job queue in PostgreSQL. Rows are claimed with FOR UPDATE SKIP LOCKED, so two workers never
// take the same one; a claim is a lease (locked_until), so a worker that dies mid-job leaves it
// to be taken again once the lease runs out. A failed job is retried with exponential back-off,
// without limit: mail is never dropped. unique_key makes enqueueing idempotent.
import type { Database } from '../../db/client';
import type { Runner } from '../calendar';

export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Delay before the next try after `attempts` failures: 30 s, 1 min, 2 min, … up to an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.max(0, attempts - 1));

/** Adds a job unless one with the same key exists (done or not); true when added. */
export async function enqueue(
  q: Runner | Database,
  kind: string,
  uniqueKey: string,
  payload: Record<string, unknown>,
  runAt: Date,
): Promise<boolean> {
  const rows = await q.query(
    `insert into jobs (kind, unique_key, payload, run_at) values ($1, $2, $3::jsonb, $4)
     on conflict (unique_key) do nothing returning id`,
    [kind, uniqueKey, JSON.stringify(payload), runAt],
  );
  return rows.length > 0;
}

/** Mail jobs for recorded notices, in one statement: each sends notification `id`, unless its key exists. */
export async function enqueueMails(
  q: Runner | Database,
  mails: readonly { key: string; id: number }[],
  runAt: Date,
) {
  if (mails.length === 0) return;
  await q.query(
    `insert into jobs (kind, unique_key, payload, run_at)
     select 'mail', m.key, jsonb_build_object('notificationId', m.id), $3
     from unnest($1::text[], $2::int[]) as m(key, id)
     on conflict (unique_key) do nothing`,
    [mails.map((m) => m.key), mails.map((m) => m.id), runAt],
  );
}

/**
 * Takes up to `limit` due jobs for this worker, leasing them until now + LEASE_MS. Single mails
 * (reminders, immediate notices) go before digests, which may be many at 07:00.
 */
export function claimJobs(database: Database, now: Date, limit = 20): Promise<Job[]> {
  // The claim is picked once, in a materialized CTE: as `where id in (… limit …)` PostgreSQL may
  // plan the subquery as the inner side of a join and run it again per row, and with SKIP LOCKED
  // each run finds other rows, so one claim took every due job (seen once the jobs table had
  // statistics: 1,202 digests in one tick).
  return database.query<Job>(
    `with picked as materialized (
       select id from jobs
       where done_at is null and run_at <= $1 and (locked_until is null or locked_until <= $1)
       order by kind = 'digest', run_at, id limit $3
       for update skip locked)
     update jobs j set locked_until = $2, attempts = j.attempts + 1
     from picked where j.id = picked.id
     returning j.id, j.kind, j.payload, j.attempts`,
    [now, new Date(now.getTime() + LEASE_MS), limit],
  );
}

export async function completeJob(q: Runner | Database, id: number, now: Date) {
  await q.query('update jobs set done_at = $2, locked_until = null, last_error = null where id = $1', [
    id,
    now,
  ]);
}

export async function failJob(database: Database, job: Job, now: Date, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  await database.query('update jobs set locked_until = null, run_at = $2, last_error = $3 where id = $1', [
    job.id,
    new Date(now.getTime() + backoffMs(job.attempts)),
    message.slice(0, 1000),
  ]);
}
