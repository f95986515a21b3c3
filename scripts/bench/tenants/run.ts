// What `npm run bench:tenants` and the tenants ops suite measure against a running server: each
// tenant's dashboard and calendar asked once, round-robin over the tenants (every request a first
// visit, nothing kept for it yet), the system administrator's lists, and the server's resident
// memory once every tenant has been served.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { request } from '../processes';
import { loadConfig } from '../../../src/server/config';
import type { Database } from '../../../src/server/db/client';
import { quietTickCost } from '../../../src/server/features/notifications/tick-cost';
import { NotificationWorker } from '../../../src/server/features/notifications/worker';
import type { Tenant } from './seed';

export interface Line {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  /** Answers other than the expected status, and connection errors. */
  errors: number;
}

/** The server's resident memory in MB (/proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const CONNECTIONS = 10;

/** Requests built one at a time by `next`, `amount` of them over CONNECTIONS connections. */
async function line(
  name: string,
  port: number,
  amount: number,
  next: (i: number) => { path: string; headers: Record<string, string> },
): Promise<Line> {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: Math.min(CONNECTIONS, amount),
    amount,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const { path, headers } = next(i++);
          return { ...req, path, headers: { ...(req.headers as Record<string, string>), ...headers } };
        },
      },
    ],
  } as Parameters<typeof autocannon>[0] & { amount: number });
  return {
    name,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Every tenant's dashboard figures, then its calendar, once each, round-robin. */
export async function serveTenants(port: number, tenants: Tenant[]): Promise<Line[]> {
  const visit = (path: (t: Tenant) => string) => (i: number) => {
    const tenant = tenants[i % tenants.length];
    return {
      path: path(tenant),
      headers: { host: `${tenant.shortname}.localhost:${port}`, cookie: tenant.cookie },
    };
  };
  return [
    await line(
      'tenant dashboard (first visit)',
      port,
      tenants.length,
      visit((t) => `/api/organizations/${t.id}/stats`),
    ),
    await line(
      'tenant calendar (first visit)',
      port,
      tenants.length,
      visit((t) => `/api/organizations/${t.id}/calendar/events`),
    ),
    await line(
      'tenant /api/me',
      port,
      tenants.length,
      visit(() => '/api/me'),
    ),
  ];
}

/** Signs the system user in on the main site and returns the session cookie. */
export async function systemCookie(port: number, password: string): Promise<string> {
  const res = await request({
    port,
    host: '127.0.0.1',
    path: '/api/login',
    method: 'POST',
    headers: {
      host: `localhost:${port}`,
      origin: `http://localhost:${port}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username: 'system', password }),
  });
  if (res.status !== 200) throw new Error(`system sign-in answered ${res.status}: ${res.body}`);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
  return cookie.join('; ');
}

/** GET on the main site as the system user; the parsed answer. */
export async function systemGet<T>(port: number, cookie: string, path: string): Promise<T> {
  const res = await request({
    port,
    host: '127.0.0.1',
    path,
    headers: { host: `localhost:${port}`, cookie },
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return JSON.parse(res.body.toString()) as T;
}

/** The system administrator's lists, each asked `times` times (a later page and a search too). */
export async function serveSystemLists(
  port: number,
  cookie: string,
  times: number,
  search: string,
): Promise<Line[]> {
  const first = await systemGet<{ nextCursor: string | null }>(port, cookie, '/api/system/organizations');
  const paths: [string, string][] = [
    ['system organizations, first page', '/api/system/organizations'],
    ['system organizations, next page', `/api/system/organizations?after=${first.nextCursor ?? ''}`],
    ['system organizations, search', `/api/system/organizations?search=${encodeURIComponent(search)}`],
    ['system approval queue', '/api/system/pending-organizations'],
    ['system analytics', '/api/system/analytics'],
    ['system outbox', '/api/system/outbox'],
  ];
  const lines: Line[] = [];
  for (const [name, path] of paths)
    lines.push(
      await line(name, port, times, () => ({ path, headers: { host: `localhost:${port}`, cookie } })),
    );
  return lines;
}

export function printLines(lines: Line[]) {
  const header = `${'line'.padEnd(36)} ${'requests'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'errors'.padStart(7)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const l of lines)
    console.log(
      `${l.name.padEnd(36)} ${String(l.requests).padStart(9)} ${`${l.p50}ms`.padStart(8)} ${`${l.p99}ms`.padStart(8)} ${String(l.errors).padStart(7)}`,
    );
}

/**
 * The notification worker's tick once nothing is due (the first ticks plan every organization's
 * digests, a bounded number a tick): its statements, the rows they read and its time.
 */
export async function quietTick(database: Database) {
  const deps = {
    mailer: { send: async () => undefined, deliver: async () => undefined, close: () => undefined },
    config: loadConfig({ BASE_DOMAIN: 'localhost' }),
    sessionSecret: 'bench',
  };
  const tick = (db: Database) => new NotificationWorker({ ...deps, database: db }).tick();
  const cost = await quietTickCost(database, tick);
  const started = performance.now();
  await tick(database);
  return { ...cost, ms: Math.round((performance.now() - started) * 10) / 10 };
}
