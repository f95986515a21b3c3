// `npm run bench:tenants`: many organizations on one server. Seeds 2,000 organizations of 50
// members and a few large ones (set-based SQL), measures the notification worker's quiet tick,
// starts the app as the other benches do, asks each tenant's dashboard figures, calendar and
// session once, round-robin (every request a first visit), then the system administrator's
// lists, and prints p50/p99 per line and the server's resident memory once every tenant has been
// served (the target is under 500 MB).
//
// Options (flags or environment): --tenants / TENANTS (2000), --members / TENANT_MEMBERS (50),
// --large / LARGE_TENANTS (3, of 2,000 members each), --db / BENCH_DB (postgres | embedded; by
// default DATABASE_URL, else a throwaway database on the local PostgreSQL server, else embedded).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/features/auth/passwords';
import { chooseDatabase, cleanup, cleanups, freePort, serverEnv, startServer, stopChild } from './processes';
import { BENCH_PASSWORD } from './seed';
import {
  type Line,
  printLines,
  quietTick,
  rssMb,
  serveSystemLists,
  serveTenants,
  systemCookie,
} from './tenants/run';
import { seedTenants } from './tenants/seed';

const { values: flags } = parseArgs({
  options: {
    tenants: { type: 'string' },
    members: { type: 'string' },
    large: { type: 'string' },
    db: { type: 'string' },
  },
});
const TENANTS = Number(flags.tenants ?? process.env.TENANTS ?? 2000);
const MEMBERS = Number(flags.members ?? process.env.TENANT_MEMBERS ?? 50);
const LARGE = Number(flags.large ?? process.env.LARGE_TENANTS ?? 3);
const LARGE_MEMBERS = 2000;
const EVENTS = 30;
const RSS_TARGET_MB = 500;
const DB = (flags.db ?? process.env.BENCH_DB) as 'postgres' | 'embedded' | undefined;
if (!(TENANTS >= 1) || !(MEMBERS >= 1) || !(LARGE >= 0) || (DB && !['postgres', 'embedded'].includes(DB))) {
  console.error('Usage: bench:tenants [--tenants 2000] [--members 50] [--large 3] [--db postgres|embedded]');
  process.exit(2);
}

const runDir = mkdtempSync(path.join(tmpdir(), 'greenroom-tenants-'));
cleanups.push(() => rmSync(runDir, { recursive: true, force: true }));
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

let failed = false;
try {
  const { url: databaseUrl, label } = await chooseDatabase(DB);
  const dataDir = path.join(runDir, 'data');
  const secret = randomBytes(24).toString('base64url');
  const systemPassword = randomBytes(12).toString('base64url');
  console.log(
    `\n=== bench:tenants on ${label}; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}`,
  );

  // Seed (and measure the tick) before the server opens the database: a PGlite folder has one owner.
  let started = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const tenants = await seedTenants(database, {
    prefix: 't',
    count: TENANTS,
    members: MEMBERS,
    events: EVENTS,
    passwordHash,
    secret,
  });
  if (LARGE > 0)
    tenants.push(
      ...(await seedTenants(database, {
        prefix: 'big',
        count: LARGE,
        members: LARGE_MEMBERS,
        events: EVENTS * 4,
        passwordHash,
        secret,
      })),
    );
  // A few registrations waiting for a decision, for the approval queue.
  await database.query(
    `insert into organizations (name, shortname, approval_status)
     select 'Waiting Theater ' || i, 'waiting' || i, 'pending' from generate_series(1, 20) i`,
  );
  await database.query('analyze');
  const members = tenants.reduce((sum, t) => sum + t.members, 0);
  console.log(
    `Seeded ${TENANTS.toLocaleString('en-US')} organizations × ${MEMBERS} members and ${LARGE} × ${LARGE_MEMBERS.toLocaleString('en-US')} ` +
      `(${members.toLocaleString('en-US')} members, ${EVENTS} events each) in ${seconds(started)} s.`,
  );
  started = performance.now();
  const tick = await quietTick(database);
  console.log(
    `Notification tick with nothing due (after ${seconds(started)} s of first ticks planning every digest): ` +
      `${tick.statements} statements, ${tick.transactions} transaction, ${tick.rows} rows read, ${tick.ms} ms.`,
  );
  await database.close();

  started = performance.now();
  const port = await freePort();
  const server = await startServer(
    serverEnv(port, databaseUrl, dataDir, {
      SESSION_SECRET: secret,
      SYSTEM_ADMIN_PASSWORD: systemPassword,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    }),
    path.join(runDir, 'server.log'),
  );
  const pid = server.child.pid as number;
  const rssBoot = rssMb(pid);
  console.log(`Server up in ${seconds(started)} s, ${rssBoot} MB resident.`);

  const lines: Line[] = [];
  started = performance.now();
  lines.push(...(await serveTenants(port, tenants)));
  const rssServed = rssMb(pid);
  const cookie = await systemCookie(port, systemPassword);
  lines.push(...(await serveSystemLists(port, cookie, 200, 't12')));
  const rssEnd = rssMb(pid);
  console.log(
    `Served ${tenants.length.toLocaleString('en-US')} tenants (3 requests each) and the system lists in ${seconds(started)} s:`,
  );
  printLines(lines);
  console.log(
    `Resident memory: ${rssBoot} MB after boot, ${rssServed} MB once every tenant was served, ${rssEnd} MB at the end ` +
      `(target under ${RSS_TARGET_MB} MB: ${Math.max(rssServed, rssEnd) < RSS_TARGET_MB ? 'met' : 'MISSED'}).`,
  );
  const errors = lines.reduce((sum, l) => sum + l.errors, 0);
  if (errors > 0) {
    console.log(`FAILED: ${errors} error answers.`);
    failed = true;
  }
  await stopChild(server.child);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);
