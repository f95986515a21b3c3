// `npm run bench -- memory`: the server's resident memory (RSS, from /proc) as a newcomer runs it
// (SEED_DEMO on a fresh embedded database), after the first boot, at its peak under ten seconds of
// reads by a signed-in member, and after a restart on the same data; then the same on a
// throwaway database of the PostgreSQL server. Boot times are wall-clock to the first health answer.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { chooseDatabase, DEMO_OWNER, freePort, request, signIn, startServer, stopChild } from './processes';

const LOAD_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 10);
const LIMIT_MB = 300;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

interface Figures {
  firstBootMs: number;
  afterBoot: number;
  underLoad: number;
  restartMs: number;
  afterRestart: number;
  underLoadAfterRestart: number;
}

/** Signs in as the demo owner and reads the hot endpoints for LOAD_SECONDS; the peak RSS. */
async function loadPeak(pid: number, port: number): Promise<number> {
  const host = `demo.localhost:${port}`;
  const cookie = await signIn(port, host, DEMO_OWNER);
  const headers = { host, cookie, accept: 'application/json', 'accept-encoding': 'gzip, br' };
  const me = JSON.parse(
    (await request({ host: '127.0.0.1', port, path: '/api/me', headers })).body.toString(),
  );
  const orgId = me.organization?.id ?? me.organizationId;
  const month = new Date().toISOString().slice(0, 7);
  const paths = ['/api/me', '/api/organization-context'];
  if (orgId) {
    paths.push(
      `/api/organizations/${orgId}/stats`,
      `/api/organizations/${orgId}/directory`,
      `/api/organizations/${orgId}/calendar/events?from=${month}-01&to=${month}-28`,
    );
  }
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 200);
  await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 16,
    duration: LOAD_SECONDS,
    requests: paths.map((p) => ({ method: 'GET', path: p, headers })),
  });
  clearInterval(sampler);
  return Math.max(peak, rssMb(pid));
}

async function measure(env: Record<string, string>, logFile: string): Promise<Figures> {
  const port = await freePort();
  const full = {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    SYSTEM_ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    LOG_LEVEL: 'warn',
  };
  let started = Date.now();
  let server = await startServer(full, logFile);
  const firstBootMs = Date.now() - started;
  const pid = server.child.pid!;
  const afterBoot = rssMb(pid);
  const underLoad = await loadPeak(pid, port);
  await stopChild(server.child);
  started = Date.now();
  server = await startServer(full, logFile);
  const restartMs = Date.now() - started;
  const afterRestart = rssMb(server.child.pid!);
  const underLoadAfterRestart = await loadPeak(server.child.pid!, port);
  await stopChild(server.child);
  return { firstBootMs, afterBoot, underLoad, restartMs, afterRestart, underLoadAfterRestart };
}

export async function runMemoryBench(runDir: string) {
  const embeddedEnv = { DATABASE_URL: '', DATA_DIR: path.join(runDir, 'memory-data') };
  const rows: [string, Figures][] = [
    ['embedded (PGlite in DATA_DIR)', await measure(embeddedEnv, path.join(runDir, 'memory-embedded.log'))],
  ];
  const server = await chooseDatabase();
  if (server.url)
    rows.push([
      server.label,
      await measure({ DATABASE_URL: server.url }, path.join(runDir, 'memory-pg.log')),
    ]);
  const mb = (v: number) => `${v} MB${v >= LIMIT_MB ? ' (over)' : ''}`;
  console.log(
    `\nResident memory of the server (demo data, ${LOAD_SECONDS}s of reads at 16 connections for "under load"; limit ${LIMIT_MB} MB):`,
  );
  for (const [label, f] of rows) {
    console.log(`  ${label}`);
    console.log(`    first boot   ${mb(f.afterBoot).padEnd(14)} ready in ${f.firstBootMs} ms`);
    console.log(`    under load   ${mb(f.underLoad)}`);
    console.log(`    restart      ${mb(f.afterRestart).padEnd(14)} ready in ${f.restartMs} ms`);
    console.log(`    under load   ${mb(f.underLoadAfterRestart)} (after the restart)`);
  }
}
