// System status and the database settings. Saved settings live in
// system_settings and are read by main.ts at the next start when DATABASE_URL is not set; the
// password is stored for that purpose and never sent back.
import pg from 'pg';
import {
  DATABASE_SETTINGS_DEFAULTS,
  type DatabaseSettings,
  databaseSettingsSchema,
} from '../../../common/schemas/system';
import { APP_VERSION } from '../../app-version';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { readSystemSetting, saveSystemSetting } from './system-settings';

const SETTINGS_KEY = 'database';

export type DatabaseSource = 'embedded' | 'DATABASE_URL' | 'saved settings';
let activeSource: DatabaseSource | undefined;

/** main.ts says where the running instance's database came from. */
export function setDatabaseSource(source: DatabaseSource) {
  activeSource = source;
}

export async function systemInfo(database: Database) {
  let databaseStatus = 'connected';
  let connectionCount = 0;
  let databaseName = '';
  try {
    const [row] = await database.query<{ connections: number; name: string }>(
      `select (select count(*)::int from pg_stat_activity where datname = current_database()) as connections,
         current_database() as name`,
    );
    // The embedded database has one in-process connection and no activity view rows.
    connectionCount = Math.max(row.connections, 1);
    databaseName = row.name;
  } catch {
    databaseStatus = 'disconnected';
  }
  return {
    databaseStatus,
    connectionCount,
    uptime: Math.floor(process.uptime()),
    version: APP_VERSION,
    database: {
      kind: database.kind === 'pglite' ? ('embedded' as const) : ('server' as const),
      source: activeSource ?? (database.kind === 'pglite' ? 'embedded' : 'DATABASE_URL'),
      name: databaseName,
    },
  };
}

export async function savedSettings(database: Database): Promise<DatabaseSettings | null> {
  const value = await readSystemSetting(database, SETTINGS_KEY);
  if (value === undefined) return null;
  const parsed = databaseSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What the form shows: the saved settings or the defaults, never the password itself. */
export async function readSettings(database: Database) {
  const saved = await savedSettings(database);
  const { password: _never, ...shown } = saved ?? DATABASE_SETTINGS_DEFAULTS;
  return { ...shown, password: '' as const, hasPassword: Boolean(saved?.password), saved: saved !== null };
}

export const PASSWORD_FOR_NEW_SERVER =
  'Enter the password: the saved one is used only with the saved host, port, database and username';

/**
 * An empty password means "keep the stored one", but only for the server it was saved for: any
 * other host, port, database or user would receive it (to test, or at the next start).
 */
export async function withPassword(
  database: Database,
  input: Omit<DatabaseSettings, 'password'> & { password: string },
): Promise<DatabaseSettings> {
  if (input.password) return input;
  const saved = await savedSettings(database);
  if (!saved?.password) throw badRequest('Password is required', { password: 'Password is required' });
  const sameServer =
    saved.host === input.host &&
    saved.port === input.port &&
    saved.database === input.database &&
    saved.username === input.username;
  if (!sameServer) throw badRequest(PASSWORD_FOR_NEW_SERVER, { password: PASSWORD_FOR_NEW_SERVER });
  return { ...input, password: saved.password };
}

export async function saveSettings(database: Database, settings: DatabaseSettings) {
  await saveSystemSetting(database, SETTINGS_KEY, settings);
}

/** A PostgreSQL address for the settings, for main.ts at the next start. */
export function settingsUrl(s: DatabaseSettings): string {
  const auth = `${encodeURIComponent(s.username)}:${encodeURIComponent(s.password)}`;
  const host = s.host.includes(':') ? `[${s.host}]` : s.host;
  const ssl = s.ssl ? '?sslmode=require' : '';
  return `postgres://${auth}@${host}:${s.port}/${encodeURIComponent(s.database)}${ssl}`;
}

export const CONNECTION_FAILED = 'Could not connect to the database.';

/**
 * Really connects with the given settings and runs one query. Every failure answers the same
 * words: the driver's reasons (refused, timed out, unknown database) would map which addresses
 * and ports answer on the server's network. The reason itself is returned for the log.
 */
export async function testConnection(s: DatabaseSettings) {
  const client = new pg.Client({
    host: s.host,
    port: s.port,
    database: s.database,
    user: s.username,
    password: s.password,
    ssl: s.ssl ? true : undefined,
    connectionTimeoutMillis: s.connectionTimeout,
    query_timeout: s.connectionTimeout,
  });
  client.on('error', () => {});
  const started = performance.now();
  try {
    await client.connect();
    const [row] = (
      await client.query<{ version: string }>("select current_setting('server_version') as version")
    ).rows;
    return {
      success: true as const,
      responseTime: Math.round(performance.now() - started),
      serverVersion: row.version,
    };
  } catch (err) {
    // A refused connection to a name with several addresses is an AggregateError without a message.
    const e = err as Error & { code?: string; errors?: Error[] };
    const reason = e.message || e.errors?.map((x) => x.message).join('; ') || e.code || 'unknown';
    return { success: false as const, message: CONNECTION_FAILED, reason };
  } finally {
    await client.end().catch(() => {});
  }
}
