// The database manager's allow-list: which tables a system user may see and change (TABLE_RULES,
// which also says which columns may be written and how they are checked), drawn from the Drizzle
// schema, and which columns are never shown, exported or written. A request names a table; it is
// looked up here and only the Drizzle objects found reach SQL, so no identifier from input ever
// becomes SQL text.
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../http/errors';
import { type ColumnRule, columnRule, refusal, TABLE_RULES } from './table-rules';

/** Tables never offered, whatever a later edit of TABLE_RULES says. */
const NEVER_TABLES = new Set(['session', 'calendar_feed_tokens', 'app_secrets', 'stored_files']);

/**
 * Columns that hold credentials: by name pattern (so a column added later, e.g. a TOTP secret or
 * recovery codes, is hidden without anyone remembering this file) and explicitly.
 */
export const SECRET_COLUMN = /password|token|secret|totp|recovery|sess|otp|hash|salt|api_?key/i;
const SECRET_COLUMNS = new Set([
  'users.password',
  'users.reset_token',
  'users.email_verification_token',
  'users.email_verification_superseded',
]);

export const isSecretColumn = (table: string, column: string) =>
  SECRET_COLUMN.test(column) || SECRET_COLUMNS.has(`${table}.${column}`);

export interface ManagedColumn {
  name: string;
  column: PgColumn;
  /** Checks and converts a value from JSON for this column (null allowed when nullable). */
  value: z.ZodType;
  /** The value is checked by one of the app's own schemas, whose messages are shown as they are. */
  appSchema: boolean;
  rule: ColumnRule;
  primary: boolean;
  required: boolean;
}

export interface ManagedTable {
  name: string;
  table: PgTable;
  insertable: boolean;
  id: PgColumn;
  columns: ManagedColumn[];
  byName: Map<string, ManagedColumn>;
  sameOrganization: Record<string, 'member' | PgTable>;
}

const INT4 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const TIMESTAMP = z.iso
  .datetime({ offset: true, local: true })
  .or(z.iso.date())
  .transform((v) => new Date(v))
  .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2200);
// JSON values are limited in size by the body limit; any JSON value is accepted.
const JSON_VALUE = z.json();

function valueSchema(column: PgColumn): z.ZodType {
  const base = (() => {
    const c = column as PgColumn & { length?: number; baseColumn?: PgColumn };
    switch (column.columnType) {
      case 'PgSerial':
      case 'PgInteger':
        return INT4;
      case 'PgBoolean':
        return z.boolean();
      case 'PgText':
        return z.string().max(100_000);
      case 'PgVarchar':
        return z.string().max(c.length ?? 100_000);
      case 'PgTimestamp':
      case 'PgTimestampString':
        return TIMESTAMP;
      case 'PgJsonb':
      case 'PgJson':
        return JSON_VALUE;
      case 'PgArray':
        return z.array(c.baseColumn ? valueSchema(c.baseColumn) : z.string()).max(1000);
      default:
        return z.never();
    }
  })();
  return column.notNull ? base : base.nullable();
}

function managed(name: string, table: PgTable, insertable: boolean): ManagedTable {
  const config = getTableConfig(table);
  const rules = TABLE_RULES[name];
  // A tenant table's key is (organization_id, id); its id is still the row's own, never written.
  const isRowId = (c: PgColumn) =>
    c.primary ||
    (c.name === 'id' && config.primaryKeys.some((k) => k.columns.some((kc) => kc.name === 'id')));
  const columns = config.columns
    .filter((c) => !isSecretColumn(name, c.name))
    .map((c) => {
      const rule = columnRule(rules, c.name);
      const app = rule.write === 'readOnly' ? undefined : rule.value;
      return {
        name: c.name,
        column: c,
        value: app ?? valueSchema(c),
        appSchema: app !== undefined,
        rule,
        primary: isRowId(c),
        required: c.notNull && !c.hasDefault,
      };
    });
  const id = config.columns.find((c) => c.name === 'id' && isRowId(c));
  if (!id) throw new Error(`managed table ${name} needs an id primary key`);
  // A table offered for adding rows must let every required column be written.
  const blocked = columns.find((c) => insertable && c.required && !c.primary && refusal(c.rule, 'insert'));
  if (blocked) throw new Error(`managed table ${name} is insertable but ${blocked.name} cannot be written`);
  return {
    name,
    table,
    insertable,
    id,
    columns,
    byName: new Map(columns.map((c) => [c.name, c])),
    sameOrganization: rules.sameOrganization ?? {},
  };
}

const TABLES = new Map(
  Object.entries(TABLE_RULES)
    .filter(([name]) => !NEVER_TABLES.has(name))
    .map(([name, t]) => [name, managed(name, t.table, t.insertable)]),
);

export const managedTableNames = () => [...TABLES.keys()];

/** How the screen shows a column: whether it may be written on add and on edit, and if not, why. */
export function columnAccess(t: ManagedTable, name: string) {
  const col = t.byName.get(name);
  if (!col || col.primary) return { creatable: false, editable: false, readOnlyReason: null };
  const onUpdate = refusal(col.rule, 'update');
  return {
    creatable: t.insertable && !refusal(col.rule, 'insert'),
    editable: !onUpdate,
    readOnlyReason: onUpdate ?? null,
  };
}

/** The allow-listed table of that exact name, or 404 (hostile names never go further). */
export function managedTable(name: string): ManagedTable {
  const found = Object.hasOwn(TABLE_RULES, name) ? TABLES.get(name) : undefined;
  if (!found) throw notFound('Unknown table');
  return found;
}

/**
 * A record's values checked as the app's own routes check them: unknown, secret and id columns
 * are refused by name (400), a column the manager may not write is 403 with where to change it,
 * and a value is checked by the app's schema for that field (or its column type) with its message.
 */
export function parseRecord(t: ManagedTable, data: Record<string, unknown>, mode: 'insert' | 'update') {
  if (mode === 'insert' && !t.insertable) {
    throw badRequest(`Records of ${t.name} cannot be created here; use the screens made for them`);
  }
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  const refused: Record<string, string> = {};
  for (const [key, raw] of Object.entries(data)) {
    const col = t.byName.get(key);
    if (!col) {
      errors[key] = isSecretColumn(t.name, key) ? 'This column cannot be written here' : 'Unknown column';
      continue;
    }
    if (col.primary) {
      errors[key] = 'The id cannot be changed';
      continue;
    }
    const reason = refusal(col.rule, mode);
    if (reason) {
      refused[key] = reason;
      continue;
    }
    const parsed = col.value.safeParse(raw);
    if (!parsed.success) {
      errors[key] = col.appSchema
        ? (parsed.error.issues[0]?.message ?? 'Invalid value')
        : `Invalid value for ${columnTypeLabel(col.column)}`;
    } else values[key] = parsed.data;
  }
  if (mode === 'insert') {
    for (const col of t.columns) {
      if (col.required && !col.primary && !(col.name in data)) errors[col.name] = 'This column is required';
    }
  }
  const forbidden = Object.entries(refused)[0];
  if (forbidden) throw new AppError(403, `${forbidden[0]}: ${forbidden[1]}`, { errors: refused });
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, errors);
  if (Object.keys(values).length === 0) throw badRequest('No values to save');
  // Drizzle's insert/update take the schema's property names, not the column names.
  const byProperty: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const prop = propertyOf(t, key);
    if (prop) byProperty[prop] = value;
  }
  return byProperty;
}

/** The Drizzle property name of a column of the table (e.g. team_id → teamId). */
export function propertyOf(t: ManagedTable, column: string): string | undefined {
  const target = t.byName.get(column)?.column;
  return Object.entries(t.table as unknown as Record<string, unknown>).find(([, c]) => c === target)?.[0];
}

export function columnTypeLabel(column: PgColumn): string {
  return column.getSQLType();
}
