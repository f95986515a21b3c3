// The app as operators run it: `src/server/main.ts` in its own process, reached over real HTTP,
// and a small browser-like client (a cookie, the Origin the app requires on writes, a Host that
// names the organization).
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { ServerMessage } from '../../../src/common/presence';
import { freePort } from '../../../scripts/bench/processes';

const root = path.resolve(import.meta.dirname, '../../..');
export const OPS_SECRET = 'ops-suite-session-secret';
export const SYSTEM_PASSWORD = 'Ops-system-Pass-2026';

export interface AppProcess {
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  log(): string;
  /** SIGTERM, then the exit code (SIGKILL after 20 s). */
  stop(): Promise<number | null>;
}

const logDir = mkdtempSync(path.join(tmpdir(), 'greenroom-ops-logs-'));
process.on('exit', () => rmSync(logDir, { recursive: true, force: true }));
const running = new Set<AppProcess>();
const started: AppProcess[] = [];

/** The last lines of every instance's log this run, for a failed test's report. */
export function appLogs(): string {
  return started
    .map(
      (app) =>
        `--- instance on port ${app.port} (exit ${app.child.exitCode ?? app.child.signalCode ?? 'running'}):\n${app.log()}`,
    )
    .join('\n');
}

/** Starts an instance and waits until /api/health answers 200 (unless `wait` is false). */
export async function startApp(
  env: Record<string, string | undefined>,
  opts: { wait?: boolean; port?: number } = {},
): Promise<AppProcess> {
  const port = opts.port ?? (await freePort());
  const logFile = path.join(logDir, `app-${port}-${Date.now()}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: OPS_SECRET,
      SYSTEM_ADMIN_PASSWORD: SYSTEM_PASSWORD,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // No web bundle: the suites test the API, and a missing bundle is not built on start.
      WEB_ROOT: path.join(logDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const app: AppProcess = {
    port,
    child,
    exited,
    log: () => readFileSync(logFile, 'utf8').slice(-4000),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  running.add(app);
  started.push(app);
  void exited.then(() => running.delete(app));
  if (opts.wait !== false) await waitHealthy(app);
  return app;
}

export async function stopAllApps() {
  await Promise.all([...running].map((app) => app.stop()));
}

export async function waitHealthy(app: AppProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (app.child.exitCode !== null) throw new Error(`app exited (${app.child.exitCode}):\n${app.log()}`);
    const res = await send({ port: app.port, path: '/api/health', timeoutMs: 2000 }).catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`app on ${app.port} not healthy:\n${app.log()}`);
    await sleep(200);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read like the API tests' inject().json()
  json(): any;
  ms: number;
}

export function send(opts: {
  port: number;
  path: string;
  method?: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: opts.port,
        path: opts.path,
        method: opts.method ?? 'GET',
        headers: { host: opts.host ?? `localhost:${opts.port}`, ...opts.headers },
        timeout: opts.timeoutMs ?? 30_000,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: () => JSON.parse(text),
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${opts.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A signed-in browser on one organization's address; `port` may be switched between instances. */
export class Client {
  cookie: string | undefined;
  constructor(
    public port: number,
    /** The organization's shortname, or undefined for the main site. */
    readonly shortname?: string,
  ) {}

  get host() {
    return this.shortname ? `${this.shortname}.localhost:${this.port}` : `localhost:${this.port}`;
  }

  get origin() {
    return `http://${this.host}`;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { origin: this.origin, ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }

  async request(method: string, url: string, body?: unknown, timeoutMs?: number) {
    const isJson = body !== undefined && !Buffer.isBuffer(body);
    return send({
      port: this.port,
      host: this.host,
      path: url,
      method,
      timeoutMs,
      headers: this.headers(isJson ? { 'content-type': 'application/json' } : {}),
      body: isJson ? JSON.stringify(body) : (body as Buffer | undefined),
    });
  }

  get(url: string, timeoutMs?: number) {
    return this.request('GET', url, undefined, timeoutMs);
  }

  post(url: string, body: unknown = {}, timeoutMs?: number) {
    return this.request('POST', url, body, timeoutMs);
  }

  async login(username: string, password: string) {
    const res = await this.post('/api/login', { username, password });
    if (res.status !== 200) throw new Error(`sign-in as ${username} failed: ${res.status} ${res.text}`);
    const setCookie = res.headers['set-cookie'] ?? [];
    this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    return res.json();
  }

  /** A presence socket, authenticated; `messages` collects what the server sent. */
  async socket(): Promise<{ ws: WebSocket; messages: ServerMessage[]; closed: Promise<void> }> {
    const ws = new WebSocket(`ws://127.0.0.1:${this.port}/ws`, {
      headers: { ...this.headers(), host: this.host },
    });
    const messages: ServerMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as ServerMessage));
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
    ws.send(JSON.stringify({ type: 'authenticate', currentPage: '/dashboard' }));
    return { ws, messages, closed };
  }
}

/** Polls `check` until it returns a value other than undefined/false, or throws after `ms`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${ms} ms${last ? ` (${String(last)})` : ''}`);
    await sleep(100);
  }
}
