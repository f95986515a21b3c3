// The database manager's allow-list (DESIGN §5): which tables a system user may see and change,
// drawn from the Drizzle schema, and which columns are never shown, exported or written. A
// request names a table; it is looked up here and only the Drizzle objects found reach SQL, so
// no identifier from input ever becomes SQL text.
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { PERMISSION_ROLES } from '../../../common/permissions';
import { EVENT_TYPES } from '../../../common/calendar';
import { APPROVAL_STATUSES } from '../../../common/schemas/system';
import { badRequest, notFound } from '../../http/errors';
import * as schema from '../../db/schema';

/**
 * Spec part 2 §3's tables, less the session store (its ids and payloads are credentials), plus
 * the wiki. Feed tokens, files, the outbox, secrets and rate limits are never offered.
 */
const OFFERED: Record<string, { table: PgTable; insertable: boolean }> = {
  users: { table: schema.users, insertable: false },
  organizations: { table: schema.organizations, insertable: true },
  user_organizations: { table: schema.userOrganizations, insertable: true },
  teams: { table: schema.teams, insertable: true },
  team_members: { table: schema.teamMembers, insertable: true },
  team_links: { table: schema.teamLinks, insertable: true },
  team_assets: { table: schema.teamAssets, insertable: true },
  calendar_events: { table: schema.calendarEvents, insertable: true },
  calendar_event_teams: { table: schema.calendarEventTeams, insertable: true },
  calendar_event_followers: { table: schema.calendarEventFollowers, insertable: true },
  wiki_pages: { table: schema.wikiPages, insertable: true },
  wiki_page_versions: { table: schema.wikiPageVersions, insertable: true },
};

/** Tables never offered, whatever a later edit of OFFERED says. */
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

/**
 * Text columns whose values the product reads as one of a fixed set: a typo here would lock an
 * organization or a member out in ways no screen can repair, so they take only those values.
 */
const CHOICES: Record<string, readonly string[]> = {
  'organizations.approval_status': APPROVAL_STATUSES,
  'organizations.default_role': PERMISSION_ROLES.filter((r) => r !== 'owner'),
  'organizations.theme': ['light', 'dark', 'auto'],
  'user_organizations.role': PERMISSION_ROLES,
  'user_organizations.status': ['active', 'disabled', 'pending_approval'],
  'team_members.role': ['member', 'team_lead'],
  'calendar_events.event_type': EVENT_TYPES,
};

function managed(name: string, table: PgTable, insertable: boolean): ManagedTable {
  const config = getTableConfig(table);
  const columns = config.columns
    .filter((c) => !isSecretColumn(name, c.name))
    .map((c) => ({
      name: c.name,
      column: c,
      value: CHOICES[`${name}.${c.name}`] ? z.enum(CHOICES[`${name}.${c.name}`] as [string]) : valueSchema(c),
      primary: c.primary,
      required: c.notNull && !c.hasDefault,
    }));
  const id = config.columns.find((c) => c.name === 'id' && c.primary);
  if (!id) throw new Error(`managed table ${name} needs an id primary key`);
  return { name, table, insertable, id, columns, byName: new Map(columns.map((c) => [c.name, c])) };
}

const TABLES = new Map(
  Object.entries(OFFERED)
    .filter(([name]) => !NEVER_TABLES.has(name))
    .map(([name, t]) => [name, managed(name, t.table, t.insertable)]),
);

export const managedTableNames = () => [...TABLES.keys()];

/** The allow-listed table of that exact name, or 404 (hostile names never go further). */
export function managedTable(name: string): ManagedTable {
  const found = Object.hasOwn(OFFERED, name) ? TABLES.get(name) : undefined;
  if (!found) throw notFound('Unknown table');
  return found;
}

/**
 * A record's values checked against the columns' types: unknown, secret and id columns are
 * refused by name, a wrong type is 400 with the column named, never a database error.
 */
export function parseRecord(t: ManagedTable, data: Record<string, unknown>, mode: 'insert' | 'update') {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
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
    const parsed = col.value.safeParse(raw);
    const choices = CHOICES[`${t.name}.${key}`];
    if (!parsed.success) {
      errors[key] = choices
        ? `Must be one of: ${choices.join(', ')}`
        : `Invalid value for ${columnTypeLabel(col.column)}`;
    } else values[key] = parsed.data;
  }
  if (mode === 'insert') {
    for (const col of t.columns) {
      if (col.required && !col.primary && !(col.name in data)) errors[col.name] = 'This column is required';
    }
  }
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, errors);
  if (Object.keys(values).length === 0) throw badRequest('No values to save');
  // Drizzle's insert/update take the schema's property names, not the column names.
  const byProperty: Record<string, unknown> = {};
  const props = Object.entries(t.table as unknown as Record<string, unknown>);
  for (const [key, value] of Object.entries(values)) {
    const column = t.byName.get(key)?.column;
    const prop = props.find(([, c]) => c === column)?.[0];
    if (prop) byProperty[prop] = value;
  }
  return byProperty;
}

export function columnTypeLabel(column: PgColumn): string {
  return column.getSQLType();
}
