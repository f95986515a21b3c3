// The one database handle above the driver: PGlite in-process by default, node-postgres with
// DATABASE_URL. Everything else sees a Drizzle PgDatabase and never the driver.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { BoundedMap, holding } from '../bounded-map';
import { ConnectionTurns, type TurnKind } from './connection-turns';
import { corkedSends } from './pg-corking';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Params = unknown[] | (() => unknown[]);
const paramsNow = (params: Params) => (typeof params === 'function' ? params() : params);

/** Raw, parameterised SQL: the database itself, or one transaction's connection. */
export interface Runner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * In a transaction: its last statement, sent with the COMMIT in one round trip where the driver
   * can (PostgreSQL); nothing may run, or refuse, after it. Should it fail, the COMMIT of the
   * failed transaction rolls it back. Absent elsewhere (see `lastStatement`).
   */
  last?<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** A runner whose statements are `q`'s last one (Runner.last), for a read that ends a transaction. */
export const lastStatement = (q: Runner): Runner => ({
  query: (text, params) => (q.last ? q.last(text, params) : q.query(text, params)),
});

/**
 * A read whose statements each need the one before (a page, then what it links to), on one
 * connection: a transaction whose BEGIN goes with the first statement and COMMIT with the one sent
 * through `last`. Through the pool every statement after the first waited for a free connection
 * again, and on a busy instance those waits were most of such a read's time.
 */
export const readTogether = <T>(
  database: Pick<Database, 'transaction'>,
  read: (q: Runner, last: Runner) => Promise<T>,
): Promise<T> => database.transaction((q) => read(q, lastStatement(q)), {}, undefined, 'brief');

/**
 * Transaction-local settings (set_config(name, value, true)) that triggers read, e.g. who is
 * acting. Names and values are limited to letters, digits and `_ . : , -`: on PostgreSQL they
 * travel in the same round trip as BEGIN, as text.
 */
export type TransactionSettings = Record<string, string>;

/**
 * A transaction-local setting that triggers filled in (what a write touched, say), read as the
 * transaction commits: on PostgreSQL in the same round trip as the COMMIT. `read` gets its value,
 * '' when nothing set it, once the transaction has committed.
 */
export interface SettingAtCommit {
  setting: string;
  read(value: string): void;
}

const READ_SETTING = `select coalesce(current_setting($1, true), '') as value`;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs raw SQL with positional parameters; used only for hot paths and LISTEN/NOTIFY plumbing.
   * `params` may be a function giving them as the statement goes out, after any wait for a
   * connection, so values can still be added meanwhile (gathered.ts).
   */
  query<T = Record<string, unknown>>(text: string, params?: Params): Promise<T[]>;
  /**
   * One transaction on one connection, raw SQL only (the hot writes): BEGIN and the settings cost
   * one round trip, and every statement is prepared once per connection like `query`'s.
   */
  transaction<T>(
    work: (q: Runner) => Promise<T>,
    settings?: TransactionSettings,
    atCommit?: SettingAtCommit,
    /** How soon it is served when every connection is busy (connection-turns.ts): writes are long. */
    turn?: TurnKind,
  ): Promise<T>;
  /**
   * Sends a notification soon, outside any transaction: several sent meanwhile go together in one
   * statement, and nothing waits for them to reach the disk (change-feed.ts, announced writes).
   */
  notifySoon(channel: string, payload: string): void;
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

const SAFE_SETTING = /^[A-Za-z0-9_.:,-]*$/;
/** Server settings a transaction may set for itself (custom `greenroom.*` ones always). */
const SERVER_SETTINGS = new Set(['plan_cache_mode']);

/**
 * The setting by which a write names the session it acts on and what that session could do when
 * it was looked up (`<session id>.<standing>`, http/session.ts's writerCheck). The transaction
 * then checks, in the round trip of its BEGIN, that the session still stands so: if not, it fails
 * there (greenroom_session_holds.sql: GR401 ended, GR403 changed) and nothing behind it commits.
 */
export const SESSION_CHECK = 'greenroom.session_check';

function checkArguments(check: string) {
  const dot = check.lastIndexOf('.');
  return `'${check.slice(0, dot)}', '${check.slice(dot + 1)}'`;
}

/** `set_config` calls for a transaction's settings, as SQL text (checked characters only). */
function settingsSql(settings: TransactionSettings): string {
  const calls = Object.entries(settings).map(([name, value]) => {
    if (
      !SAFE_SETTING.test(name) ||
      !SAFE_SETTING.test(value) ||
      !(name.includes('.') || SERVER_SETTINGS.has(name))
    )
      throw new Error(`unsafe transaction setting ${name}`);
    return `set_config('${name}', '${value}', true)`;
  });
  const check = settings[SESSION_CHECK];
  const checked = check === undefined ? '' : `; select greenroom_session_holds(${checkArguments(check)})`;
  return calls.length > 0 ? `select ${calls.join(', ')}${checked}` : '';
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7_424_871;

/**
 * Connections per instance when DATABASE_POOL_SIZE does not say: twice the cores plus one,
 * PostgreSQL's rule of thumb for a server with these cores (a server elsewhere: set it from its
 * cores). Past that, more connections only share the same cores: on 2 cores with 32 series edits
 * at once, PostgreSQL spent about an eighth more CPU per edit at 20 than at 5, and the edits
 * queued in the scheduler instead of in order in the pool (p99 about 110 ms at 20, 80 at 5;
 * docs/performance.md). At most 20 (the default before), so a few instances on a many-core machine
 * stay under PostgreSQL's default max_connections of 100.
 */
const DEFAULT_POOL_SIZE = Math.min(2 * availableParallelism() + 1, 20);

/** Connections per instance: DATABASE_POOL_SIZE, or the default above. */
export const poolSize = () => Number(process.env.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE);

export interface PoolOptions {
  max?: number;
  connectionTimeoutMillis?: number;
}

/** Runs `retry` after `delayMs`: when a lost LISTEN connection tries again (tests hold the retries). */
export type ScheduleRetry = (retry: () => void, delayMs: number) => void;

const scheduleOnTimer: ScheduleRetry = (retry, delayMs) => {
  setTimeout(retry, delayMs).unref();
};

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  pool?: PoolOptions;
  scheduleListenRetry?: ScheduleRetry;
}) {
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.pool, opts.scheduleListenRetry)
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
    async query<T>(text: string, params: Params = []) {
      const result = await client.query(text, paramsNow(params));
      return result.rows as T[];
    },
    async transaction(work, settings = {}, atCommit) {
      let setting = '';
      const result = await client.transaction(async (tx) => {
        const opening = settingsSql(settings);
        if (opening) await tx.exec(opening);
        const done = await work({
          async query<T>(text: string, params: unknown[] = []) {
            return (await tx.query(text, params)).rows as T[];
          },
        });
        if (atCommit)
          setting = (await tx.query<{ value: string }>(READ_SETTING, [atCommit.setting])).rows[0].value;
        return done;
      });
      atCommit?.read(setting);
      return result;
    },
    notifySoon(channel, payload) {
      for (const fn of listeners.get(channel) ?? []) fn(payload);
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
// Bounded, though the texts are the code's own: a name forgotten is the same name made again.
const statementNames = holding('statement names', new BoundedMap<string, string>(5_000));
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

async function openPostgres(
  url: string,
  poolOptions: PoolOptions = {},
  schedule: ScheduleRetry = scheduleOnTimer,
): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { Pool, Client, types } = pg.default;
  // int8 (count(*)) as a JS number; our counts never approach 2^53.
  types.setTypeParser(20, (v: string) => Number(v));
  const max = poolOptions.max ?? poolSize();
  const connectTimeout =
    poolOptions.connectionTimeoutMillis ?? Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000);
  const pool = new Pool({
    connectionString: url,
    // Statements sent while others are answered go out at once (a transaction's BEGIN with its
    // first statement, its last with the COMMIT): one round trip instead of two.
    pipeline: true,
    max,
    // Without a limit a request waits for ever on a server that accepts but never answers;
    // with it the request fails and answers 503 (app.ts).
    connectionTimeoutMillis: connectTimeout,
    // The same for a connection already open whose server stops answering (stuck disk, a paused
    // host): the query fails, its connection is thrown away, and the request answers 503. Long
    // enough for the slowest honest query of a loaded server.
    query_timeout: Number(process.env.DATABASE_QUERY_TIMEOUT_MS ?? 30_000),
  });
  // Without this handler a server restart would crash the process on an idle client's error.
  pool.on('error', (err) => console.error('database pool error:', err.message));
  // The pool listens for errors only on idle connections. One checked out by a transaction that
  // is between two statements (its request awaiting something else) has no listener, so a server
  // restart ending it would crash the process; its next statement fails instead, and the request
  // answers 503.
  pool.on('connect', (client) => client.on('error', () => {}));

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
    let connected = false;
    const lost = (err?: Error) => {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      // A connection that never got to listen also ends; its failed attempt schedules the next
      // one itself (retryListen), so only a lost listening connection starts a round of retries
      // (else every failed attempt during an outage would add a retry chain of its own).
      if (!connected) return;
      if (err) console.error('database listen connection lost:', err.message);
      listening = undefined;
      announce(false);
      if (!closed && handlers.size > 0) retryListen(1000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    connected = true;
    return client;
  };
  const retryListen = (delay: number) => {
    schedule(() => {
      if (closed || listening) return;
      listening = connectListener();
      listening.then(
        () => announce(true),
        () => {
          listening = undefined;
          // At most 2 s apart, so fan-out resumes within 2 s of the server coming back.
          retryListen(Math.min(delay * 2, 2_000));
        },
      );
    }, delay);
  };
  const soon = batchedNotifier(url, pool);
  // Callers wait for their turn here, not in the pool, so the pool's limit applies here too.
  const turns = new ConnectionTurns(max, connectTimeout);
  return {
    db,
    kind: 'postgres',
    async query<T>(text: string, params: Params = []) {
      const result = await turns.run('brief', () =>
        pool.query({ name: statementName(text), text, values: paramsNow(params) }),
      );
      return result.rows as T[];
    },
    transaction: (work, settings = {}, atCommit, turn = 'long') =>
      turns.run(turn, async () => {
        const opening = `begin; ${settingsSql(settings)}`;
        const client = await pool.connect();
        // node-postgres corks each query's own messages, but queries sent one after another would
        // still be a write each. Everything a transaction sends at once (BEGIN with its first
        // statement; a write, the answer's read and COMMIT) leaves in one write (pg-corking.ts).
        const together = corkedSends(client);
        let broken: Error | undefined;
        let begun = false;
        try {
          // The connections pipeline (Pool option below): BEGIN and the settings (simple protocol,
          // several statements) go out with the first statement, one round trip for both; the last
          // statement (Runner.last) takes the COMMIT along the same way.
          let committed = false;
          let setting: Promise<string> | null = null;
          // The setting read at commit goes out just before the COMMIT, in the same write.
          const readSetting = () =>
            atCommit
              ? client
                  .query<{ value: string }>({
                    name: statementName(READ_SETTING),
                    text: READ_SETTING,
                    values: [atCommit.setting],
                  })
                  .then((r) => r.rows[0].value)
              : null;
          const send = async <T>(text: string, params: unknown[], commit: boolean) => {
            if (committed) throw new Error('a statement after the transaction ended');
            const [began, sent, read, ending] = together(() => [
              begun ? null : client.query(opening),
              client.query({ name: statementName(text), text, values: params }),
              commit ? readSetting() : null,
              commit ? client.query('commit') : null,
            ]);
            begun = true;
            committed = commit;
            setting = read;
            // Promise.all: a failure of one settles the others' too (none goes unhandled).
            const [, result] = await Promise.all([began, sent, read, ending]);
            return result.rows as T[];
          };
          const result = await work({
            query: (text, params = []) => send(text, params, false),
            last: (text, params = []) => send(text, params, true),
          });
          if (begun && !committed) {
            const [read, ending] = together(() => [readSetting(), client.query('commit')] as const);
            setting = read;
            await Promise.all([read, ending]);
          }
          if (atCommit) atCommit.read((await setting) ?? '');
          return result;
        } catch (err) {
          if (begun)
            await client.query('rollback').catch((e: Error) => {
              broken = e;
            });
          throw err;
        } finally {
          // A connection that could not even roll back is closed rather than reused.
          client.release(broken);
        }
      }),
    notifySoon: soon.send,
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
      await soon.close();
      await pool.end();
    },
  };
}

/**
 * Notifications sent after the fact on a connection of their own. PostgreSQL serialises the
 * commits of every transaction that notifies, on one lock per database held until the commit is
 * on disk; so writes do not notify inside their own transaction (change-feed.ts) and their
 * notifications go here instead: all that arrive while one batch is under way go in the next,
 * with synchronous_commit off (a notification needs no durability), so the lock is held for
 * microseconds. If that connection fails, the batch goes through the pool instead.
 */
function batchedNotifier(url: string, pool: import('pg').Pool) {
  let pending = new Map<string, Set<string>>();
  let sending: Promise<void> | null = null;
  let client: Promise<import('pg').Client> | null = null;
  const connect = async () => {
    const { Client } = (await import('pg')).default;
    const c = new Client({ connectionString: url, options: '-c synchronous_commit=off' });
    c.on('error', () => {
      client = null;
    });
    await c.connect();
    return c;
  };
  const SEND =
    'select pg_notify(n.channel, n.payload) from unnest($1::text[], $2::text[]) as n(channel, payload)';
  const flush = async () => {
    while (pending.size > 0) {
      const batch = pending;
      pending = new Map();
      const channels: string[] = [];
      const payloads: string[] = [];
      for (const [channel, set] of batch)
        for (const payload of set) {
          channels.push(channel);
          payloads.push(payload);
        }
      try {
        client ??= connect();
        await (await client).query(SEND, [channels, payloads]);
      } catch {
        client = null;
        await pool
          .query(SEND, [channels, payloads])
          .catch((err: Error) => console.error('database notify failed:', err.message));
      }
    }
    sending = null;
  };
  return {
    send(channel: string, payload: string) {
      const set = pending.get(channel) ?? new Set();
      set.add(payload);
      pending.set(channel, set);
      sending ??= flush();
    },
    async close() {
      await sending;
      const c = await client?.catch(() => null);
      await c?.end().catch(() => {});
    },
  };
}

export { sql };
