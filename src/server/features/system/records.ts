// The database manager's reads and writes on one allow-listed table (see tables.ts). Every query
// is built from Drizzle objects; values are bound parameters. Each change is audited with the
// before and after values inside the same transaction.
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { sqlState } from '../../db/errors';
import { AppError, badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { userOrganizations } from '../../db/schema';
import { type ManagedTable, propertyOf } from './tables';

/** At most this many rows in one export, so one click cannot build an unbounded answer. */
export const EXPORT_LIMIT = 10_000;

type Row = Record<string, unknown>;
/** A row as read back: every managed table has an id primary key (tables.ts refuses one without). */
type Stored = Row & { id: number };

const selection = (t: ManagedTable) =>
  Object.fromEntries(t.columns.map((c) => [c.name, c.column])) as Record<string, PgColumn>;

function searchCondition(t: ManagedTable, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...t.columns.map((c) => sql`${c.column}::text ilike ${pattern}`));
}

export async function listRecords(
  db: Db,
  t: ManagedTable,
  opts: { search?: string; page: number; pageSize: number },
) {
  const where = searchCondition(t, opts.search);
  const [{ total }] = await db.select({ total: count() }).from(t.table).where(where);
  const rows = await db
    .select(selection(t))
    .from(t.table)
    .where(where)
    .orderBy(desc(t.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  return {
    table: t.name,
    columns: t.columns.map((c) => c.name),
    records: rows as Stored[],
    total,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

export async function exportRecords(db: Db, t: ManagedTable) {
  return (await db.select(selection(t)).from(t.table).orderBy(asc(t.id)).limit(EXPORT_LIMIT)) as Stored[];
}

async function findRow(db: Db, t: ManagedTable, id: number): Promise<Stored | undefined> {
  const [row] = await db.select(selection(t)).from(t.table).where(eq(t.id, id));
  return row as Stored | undefined;
}

/** The organization a row belongs to, so the change shows in that organization's audit log. */
function organizationOf(t: ManagedTable, row: Row | undefined): number | null {
  if (!row) return null;
  const id = t.name === 'organizations' ? row.id : row.organization_id;
  return typeof id === 'number' ? id : null;
}

/** Constraint failures are the caller's data, not the server's fault: 400/409 with a reason. */
function constraintError(err: unknown): never {
  switch (sqlState(err)) {
    case '23505':
      throw new AppError(409, 'A record with these values already exists');
    case '23503':
      throw badRequest('A referenced record does not exist, or other records still refer to this one');
    case '23502':
      throw badRequest('A required value is missing');
    case '23514':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
      throw badRequest('A value is not valid for its column');
    default:
      throw err;
  }
}

async function audited<T>(
  db: Db,
  actorId: number,
  t: ManagedTable,
  action: 'created' | 'updated' | 'deleted',
  change: (tx: Db) => Promise<{ id: number; before: Row | null; after: Row | null; result: T }>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const { id, before, after, result } = await change(tx as unknown as Db);
      await recordAudit(tx as unknown as Db, {
        organizationId: organizationOf(t, after ?? before ?? undefined),
        actorId,
        action: `database.record_${action}`,
        targetType: t.name,
        targetId: id,
        details: { table: t.name, before, after },
      });
      return result;
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return constraintError(err);
  }
}

/**
 * A new row names its team, event or person only within its own organization, as the screens
 * offer them; any other is refused as if it did not exist.
 */
async function assertSameOrganization(tx: Db, t: ManagedTable, values: Row) {
  const organizationId = values[propertyOf(t, 'organization_id') ?? ''];
  for (const [column, target] of Object.entries(t.sameOrganization)) {
    const value = values[propertyOf(t, column) ?? ''];
    if (value === undefined || value === null) continue;
    const found =
      target === 'member'
        ? await tx
            .select({ id: userOrganizations.id })
            .from(userOrganizations)
            .where(
              and(
                eq(userOrganizations.userId, value as number),
                eq(userOrganizations.organizationId, organizationId as number),
              ),
            )
        : await tx
            .select({ one: sql<number>`1` })
            .from(target)
            .where(
              sql`${columnOf(target, 'id')} = ${value} and ${columnOf(target, 'organization_id')} = ${organizationId}`,
            );
    if (found.length === 0) {
      throw badRequest(`${column}: Must be in the same organization as the record`, {
        [column]: 'Must be in the same organization as the record',
      });
    }
  }
}

const columnOf = (table: PgTable, name: string) => {
  const column = getTableConfig(table).columns.find((c) => c.name === name);
  if (!column) throw new Error(`${getTableConfig(table).name} has no ${name} column`);
  return column;
};

/** `values` come from parseRecord(t, …, 'insert'), which refuses tables that take no new rows. */
export function insertRecord(db: Db, actorId: number, t: ManagedTable, values: Row) {
  return audited(db, actorId, t, 'created', async (tx) => {
    await assertSameOrganization(tx, t, values);
    const [{ id }] = await tx.insert(t.table).values(values).returning({ id: t.id });
    const after = await findRow(tx, t, id as number);
    if (!after) throw notFound('Record not found');
    return { id: id as number, before: null, after, result: after };
  });
}

export function updateRecord(db: Db, actorId: number, t: ManagedTable, id: number, values: Row) {
  return audited(db, actorId, t, 'updated', async (tx) => {
    const before = await findRow(tx, t, id);
    if (!before) throw notFound('Record not found');
    await tx.update(t.table).set(values).where(eq(t.id, id));
    const after = await findRow(tx, t, id);
    if (!after) throw notFound('Record not found');
    return { id, before, after, result: after };
  });
}

export function deleteRecord(db: Db, actorId: number, t: ManagedTable, id: number) {
  return audited(db, actorId, t, 'deleted', async (tx) => {
    const before = await findRow(tx, t, id);
    if (!before) throw notFound('Record not found');
    await tx.delete(t.table).where(eq(t.id, id));
    return { id, before, after: null, result: { id, deleted: true as const } };
  });
}
