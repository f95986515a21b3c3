// `npm run bench:load`: the whole product under a realistic mix, at size. Two organizations of
// 10,000 members, 500 teams and 50,000 events each (plus library pages, follows, weekly series)
// and one of 20 members, seeded with set-based SQL; then CONNECTIONS connections for DURATION
// seconds: sign-in, dashboard, calendar month, directory, wiki read and search, event create and
// edit, wiki edit over many members' sessions of the large organizations, while a tenth of the
// connections read the small organization. Prints per route: requests, req/s, p50, p99, expected
// 409 conflicts and error answers (anything else not 2xx/3xx). Exits 1 on any error answer.
//
// Options (flags or environment): --scale / LOAD_SCALE (1), --duration / LOAD_DURATION (30 s),
// --connections / LOAD_CONNECTIONS (50), --db / LOAD_DB (postgres | embedded | both; both).
// PostgreSQL: a throwaway database on PG_ADMIN_URL's server (default the local one), dropped after.
// LOAD_LOG_DIR=<folder> keeps the server logs there.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/features/auth/passwords';
import { Client, LARGE_MIX, type Recorder, runConnection, SMALL_MIX, type Target } from './load/mix';
import { largeSizes, type LoadOrganization, SMALL_SIZES, seedLoadOrganization } from './load/seed';
import {
  chooseDatabase,
  cleanup,
  cleanups,
  freePort,
  postgresAnswers,
  serverEnv,
  startServer,
  stopChild,
  tailOf,
} from './processes';
import { BENCH_PASSWORD } from './seed';

const { values: flags } = parseArgs({
  options: {
    scale: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    db: { type: 'string' },
  },
});
const SCALE = Number(flags.scale ?? process.env.LOAD_SCALE ?? 1);
const DURATION = Number(flags.duration ?? process.env.LOAD_DURATION ?? 30);
const CONNECTIONS = Number(flags.connections ?? process.env.LOAD_CONNECTIONS ?? 50);
const DB = flags.db ?? process.env.LOAD_DB ?? 'both';
const WARMUP_SECONDS = Math.min(3, Math.max(1, DURATION / 10));
if (
  !(SCALE > 0) ||
  !(DURATION > 0) ||
  !(CONNECTIONS >= 2) ||
  !['postgres', 'embedded', 'both'].includes(DB)
) {
  console.error(
    'Usage: bench:load [--scale 0.02] [--duration 30] [--connections 50] [--db postgres|embedded|both]',
  );
  process.exit(2);
}
const SMALL_CONNECTIONS = Math.max(1, Math.round(CONNECTIONS / 10));

const runDir = mkdtempSync(path.join(tmpdir(), 'greenroom-load-'));
cleanups.push(() => rmSync(runDir, { recursive: true, force: true }));

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const ms = (v: number) => (v < 10 ? `${v.toFixed(1)}ms` : `${Math.round(v)}ms`);
const loadavg = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const LARGE_GROUP = 'large orgs';
const SMALL_GROUP = 'small org';

function printTable(recorder: Recorder, seconds: number) {
  const header = `${'organization'.padEnd(12)} ${'route'.padEnd(26)} ${'requests'.padStart(9)} ${'req/s'.padStart(7)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'409'.padStart(5)} ${'errors'.padStart(6)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  let errors = 0;
  const rows = [...recorder.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [key, stats] of rows) {
    const [group, route] = key.split('|');
    const sorted = stats.latencies.sort((a, b) => a - b);
    errors += stats.errors;
    console.log(
      `${group.padEnd(12)} ${route.padEnd(26)} ${n(sorted.length).padStart(9)} ${(sorted.length / seconds).toFixed(1).padStart(7)} ${ms(percentile(sorted, 50)).padStart(8)} ${ms(percentile(sorted, 99)).padStart(8)} ${String(stats.conflicts).padStart(5)} ${String(stats.errors).padStart(6)}`,
    );
  }
  const total = rows.reduce((sum, [, s]) => sum + s.latencies.length, 0);
  console.log(
    `${'all'.padEnd(12)} ${''.padEnd(26)} ${n(total).padStart(9)} ${(total / seconds).toFixed(1).padStart(7)}`,
  );
  for (const [key, stats] of rows)
    for (const sample of stats.samples) console.log(`  ${key.replace('|', ', ')}: ${sample}`);
  return errors;
}

async function runOn(kind: 'postgres' | 'embedded'): Promise<number> {
  const started = performance.now();
  const { url: databaseUrl, label } = await chooseDatabase(kind);
  const dataDir = path.join(runDir, `data-${kind}`);
  const secret = randomBytes(24).toString('base64url');
  const sizes = largeSizes(SCALE);

  // Seed (and close) before the server opens the database: a PGlite folder has one owner at a time.
  const database = await openDatabase({ databaseUrl, dataDir });
  const hash = await hashPassword(BENCH_PASSWORD);
  const orgs: LoadOrganization[] = [];
  for (const shortname of ['loada', 'loadb'])
    orgs.push(await seedLoadOrganization(database, hash, shortname, sizes, secret));
  const small = await seedLoadOrganization(database, hash, 'loadsmall', SMALL_SIZES, secret);
  await database.query('analyze');
  const [{ events }] = await database.query<{ events: number }>(
    'select count(*)::int as events from calendar_events',
  );
  await database.close();
  const seeded = performance.now();

  const port = await freePort();
  // LOAD_LOG_DIR keeps the server's log (one line per request, with its time) after the run.
  const logFile = path.join(process.env.LOAD_LOG_DIR ?? runDir, `server-${kind}.log`);
  const server = await startServer(
    serverEnv(port, databaseUrl, dataDir, { SESSION_SECRET: secret }),
    logFile,
  );
  const serving = performance.now();
  const target = (org: LoadOrganization): Target => ({
    org,
    host: `${org.shortname}.localhost:${port}`,
    created: 0,
  });
  const large = orgs.map(target);
  const smallTargets = [target(small)];

  const run = async (seconds: number) => {
    const recorder: Recorder = new Map();
    const client = new Client(port, CONNECTIONS, recorder);
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, i) =>
        i < SMALL_CONNECTIONS
          ? runConnection(client, SMALL_GROUP, smallTargets, SMALL_MIX, until)
          : runConnection(client, LARGE_GROUP, large, LARGE_MIX, until),
      ),
    );
    client.close();
    return recorder;
  };

  console.log(`\n=== bench:load on ${label}`);
  console.log(
    `Seeded 2 organizations × (${n(sizes.members)} members, ${n(sizes.teams)} teams, ${n(sizes.events)} events, ` +
      `${n(sizes.wikiPages)} library pages, ${n(sizes.sessions)} signed-in members) and one of ${SMALL_SIZES.members} members ` +
      `(${n(events)} events in all) in ${((seeded - started) / 1000).toFixed(1)} s; server up in ${((serving - seeded) / 1000).toFixed(1)} s.`,
  );
  await run(WARMUP_SECONDS);
  const before = loadavg();
  const t0 = performance.now();
  const recorder = await run(DURATION);
  // No action starts after the window; the last ones end after it (req/s counts that time too).
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `${CONNECTIONS} connections (${CONNECTIONS - SMALL_CONNECTIONS} on the large organizations, ${SMALL_CONNECTIONS} on the small one) ` +
      `for ${DURATION} s after ${WARMUP_SECONDS} s of warm-up (last answer ${seconds.toFixed(1)} s after the start); ` +
      `${os.cpus().length} cores; load average before ${before}, after ${loadavg()}`,
  );
  const errors = printTable(recorder, seconds);
  await stopChild(server.child);
  if (server.child.exitCode !== 0 && server.child.exitCode !== null)
    console.log(`Server exited with ${server.child.exitCode}:\n${tailOf(logFile, 2000)}`);
  return errors;
}

let failed = false;
try {
  const kinds = DB === 'both' ? (['postgres', 'embedded'] as const) : [DB as 'postgres' | 'embedded'];
  let errors = 0;
  for (const kind of kinds) {
    if (kind === 'postgres' && DB === 'both' && !process.env.CI && !(await postgresAnswers())) {
      // As test:pg does: locally, no server means this half is skipped (loudly); in CI it fails.
      console.log('\nNo PostgreSQL server answers (PG_ADMIN_URL): the PostgreSQL run is skipped.');
      continue;
    }
    errors += await runOn(kind);
  }
  failed = errors > 0;
  console.log(failed ? `\nFAILED: ${errors} error answers.` : '\nNo error answers.');
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);
