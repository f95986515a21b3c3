import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { openDatabase, poolSize } from '../src/server/db/client';
import {
  chooseDatabase,
  cleanup,
  cleanups,
  freePort,
  logFolder,
  type Reply,
  request,
  serverEnv,
  startBare,
  startServer,
  signIn,
  stopChild,
} from './bench/processes';
import { BROWSER_EVENTS, BROWSER_MONTH, median, timeMonthView } from './bench/browser';
import { buildWeb, measureBundle } from './bench/bundle';
import { seedCalendarMonth } from './bench/features/calendar';
import { runWrites, selectedWriteLines, setupWrites } from './bench/features/writes';
import './bench/cases';
import { cannedKey } from './bench/key';
import { runMemoryBench } from './bench/memory';
import { type BenchCase, type BenchContext, benchCases } from './bench/registry';
import { BENCH_PASSWORD, benchMember, benchOwner, seedBench } from './bench/seed';
import { openCostProbe } from './bench/write-cost';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
// A write line's code path is cold when its first run starts (no read line runs it): its first
// second cost the app 0.4-0.5 ms more CPU per request than its fifth (V8 still compiling it), so a
// one-organization run measured a server just started rather than one in use (docs/performance.md).
const WRITE_WARMUP = Number(process.env.BENCH_WRITE_WARMUP ?? 5);
const BROWSER = process.env.BENCH_BROWSER === '1';
const BROWSER_ORG = 'benchview';
const DEFAULT_P99_MS = 50;
const filters = process.argv.slice(2).map((f) => f.toLowerCase());

const runDir = mkdtempSync(path.join(tmpdir(), 'greenroom-bench-'));
cleanups.push(() => rmSync(runDir, { recursive: true, force: true }));

// ---- measuring ---------------------------------------------------------------------------------

/** A POST's JSON body: the same every time, or a new one per request. */
type Post = string | (() => string);

interface Run {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  total: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  expected: number,
  post?: Post,
): Promise<Run> {
  const result: Result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(post === undefined ? {} : { method: 'POST' }),
    ...(typeof post === 'string' ? { body: post } : {}),
    // A fresh body for every request, built just before it is sent.
    ...(typeof post === 'function'
      ? { requests: [{ method: 'POST', setupRequest: (r) => ({ ...r, body: post() }) }] }
      : {}),
  });
  const ok = result.statusCodeStats[String(expected)]?.count ?? 0;
  const total = result.latency.totalCount;
  return {
    rps: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: total - ok + result.errors + result.timeouts,
    total,
  };
}

interface Row {
  name: string;
  variant: string;
  bytes: number;
  app: Run;
  bare: Run;
  /** CPU ms per request of the app process and of its PostgreSQL backends (null: not measurable). */
  cpu: { node: number | null; pg: number | null };
  target?: BenchCase['target'];
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)}ms`;
const cpuMs = (v: number | null) => (v === null ? '-' : v.toFixed(2));

function printRows(rows: Row[]) {
  const header = `${'endpoint'.padEnd(34)} ${'answer'.padEnd(17)} ${pad('app req/s', 10)} ${pad('p50', 7)} ${pad('p99', 7)} | ${pad('bare req/s', 10)} ${pad('p50', 7)} ${pad('p99', 7)} | ${pad('app/bare', 8)} ${pad('cpu node/pg', 11)}  goal`;
  console.log(header);
  console.log('-'.repeat(header.length + 8));
  for (const r of rows) {
    const p99Goal = r.target?.p99Ms ?? DEFAULT_P99_MS;
    const goals = [`p99<${p99Goal}ms ${r.app.p99 < p99Goal ? 'ok' : 'MISS'}`];
    if (r.target?.rps && r.variant.startsWith('200'))
      goals.push(`≥${r.target.rps}/s ${r.app.rps >= r.target.rps ? 'ok' : 'MISS'}`);
    if (r.app.bad) goals.push(`${r.app.bad} unexpected answers`);
    console.log(
      `${r.name.padEnd(34)} ${r.variant.padEnd(17)} ${pad(Math.round(r.app.rps), 10)} ${pad(ms(r.app.p50), 7)} ${pad(ms(r.app.p99), 7)} | ${pad(Math.round(r.bare.rps), 10)} ${pad(ms(r.bare.p50), 7)} ${pad(ms(r.bare.p99), 7)} | ${pad((r.app.rps / r.bare.rps).toFixed(2), 8)} ${pad(`${cpuMs(r.cpu.node)}/${cpuMs(r.cpu.pg)}`, 11)}  ${goals.join(', ')}`,
    );
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** The brief's budget for a route's first visit: JS+CSS, gzip. */
const BUNDLE_TARGET = 160 * 1024;

async function main() {
  const started = Date.now();
  const cases = benchCases.filter(
    (c) => filters.length === 0 || filters.some((f) => c.name.toLowerCase().includes(f)),
  );
  const writes = selectedWriteLines(filters).length > 0;
  const { url: databaseUrl, label } = await chooseDatabase();
  const dataDir = path.join(runDir, 'data');

  // Seed (and close) before the server opens the database: a PGlite folder has one owner at a time.
  const database = await openDatabase({ databaseUrl, dataDir });
  const ctx: BenchContext = await seedBench(database);
  for (const c of cases) await c.setup?.(ctx);
  const writeOrgs = writes ? await setupWrites(ctx) : null;
  const paths = new Map(cases.map((c) => [c, typeof c.path === 'function' ? c.path(ctx) : c.path]));
  const bodies = new Map(cases.map((c) => [c, c.body ? JSON.stringify(c.body(ctx)) : undefined]));
  const freshBodies = new Map(
    cases.map((c) => {
      const fresh = c.freshBody;
      if (!fresh) return [c, undefined];
      let n = 0;
      return [c, () => JSON.stringify(fresh(ctx, n++))];
    }),
  );
  if (BROWSER) {
    const org = await ctx.addOrganization(BROWSER_ORG);
    await seedCalendarMonth(database, org, BROWSER_MONTH, BROWSER_EVENTS);
  }
  await database.close();
  // The browser needs the web app served: a production build the server is pointed at (and which
  // the bundle weights below then reuse).
  const web = BROWSER ? { outDir: path.join(runDir, 'web'), buildMs: 0 } : undefined;
  if (web) web.buildMs = buildWeb(root, web.outDir);

  const seeded = Date.now();
  const port = await freePort();
  const log = logFolder(runDir);
  const logFile = path.join(log.dir, 'server.log');
  const server = await startServer(
    serverEnv(port, databaseUrl, dataDir, web ? { WEB_ROOT: web.outDir } : {}),
    logFile,
  );
  const serving = Date.now();
  const mainHost = `localhost:${port}`;
  const orgHost = (shortname: string) => `${shortname}.localhost:${port}`;

  // One signed-in owner per organization the cases read.
  const cookies = new Map<string, string>();
  const organizations = new Set(cases.map((c) => c.organization ?? ctx.shortname));
  if (BROWSER) organizations.add(BROWSER_ORG);
  for (const shortname of organizations) {
    const host = orgHost(shortname);
    cookies.set(
      shortname,
      await signIn(port, host, {
        username: benchOwner(shortname),
        password: BENCH_PASSWORD,
        organizationShortname: shortname,
      }),
    );
  }

  // What each run sends, and the app's exact answer to it (which the bare server then repeats).
  interface Plan {
    c: BenchCase;
    variant: string;
    path: string;
    headers: Record<string, string>;
    expected: number;
    reply: Reply;
    /** A POST case's JSON body (or bodies). */
    post?: Post;
  }
  const plans: Plan[] = [];
  for (const c of cases) {
    const shortname = c.organization ?? ctx.shortname;
    const host = c.host === 'main' ? mainHost : orgHost(shortname);
    // What a browser sends: kept answers go out compressed (the bare server repeats those bytes).
    const base: Record<string, string> = {
      host,
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br, zstd',
    };
    if (c.signedIn !== false) base.cookie = cookies.get(shortname)!;
    const fresh = freshBodies.get(c);
    const post: Post | undefined = c.method === 'POST' ? (fresh ?? bodies.get(c)) : undefined;
    const first = typeof post === 'function' ? post() : post;
    // A POST comes from the page's own origin (the CSRF rule) and says what it sends.
    if (c.method === 'POST')
      Object.assign(base, { origin: `http://${host}`, 'content-type': 'application/json' });
    const p = paths.get(c)!;
    const full = await request({
      host: '127.0.0.1',
      port,
      path: p,
      headers: base,
      method: c.method,
      body: first,
    });
    if (full.status !== 200) throw new Error(`${c.name}: expected 200, got ${full.status} ${full.body}`);
    plans.push({
      c,
      variant: c.method !== 'POST' ? '200' : fresh ? '200 POST fresh' : '200 POST',
      path: p,
      headers: base,
      expected: 200,
      reply: full,
      post,
    });
    const etag = full.headers.etag;
    if (c.conditional !== false && c.method !== 'POST' && etag) {
      const headers = { ...base, 'if-none-match': etag };
      const cached = await request({ host: '127.0.0.1', port, path: p, headers });
      if (cached.status !== 304) throw new Error(`${c.name}: If-None-Match gave ${cached.status}, not 304`);
      plans.push({ c, variant: '304', path: p, headers, expected: 304, reply: cached });
    }
    if (c.uncompressed) {
      const { 'accept-encoding': _, ...headers } = base;
      const plain = await request({
        host: '127.0.0.1',
        port,
        path: p,
        headers,
        method: c.method,
        body: first,
      });
      plans.push({ c, variant: '200 plain', path: p, headers, expected: 200, reply: plain, post });
    }
  }

  const bare = await startBare();
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const table = plans.map((plan) => {
    const headers = Object.fromEntries(
      Object.entries(plan.reply.headers).filter(([k, v]) => !skip.has(k) && v !== undefined),
    ) as Record<string, string | string[]>;
    const value = { status: plan.reply.status, headers, body: plan.reply.body.toString('base64') };
    const key = cannedKey(
      plan.headers.host,
      plan.path,
      plan.expected === 304,
      plan.headers['accept-encoding'] !== undefined,
    );
    return [key, value] as const;
  });
  await new Promise<void>((resolve) => {
    bare.child.once('message', () => resolve());
    bare.child.send({ table });
  });

  const pool = databaseUrl ? `, pool ${poolSize()} connections` : '';
  console.log(`\nGreenroom bench: ${label}${pool}`);
  console.log(`Set-up: database and seed ${seeded - started} ms, server start ${serving - seeded} ms.`);
  const [load1] = os.loadavg();
  if (load1 > os.cpus().length * 0.5) {
    console.log(
      `WARNING: load average ${load1.toFixed(1)} on ${os.cpus().length} cores: other work is running, numbers are unreliable.`,
    );
  }
  console.log(
    `${CONNECTIONS} connections, ${DURATION}s per run after ${WARMUP}s warm-up, app log level ${process.env.LOG_LEVEL ?? 'info'} (kept ${log.where}), ${os.cpus().length} cores\n`,
  );
  const rows: Row[] = [];
  // Per-request CPU of the app and of its database backends: steadier than latency on a shared machine.
  const probe = await openCostProbe(databaseUrl, server.child.pid ?? 0);
  for (const plan of plans) {
    const appUrl = `http://127.0.0.1:${port}${plan.path}`;
    const bareUrl = `http://127.0.0.1:${bare.port}${plan.path}`;
    await load(appUrl, plan.headers, WARMUP, plan.expected, plan.post);
    const before = await probe.snapshot();
    const app = await load(appUrl, plan.headers, DURATION, plan.expected, plan.post);
    const cost = probe.cost(before, await probe.snapshot(), app.total);
    await load(bareUrl, plan.headers, WARMUP, plan.expected, plan.post);
    const bareRun = await load(bareUrl, plan.headers, DURATION, plan.expected, plan.post);
    const bytes = plan.reply.body.length;
    rows.push({
      name: plan.c.name,
      variant: `${plan.variant} ${bytes}B`,
      bytes,
      app,
      bare: bareRun,
      cpu: { node: cost.nodeCpuMs, pg: cost.pgCpuMs },
      target: plan.c.target,
    });
  }
  await probe.close();
  if (rows.length > 0) printRows(rows);
  if (writeOrgs) {
    await runWrites(writeOrgs, {
      port,
      orgHost,
      password: BENCH_PASSWORD,
      owner: benchOwner,
      member: benchMember,
      seconds: DURATION,
      warmupSeconds: WRITE_WARMUP,
      connections: CONNECTIONS,
      filters,
      databaseUrl,
      serverPid: server.child.pid ?? 0,
    });
  }

  if (BROWSER) {
    const [name, value] = cookies.get(BROWSER_ORG)!.split('=');
    const t = await timeMonthView({ origin: `http://${orgHost(BROWSER_ORG)}`, cookie: { name, value } });
    const list = (v: number[]) => v.map((x) => Math.round(x)).join(', ');
    console.log(
      `\nBrowser (headless Chromium), month view of ${BROWSER_EVENTS} events (${BROWSER_MONTH}), to events painted:` +
        `\n  open /calendar (bundle cached)   median ${Math.round(median(t.navigateMs))} ms  [${list(t.navigateMs)}]; first visit, empty cache ${Math.round(t.coldNavigateMs)} ms` +
        `\n  click Next from the month before  median ${Math.round(median(t.clickMs))} ms  [${list(t.clickMs)}]`,
    );
  }

  const stopMs = await stopChild(server.child);
  console.log(`\nServer stopped on SIGTERM in ${stopMs} ms (exit code ${server.child.exitCode}).`);

  if (process.env.BENCH_SKIP_BUNDLE !== '1') {
    const { routes, buildMs } = measureBundle(root, web);
    console.log(
      `\nWeb bundle, first visit per route (JS+CSS, gzip -9; raw in brackets; built in ${buildMs} ms):`,
    );
    for (const r of routes) {
      const total = r.jsGzip + r.cssGzip;
      console.log(
        `  ${r.route.padEnd(36)} ${pad(kb(total), 9)}  = JS ${pad(kb(r.jsGzip), 9)} [${kb(r.jsRaw)}] + CSS ${pad(kb(r.cssGzip), 8)} [${kb(r.cssRaw)}], ${r.files} files${r.workerGzip ? `; its worker ${kb(r.workerGzip)} [${kb(r.workerRaw)}] apart` : ''}${total > BUNDLE_TARGET ? `  MISS (target ≤${kb(BUNDLE_TARGET)})` : ''}`,
      );
    }
  }
  console.log(`\nBench finished in ${Math.round((Date.now() - started) / 1000)} s.`);
}

try {
  if (filters.includes('memory')) await runMemoryBench(runDir);
  else await main();
} finally {
  await cleanup();
}
