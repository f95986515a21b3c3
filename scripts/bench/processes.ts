// The bench's processes: the database it measures on, the app server as a child process, and
// plain HTTP requests to it. Shared by the hot-read bench and the memory bench.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

export const cleanups: (() => unknown)[] = [];
export async function cleanup() {
  for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
  cleanups.length = 0;
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
// An error thrown where no await can catch it (a write line that ran out of free times throws
// inside the load generator's socket handler) still stops the servers and drops the database.
let failed = false;
process.on('uncaughtException', (error) => {
  // Requests still in flight may throw the same again while the clean-up runs.
  if (failed) return;
  failed = true;
  console.error(error);
  void cleanup().then(() => process.exit(1));
});

// ---- database ----------------------------------------------------------------------------------

/**
 * Where the bench measures: `embedded` (PGlite), or a throwaway database on the PostgreSQL server
 * (dropped at cleanup). Without `kind`: BENCH_DB, then DATABASE_URL, then the server if it answers.
 */
export async function chooseDatabase(
  kind?: 'postgres' | 'embedded',
): Promise<{ url: string | undefined; label: string }> {
  if (kind === 'embedded' || (!kind && process.env.BENCH_DB === 'embedded'))
    return { url: undefined, label: 'embedded PGlite' };
  if (!kind && process.env.DATABASE_URL)
    return { url: process.env.DATABASE_URL, label: 'PostgreSQL (DATABASE_URL)' };
  const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    if (kind === 'postgres') throw new Error(`no PostgreSQL at ${new URL(adminUrl).host}: ${error}`);
    return {
      url: undefined,
      label: `embedded PGlite (no PostgreSQL at ${new URL(adminUrl).host}: not comparable)`,
    };
  }
  const name = `greenroom_bench_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL ${rows[0]?.server_version ?? ''} at ${url.host} (throwaway database)`,
  };
}

/** Whether the PostgreSQL server named by PG_ADMIN_URL (default the local one) answers. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

// ---- processes ---------------------------------------------------------------------------------

/**
 * The last `bytes` of a log, for an error message. The whole bench logs every request at info:
 * its server's log passes 512 MB, more than one string can hold.
 */
export function tailOf(file: string, bytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The measured server's environment: no demo data, fresh secrets, LOG_LEVEL passed on. */
export function serverEnv(
  port: number,
  databaseUrl: string | undefined,
  dataDir: string,
  more: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    SYSTEM_ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    SESSION_SECRET: randomBytes(24).toString('base64url'),
    BASE_DOMAIN: 'localhost',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...more,
  };
}

/**
 * A folder in memory (/dev/shm, when the machine has one) for a measured server's log, removed
 * when the bench ends. The whole bench logs every request at info, about 600 MB; written to a
 * file on the database's disk, the kernel's writing it out made PostgreSQL's commits wait on their
 * WAL flush (LWLock:WALWrite) for 110-130 ms every second and a half of the write lines, which
 * then measured the disk and not the app (p99 130-200 ms, against 40-100 ms run alone).
 */
export function logFolder(fallback: string): { dir: string; where: string } {
  if (!existsSync('/dev/shm')) return { dir: fallback, where: 'on disk' };
  const dir = mkdtempSync('/dev/shm/greenroom-bench-log-');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, where: 'in memory' };
}

export function startServer(
  env: Record<string, string>,
  logFile: string,
): Promise<{ child: ChildProcess; port: number }> {
  const log = openSync(logFile, 'a');
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome DevTools), to see where a slow endpoint spends its time.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  cleanups.push(() => stopChild(child));
  const port = Number(env.PORT);
  return new Promise((resolve, reject) => {
    // Generous: a first boot on a busy machine can take a minute.
    const deadline = Date.now() + 180_000;
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${tailOf(logFile, 3000)}`)));
    const poll = () => {
      request({ port, host: '127.0.0.1', path: '/api/health' })
        .then((res) => (res.status === 200 ? resolve({ child, port }) : setTimeout(poll, 200)))
        .catch(() =>
          Date.now() > deadline ? reject(new Error('server did not answer')) : setTimeout(poll, 200),
        );
    };
    poll();
  });
}

export function startBare(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(import.meta.dirname, 'bare-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(() => stopChild(child));
  return new Promise((resolve) =>
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port })),
  );
}

export async function stopChild(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return 0;
  const started = Date.now();
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return Date.now() - started;
}

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

// ---- HTTP --------------------------------------------------------------------------------------

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function request(opts: http.RequestOptions & { body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(opts, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Signs in on an organization's address (`host`); the session cookie, or an error saying why not. */
export async function signIn(
  port: number,
  host: string,
  credentials: { username: string; password: string; organizationShortname: string },
): Promise<string> {
  const login = await request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/login',
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const cookie = login.headers['set-cookie']?.[0]?.split(';')[0];
  if (login.status !== 200 || !cookie)
    throw new Error(`sign-in to ${credentials.organizationShortname} failed: ${login.status} ${login.body}`);
  return cookie;
}

/** The demo organization's owner, as the README gives the login. */
export const DEMO_OWNER = {
  username: 'olivia',
  password: 'Greenroom-demo-2026',
  organizationShortname: 'demo',
};
