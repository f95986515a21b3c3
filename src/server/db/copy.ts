// Copies every table of one database into another that has the same migrations and no data yet:
// the move from the embedded database to a PostgreSQL server (`npm run db:export-to`). The tables
// come from schema.ts, so a table a feature adds is copied without anyone listing it; they go
// parents first (by their foreign keys). Rows travel as JSON, which PostgreSQL turns back into
// each column's own type (dates, arrays, bytes, JSON), and generated columns are computed again.
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import * as schema from './schema';

const BATCH = 500;

/** Every table of schema.ts, each after the tables its foreign keys point to. */
export function tablesInDependencyOrder(): string[] {
  const configs = (Object.values(schema) as unknown[])
    .filter((value) => is(value, PgTable))
    .map((table) => getTableConfig(table as PgTable));
  const parents = new Map(
    configs.map((c) => [
      c.name,
      c.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((n) => n !== c.name),
    ]),
  );
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const name of [...parents.keys()].sort()) visit(name, new Set());
  return ordered;
}

/**
 * Columns a trigger keeps from rows of another table copied after them: copied as their default,
 * they are rebuilt by those rows' inserts (copied as they stand, they would be counted twice).
 */
const TRIGGER_KEPT: Record<string, readonly string[]> = {
  // The number of a shift's signups (migration *_volunteer_shifts).
  volunteer_shifts: ['taken'],
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Copies every row; returns the row count per table. Refuses a target that holds any data. */
export async function copyDatabase(source: Database, target: Database): Promise<Map<string, number>> {
  const tables = tablesInDependencyOrder();
  for (const table of tables) {
    const [{ n }] = await target.query<{ n: number }>(`select count(*)::int as n from ${quoted(table)}`);
    if (n > 0) throw new Error(`The target database is not empty (table ${table} has rows).`);
  }
  const counts = new Map<string, number>();
  for (const table of tables) {
    const columns = await target.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
       order by ordinal_position`,
      [table],
    );
    const kept = TRIGGER_KEPT[table] ?? [];
    const list = columns
      .filter((c) => !kept.includes(c.name))
      .map((c) => quoted(c.name))
      .join(', ');
    const [{ n }] = await source.query<{ n: number }>(`select count(*)::int as n from ${quoted(table)}`);
    // Rows in their physical order within a batch, batches by ctid: a row that points at an
    // earlier row of its own table (a reply, a parent) comes after it in nearly every case.
    for (let offset = 0; offset < n; offset += BATCH) {
      const [{ rows }] = await source.query<{ rows: string }>(
        `select coalesce(json_agg(t), '[]')::text as rows
         from (select ${list} from ${quoted(table)} order by ctid limit $1 offset $2) t`,
        [BATCH, offset],
      );
      await target.query(
        `insert into ${quoted(table)} (${list})
         select ${list} from json_populate_recordset(null::${quoted(table)}, $1::json)`,
        [rows],
      );
    }
    counts.set(table, n);
  }
  // Serial columns continue after the copied ids.
  const serials = await target.query<{ table: string; column: string }>(
    `select table_name as table, column_name as column from information_schema.columns
     where table_schema = current_schema() and column_default like 'nextval(%'`,
  );
  for (const { table, column } of serials) {
    await target.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`,
      [quoted(table), column],
    );
  }
  return counts;
}
