// `npx tsx scripts/bench/presence.ts`: presence fan-out latency with 200 connected members.
//
// Two real server processes (src/server/main.ts) share one PostgreSQL server (PG_ADMIN_URL, default
// the local one, in a throwaway database), half the members connected to each, so every update
// crosses LISTEN/NOTIFY for half its audience. Without a PostgreSQL server: one process on
// embedded PGlite (in-process fan-out only; noted in the output).
// Measures: how long until every member holds the full list after all connect, then for each of
// ROUNDS status changes, the time until the first, the median and the last member heard it.
// Knobs: BENCH_PRESENCE_CLIENTS (200), BENCH_PRESENCE_ROUNDS (40).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sign } from '@fastify/cookie';
import pg from 'pg';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/common/presence';
import { openDatabase } from '../../src/server/db/client';
import { COOKIE_NAME, createSession } from '../../src/server/http/session';
import { tailOf } from './processes';

const CLIENTS = Number(process.env.BENCH_PRESENCE_CLIENTS ?? 200);
const ROUNDS = Number(process.env.BENCH_PRESENCE_ROUNDS ?? 40);
const SECRET = randomBytes(24).toString('base64url');
const SHORTNAME = 'presence-bench';
const root = path.resolve(import.meta.dirname, '../..');
const runDir = mkdtempSync(path.join(tmpdir(), 'greenroom-presence-bench-'));
const cleanups: (() => unknown)[] = [() => rmSync(runDir, { recursive: true, force: true })];

async function chooseDatabase() {
  const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return { url: undefined, label: 'embedded PGlite, one instance (no PostgreSQL server found)' };
  }
  const name = `greenroom_presence_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), label: `PostgreSQL at ${url.host}, two instances` };
}

function freePort(): Promise<number> {
  const server = http.createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    }),
  );
}

async function startServer(env: Record<string, string>, name: string): Promise<ChildProcess> {
  const logFile = path.join(runDir, `${name}.log`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${tailOf(logFile, 2000)}`);
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get({ host: '127.0.0.1', port: env.PORT, path: '/api/health' }, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
    if (ok) return child;
    if (Date.now() > deadline) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Member {
  userId: number;
  cookie: string;
  socket?: WebSocket;
  known: Set<number>;
  heard: Map<string, number>;
}

async function main() {
  const { url, label } = await chooseDatabase();
  const dataDir = path.join(runDir, 'data');
  const database = await openDatabase({ databaseUrl: url, dataDir });
  const [org] = await database.query<{ id: number }>(
    `insert into organizations (name, shortname, approval_status, approved_at) values ('Presence Bench', $1, 'approved', now())
     returning id`,
    [SHORTNAME],
  );
  const users = await database.query<{ id: number }>(
    `insert into users (username, email, password, first_name, last_name)
     select 'presence-' || i, 'presence-' || i || '@bench.local', 'not-a-hash', 'Member', 'No ' || i
     from generate_series(1, $1::int) as i returning id`,
    [CLIENTS],
  );
  await database.query(
    `insert into user_organizations (user_id, organization_id, role, status, approved_at)
     select unnest($1::int[]), $2, 'standard_user', 'active', now()`,
    [users.map((u) => u.id), org.id],
  );
  const members: Member[] = [];
  for (const u of users) {
    const sid = await createSession(database, u.id, org.id);
    members.push({
      userId: u.id,
      cookie: `${COOKIE_NAME}=${sign(sid, SECRET)}`,
      known: new Set(),
      heard: new Map(),
    });
  }
  await database.close();

  const instances = url ? 2 : 1;
  const ports: number[] = [];
  for (let i = 0; i < instances; i++) {
    const port = await freePort();
    ports.push(port);
    await startServer(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url ?? '',
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        SESSION_SECRET: SECRET,
        SYSTEM_ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
        BASE_DOMAIN: 'localhost',
        LOG_LEVEL: 'warn',
      },
      `instance-${i}`,
    );
  }

  console.log(`\nGreenroom presence bench: ${label}; ${CLIENTS} members, ${ROUNDS} status changes`);
  const [load1] = os.loadavg();
  if (load1 > os.cpus().length * 0.5) {
    console.log(
      `WARNING: load average ${load1.toFixed(1)} on ${os.cpus().length} cores: numbers are unreliable.`,
    );
  }

  const connectStart = performance.now();
  let waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters) w();
    waiters = [];
  };
  const until = async (check: () => boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  await Promise.all(
    members.map(
      (m, i) =>
        new Promise<void>((resolve, reject) => {
          const port = ports[i % ports.length];
          const host = `${SHORTNAME}.localhost:${port}`;
          const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
            headers: { host, origin: `http://${host}`, cookie: m.cookie },
          });
          m.socket = ws;
          ws.on('message', (data) => {
            const message = JSON.parse(data.toString()) as ServerMessage;
            if (message.type === 'presence_list') for (const e of message.data) m.known.add(e.userId);
            else if (message.type !== 'presence_update') return;
            else if (message.updateType === 'leave') m.known.delete(message.data.userId);
            else {
              m.known.add(message.data.userId);
              m.heard.set(`${message.data.userId}:${message.data.status}`, performance.now());
            }
            wake();
          });
          ws.once('open', () => {
            ws.send(JSON.stringify({ type: 'authenticate', currentPage: '/dashboard' }));
            resolve();
          });
          ws.once('error', reject);
        }),
    ),
  );
  await until(() => members.every((m) => m.known.size === CLIENTS), 60_000, 'every member sees everyone');
  const converged = performance.now() - connectStart;

  const lasts: number[] = [];
  const medians: number[] = [];
  const firsts: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const sender = members[(round * 37) % members.length];
    const busy = `${sender.userId}:busy`;
    const back = `${sender.userId}:online`;
    for (const m of members) {
      m.heard.delete(busy);
      m.heard.delete(back);
    }
    const t0 = performance.now();
    sender.socket!.send(JSON.stringify({ type: 'status_update', status: 'busy' }));
    await until(() => members.every((m) => m.heard.has(busy)), 10_000, `round ${round}`);
    const times = members.map((m) => m.heard.get(busy)! - t0).sort((a, b) => a - b);
    firsts.push(times[0]);
    medians.push(times[Math.floor(times.length / 2)]);
    lasts.push(times[times.length - 1]);
    // Back to online (not measured), so that every round starts from the same state.
    sender.socket!.send(JSON.stringify({ type: 'status_update', status: 'online' }));
    await until(() => members.every((m) => m.heard.has(back)), 10_000, `round ${round} reset`);
  }
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  };
  const f = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`all ${CLIENTS} members connected and holding the full list after ${f(converged)}`);
  console.log('one status change, heard by every member (over rounds: p50 / p99):');
  console.log(`  first member heard it   ${f(pct(firsts, 50))} / ${f(pct(firsts, 99))}`);
  console.log(`  half the members        ${f(pct(medians, 50))} / ${f(pct(medians, 99))}`);
  console.log(`  last of ${CLIENTS} members     ${f(pct(lasts, 50))} / ${f(pct(lasts, 99))}`);
  for (const m of members) m.socket?.terminate();
}

try {
  await main();
} finally {
  for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
}
