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
 * One transaction for a calendar change, holding the organization's calendar lock: two bookings
 * of one space made at the same moment are checked one after the other, never both passed.
 */
export function calendarTransaction<T>(
  database: Database,
  organizationId: number,
  work: (q: Runner, tx: Tx) => Promise<T>,
): Promise<T> {
  return database.db.transaction(async (tx) => {
    const q = runner(tx);
    await q.query('select pg_advisory_xact_lock($1::int, $2::int)', [CALENDAR_LOCK, organizationId]);
    return work(q, tx);
  });
}

const CALENDAR_LOCK = 5_455_281;

/** Occurrence bounds as one jsonb parameter, read back with jsonb_to_recordset. */
export const spansJson = (spans: { start: Date; end: Date }[]) =>
  JSON.stringify(spans.map((s) => ({ s: s.start.toISOString(), e: s.end.toISOString() })));
