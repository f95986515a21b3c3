// The one database handle above the driver: PGlite in-process by default, node-postgres with
// DATABASE_URL. Everything else sees a Drizzle PgDatabase and never the driver.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with positional parameters; used only for hot paths and LISTEN/NOTIFY plumbing. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Called with false when the LISTEN connection is lost (notifications may be missed from then
   * on) and with true once it listens again.
   */
  onListenState(handler: (listening: boolean) => void): void;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL's memory settings inside the embedded database, sized for one small process. PGlite
 * keeps PostgreSQL's server defaults (128 MB of shared buffers, 64 MB for index builds), and every
 * byte PostgreSQL touches lives in one WebAssembly memory that never shrinks once grown. The data
 * files sit in the operating system's file cache anyway, so a read that misses these buffers
 * costs a copy, not a disk read; the hot reads are kept answers in the app and touch neither.
 */
export const EMBEDDED_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
  wal_buffers: '1MB',
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7_424_871;

export interface PoolOptions {
  max?: number;
  connectionTimeoutMillis?: number;
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  pool?: PoolOptions;
}) {
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.pool)
    : await openPglite(opts);
  return database;
}

async function openPglite(opts: { dataDir?: string; memory?: boolean }): Promise<Database> {
  // V8's optimising compiler, tiering PostgreSQL's 9 MB of WebAssembly up in the background, kept
  // about 100 MB resident in the server for good; the baseline compiler's code is what runs then.
  // The hot reads are kept answers that never reach PostgreSQL, so the server uses the baseline
  // compiler only (EMBEDDED_WASM_OPTIMIZE=1 brings the optimising one back). Tests (in memory) keep V8's default.
  if (!opts.memory && process.env.EMBEDDED_WASM_OPTIMIZE !== '1') v8.setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (!opts.memory) {
    dir = path.join(opts.dataDir ?? './data', 'db');
    mkdirSync(dir, { recursive: true });
  }
  // PGlite's own start parameters (single-user mode, no parallel workers, ...) stay; ours follow.
  // Durability is PGlite's default: every commit reaches the data files before it returns (no
  // relaxedDurability); PGlite turns fsync off, so a commit survives a crash of this process but
  // not necessarily a power cut of the machine.
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const client = new PGlite({ dataDir: dir, startParams });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  // One process owns a PGlite directory, so no advisory lock is needed here.
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  const listeners = new Map<string, Set<(payload: string) => void>>();
  return {
    db,
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query(text, params);
      return result.rows as T[];
    },
    // Presence on the embedded database stays in process: a PGlite directory has one owner.
    // Notifications sent from SQL (the change triggers) come through PGlite's own LISTEN.
    async listen(channel, onMessage) {
      const set = listeners.get(channel) ?? new Set();
      set.add(onMessage);
      listeners.set(channel, set);
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        set.delete(onMessage);
        await unlisten();
      };
    },
    // In process, nothing can cut the line.
    onListenState() {},
    async notify(channel, payload) {
      for (const fn of listeners.get(channel) ?? []) fn(payload);
    },
    async close() {
      await client.close();
    },
  };
}

// Every raw query is a fixed string in the code, so each is prepared once per connection under a
// name derived from its text: PostgreSQL then skips parsing and planning on every call (the
// session lookup runs about three times faster this way).
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

async function openPostgres(url: string, poolOptions: PoolOptions = {}): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { Pool, Client, types } = pg.default;
  // int8 (count(*)) as a JS number; our counts never approach 2^53.
  types.setTypeParser(20, (v: string) => Number(v));
  const pool = new Pool({
    connectionString: url,
    max: poolOptions.max ?? Number(process.env.DATABASE_POOL_SIZE ?? 20),
    // Without a limit a request waits for ever on a server that accepts but never answers;
    // with it the request fails and answers 503 (app.ts).
    connectionTimeoutMillis:
      poolOptions.connectionTimeoutMillis ?? Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000),
  });
  // Without this handler a server restart would crash the process on an idle client's error.
  pool.on('error', (err) => console.error('database pool error:', err.message));

  const migrator = new Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(migrator, { schema }), { migrationsFolder });
  } finally {
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await migrator.end();
  }

  const db = drizzle(pool, { schema }) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const stateHandlers = new Set<(listening: boolean) => void>();
  const announce = (state: boolean) => {
    for (const fn of stateHandlers) fn(state);
  };
  let closed = false;
  let listening: Promise<InstanceType<typeof Client>> | undefined;
  // One dedicated connection carries every LISTEN. If the server restarts it is lost, so it is
  // re-opened with back-off and every channel is listened to again; fan-out resumes by itself.
  const connectListener = async (): Promise<InstanceType<typeof Client>> => {
    const client = new Client({ connectionString: url });
    client.on('notification', (msg) => {
      for (const fn of handlers.get(msg.channel) ?? []) fn(msg.payload ?? '');
    });
    const lost = (err?: Error) => {
      if (err) console.error('database listen connection lost:', err.message);
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      listening = undefined;
      announce(false);
      if (!closed && handlers.size > 0) retryListen(1000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    return client;
  };
  const retryListen = (delay: number) => {
    setTimeout(() => {
      if (closed || listening) return;
      listening = connectListener();
      listening.then(
        () => announce(true),
        () => {
          listening = undefined;
          retryListen(Math.min(delay * 2, 30_000));
        },
      );
    }, delay).unref();
  };
  return {
    db,
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      const result = await pool.query({ name: statementName(text), text, values: params });
      return result.rows as T[];
    },
    async listen(channel, onMessage) {
      // Channel names are identifiers in SQL text, so only our own fixed names are accepted.
      if (!/^[a-z_]+$/.test(channel)) throw new Error('invalid channel');
      const set = handlers.get(channel) ?? new Set();
      const isNew = set.size === 0;
      set.add(onMessage);
      handlers.set(channel, set);
      if (!listening) listening = connectListener();
      else if (isNew) await (await listening).query(`LISTEN ${channel}`);
      await listening;
      return async () => {
        set.delete(onMessage);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    onListenState(handler) {
      stateHandlers.add(handler);
    },
    async close() {
      closed = true;
      const client = await listening?.catch(() => undefined);
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}

export { sql };
