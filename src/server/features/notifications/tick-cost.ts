// What one notification tick costs: the statements and transactions it sends through the
// database handle, and the rows those statements read (each run again under EXPLAIN ANALYZE and
// rolled back). Read by tick-scale.test.ts, the tenants ops suite and `npm run bench:tenants`.
import type { Database } from '../../db/client';

export interface TickCost {
  statements: number;
  transactions: number;
  /** Rows the tick's statements read from tables (scanned or fetched, filtered out included). */
  rows: number;
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

function rowsRead(node: PlanNode): number {
  const loops = Number(node['Actual Loops'] ?? 1);
  const own =
    typeof node['Relation Name'] === 'string'
      ? (Number(node['Actual Rows'] ?? 0) +
          Number(node['Rows Removed by Filter'] ?? 0) +
          Number(node['Rows Removed by Index Recheck'] ?? 0)) *
        loops
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}

class Rollback extends Error {}

/** Runs `tick` on a handle that records what it sends, then measures the rows it read. */
export async function tickCost(
  database: Database,
  tick: (database: Database) => Promise<void>,
): Promise<TickCost> {
  const sent: { text: string; params: unknown[] }[] = [];
  let transactions = 0;
  const wrapped = new Proxy(database, {
    get(target, key, receiver) {
      if (key === 'query')
        return (text: string, params: unknown[] = []) => {
          sent.push({ text, params });
          return target.query(text, params);
        };
      if (key === 'db') transactions++;
      return Reflect.get(target, key, receiver);
    },
  });
  await tick(wrapped);
  let rows = 0;
  await database
    .transaction(async (q) => {
      for (const { text, params } of sent) {
        const [plan] = await q.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
          `explain (analyze, format json) ${text}`,
          params,
        );
        const json = plan['QUERY PLAN'];
        rows += rowsRead((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan);
      }
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return { statements: sent.length, transactions, rows };
}

/**
 * Ticks until one plans no digest, runs no job and sends what the one before sent, then measures
 * one more: what was due (other organizations' jobs, every organization's first plan and the
 * digests it queued, a bounded number of jobs a tick) is done by then. Measured with fresh table
 * statistics, as a server keeps them.
 */
export async function quietTickCost(database: Database, tick: (database: Database) => Promise<void>) {
  const state = async () =>
    JSON.stringify(
      await database.query(
        `select (select count(*)::int from digest_plans) as plans,
           (select count(*)::int from jobs where done_at is null) as waiting`,
      ),
    );
  let last = await tickCost(database, tick);
  for (let i = 0; i < 60; i++) {
    const before = await state();
    const next = await tickCost(database, tick);
    const same = next.statements === last.statements && next.transactions === last.transactions;
    if (same && (await state()) === before) {
      // The first ticks rewrote every organization's digests_due_at and added its plan: the
      // statistics a PostgreSQL server's autovacuum would take after that many changes.
      await database.query('analyze organizations, digest_plans, jobs');
      return tickCost(database, tick);
    }
    last = next;
  }
  throw new Error('the tick never settled');
}
