// Raw, parameterised SQL in a transaction. The calendar writes occurrences in bulk
// (jsonb_to_recordset, unnest), which reads better as SQL than as query-builder calls.
import { type SQL, sql } from 'drizzle-orm';
import type { Area, Areas } from '../../db/areas';
import { announcedTransaction } from '../../db/change-feed';
import type { Database, Db, Runner } from '../../db/client';
import { type Writer, writerCheck } from '../../http/session';

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
 * run side by side. Its change to `areas` is announced after the commit (announcedTransaction;
 * none: a write to nothing kept, announced by nobody), and `writer` names the editor for the
 * change-notice trigger (left out of their own notice) and, when the write is a request's, checks
 * their session still stands (writerCheck); all in the same round trip as BEGIN.
 */
export function calendarTransaction<T>(
  database: Database,
  organizationId: number,
  areas: readonly Area[],
  work: (q: Runner) => Promise<T>,
  writer?: Writer,
): Promise<T> {
  const settings = {
    ...GENERIC_PLANS,
    ...(writer ? { 'greenroom.actor_id': String(writer.actor.userId), ...writerCheck(writer) } : {}),
  };
  const [first, ...rest] = areas;
  return first === undefined
    ? database.transaction(work, settings)
    : announcedTransaction(database, organizationId, [first, ...rest], work, settings);
}

/**
 * What a calendar write changes: its events (their teams and scenes are the same area). One that
 * writes follow records too (a series grown keeps its unfollows) leaves them to their trigger.
 */
export const EVENTS_WRITTEN = ['calendar'] as const satisfies Areas;
/** A write that may remove dates: the calls, volunteer shifts and follow records they carried go with them. */
export const DATES_REMOVED = ['calendar', 'follows', 'scheduling', 'volunteer'] as const satisfies Areas;
/** A member following or unfollowing. */
export const FOLLOWS_WRITTEN = ['follows'] as const satisfies Areas;

/**
 * Each statement of a calendar write is planned once per connection. Left to choose, PostgreSQL
 * planned the series rewrite and the series' lock statement anew on most calls (custom plans,
 * 0.35-0.56 and 0.21-0.32 ms each: its estimate for the generic plan, unaware of the arrays'
 * lengths, came out higher), though the generic plans read the same index ranges in the same
 * time (pg_stat_statements, `npm run bench -- "write event edit"`; docs/performance.md).
 */
const GENERIC_PLANS = { plan_cache_mode: 'force_generic_plan' };

const DAY_MS = 86_400_000;
/**
 * Past this many (space, day) locks a write locks its spaces whole instead (each lock is an entry
 * in the server's shared lock table, sized max_locks_per_transaction × connections).
 */
const MAX_DAY_LOCKS = 64;

/** A row of a series' lineage, as the edit that rewrites it read it (its lock checks they are unchanged). */
export interface LineageRow {
  id: number;
  seriesId: number;
  start: Date;
  end: Date;
  isException: boolean;
}

/** An edit planned from a read of its series or row that changed before the edit's locks were granted. */
export class PlanChanged extends Error {}
/** A series of the organization must grow before this write's conflict check can see every booking. */
export class NotMaterialized extends Error {}

/**
 * What an edit planned from: the versions of a series' parts (`seriesIds`, SQL), the edited row
 * and, with `rows`, every row of the parts, as one text that any write to them changes. `lock`
 * locks the parts and the row first (in id order), so the versions are those the locks granted.
 */
export function lineageVersion(
  organization: string,
  seriesIds: string,
  eventId: string,
  rows: boolean,
  lock: boolean,
) {
  return `format('%s|%s|%s',
    (select string_agg(id || ':' || xmin, ',' order by id) from (
       select id, xmin from calendar_event_series where organization_id = ${organization} and id = any(${seriesIds})
       order by id${lock ? ' for update' : ''}) p),
    (select xmin::text from calendar_events where organization_id = ${organization} and id = ${eventId}${lock ? ' for no key update' : ''}),
    ${
      rows
        ? `(select string_agg(id || ':' || xmin, ',' order by id) from calendar_events
       where organization_id = ${organization} and series_id = any(${seriesIds}))`
        : `''`
    })`;
}

/** The lock statement's refusals (migration calendar_plan_refused) as the errors the writes retry on. */
function refusal(error: unknown) {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'GR412') return new PlanChanged();
  if (code === 'GR428') return new NotMaterialized();
  return error;
}

/**
 * Serializes bookings that could overlap, and only those: two overlapping spans share an instant,
 * hence a (space, UTC day) pair, so each write holds an exclusive advisory lock on every pair its
 * spans touch (plus a shared one on each space). A long series would need hundreds of pairs: it
 * takes its spaces whole (exclusive), which the shared locks of the small writes respect. Keys
 * are hashed to 64 bits and taken in one sorted order (spaces before days), so writers never
 * wait on each other in a circle.
 *
 * The statement refuses rather than reports, so a write may be sent behind it without waiting for
 * its answer (one round trip fewer): with `materializedBy`, it fails with NotMaterialized when some
 * series of the organization has no rows yet as far (it must grow first); with `hold` (an edit),
 * the series' parts and the edited row are locked first, and it fails with PlanChanged when their
 * lineageVersion is no longer the one the edit was planned from.
 */
export function lockBookings(
  q: Runner,
  organizationId: number,
  spaces: readonly string[],
  spans: readonly { start: Date; end: Date }[],
  materializedBy: Date | null,
  hold?: { seriesIds: readonly number[]; eventId: number; rows: boolean; version: string },
): Promise<void> {
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
  // `held` comes before the sort, so every row lock is granted before the first advisory lock is
  // asked for. One text per kind of hold, each prepared once: a new booking holds nothing, an edit
  // of one date its row and parts, a rewrite of the series their rows too.
  const sent = q
    .query(
      `with held as materialized (
         select ${hold ? lineageVersion('$4', '$7::int[]', '$8::int', hold.rows, true) : 'null::text'} as version),
       org as materialized (
         select exists (select 1 from calendar_event_series where organization_id = $4
             and materialized_until < $5::timestamptz) as stale),
       locks as materialized (
         select case when x then pg_advisory_xact_lock(h) else pg_advisory_xact_lock_shared(h) end
         from held, (select hashtextextended(k, 0) as h, x, l
                     from unnest($1::text[], $2::boolean[], $3::int[]) as t(k, x, l)) s
         order by l, h)
       select calendar_refuse_plan(held.version is distinct from $6::text, org.stale) as refused
       from held, org where (select count(*) from locks) >= 0`,
      [
        keys,
        exclusive,
        level,
        organizationId,
        materializedBy,
        hold?.version ?? null,
        ...(hold ? [[...hold.seriesIds], hold.eventId] : []),
      ],
    )
    .then(
      () => undefined,
      (error: unknown) => {
        throw refusal(error);
      },
    );
  // A refusal is awaited behind the write sent after it (pipelinedWrite); until then it is handled.
  sent.catch(() => {});
  return sent;
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
