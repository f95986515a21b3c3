// Faults an operator meets, each against real processes on a private PostgreSQL cluster (or a
// small filesystem for the embedded database), each bounded in time and printing its figures.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/common/presence';
import { Client, eventually, send, sleep, startApp, stopAllApps } from './support/app';
import { PrivateCluster } from './support/cluster';
import { postgresServer, toolsPresent } from './support/tools';
import { percentile, round, type Sample, startLoad } from './support/load';
import { seedOrg } from './support/seed';

const runnable = toolsPresent('Faults', { postgresServer });
let cluster: PrivateCluster;
beforeAll(async () => {
  if (!runnable) return;
  cluster = await PrivateCluster.create();
});
afterAll(async () => {
  await stopAllApps();
  cluster?.destroy();
});

const day = (n: number) => new Date(Date.UTC(2031, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const wikiPage = (n: number | string) => ({ title: `Fault page ${n}`, content: `Body ${n}`, tags: [] });
const sawEntry = (messages: ServerMessage[], userId: number, check: (status?: string) => boolean) =>
  messages.some(
    (m) =>
      m.type === 'presence_update' &&
      m.updateType !== 'leave' &&
      m.data.userId === userId &&
      check(m.data.status),
  );
const sawLeave = (messages: ServerMessage[], userId: number) =>
  messages.some((m) => m.type === 'presence_update' && m.updateType === 'leave' && m.data.userId === userId);

describe.skipIf(!runnable)('PostgreSQL restarts under load', () => {
  it('keeps the process up, answers 503 fast while down, serves again within 5 s, and presence and the change channel recover', async () => {
    const url = await cluster.createDatabase('ops_restart');
    const { org, owner, members } = await seedOrg(url, 4);
    // A short grace period, so a leave happens (and its NOTIFY fails) while the server is down.
    const env = { DATABASE_URL: url, PRESENCE_GRACE_MS: '500' };
    const [a, b] = await Promise.all([startApp(env), startApp(env)]);
    const writer = new Client(a.port, org.shortname);
    await writer.login(owner.username, owner.password);
    const reader = new Client(a.port, org.shortname);
    await reader.login(members[0].username, members[0].password);
    const readerB = new Client(b.port, org.shortname);
    await readerB.login(members[0].username, members[0].password);

    // Presence on both instances: members 1 and 2 on A, member 3 watching from B.
    const leaving = new Client(a.port, org.shortname);
    await leaving.login(members[1].username, members[1].password);
    const busy = new Client(a.port, org.shortname);
    await busy.login(members[2].username, members[2].password);
    const watcher = new Client(b.port, org.shortname);
    await watcher.login(members[3].username, members[3].password);
    const watch = await watcher.socket();
    const leavingSocket = await leaving.socket();
    const busySocket = await busy.socket();
    await eventually(
      'B sees both members on A',
      () =>
        sawEntry(watch.messages, members[1].id, () => true) &&
        sawEntry(watch.messages, members[2].id, () => true),
    );

    const base = `/api/organizations/${org.id}`;
    let n = 0;
    const load = startLoad({
      calendar: () => reader.get(`${base}/calendar/events?from=2031-01-01&to=2031-02-01`, 10_000),
      me: () => readerB.get('/api/me', 10_000),
      wikiWrite: () => writer.post(`${base}/wiki`, wikiPage(n++), 10_000),
      wikiSearch: () => reader.get(`${base}/wiki/search?q=fault`, 10_000),
    });
    await sleep(1500);

    const stopAt = performance.now();
    cluster.stop('fast');
    const downAt = performance.now();
    // While the server is down: one member leaves, another turns busy (both NOTIFYs fail).
    leavingSocket.ws.close();
    busySocket.ws.send(JSON.stringify({ type: 'status_update', status: 'busy' }));
    await sleep(3000);
    const health = await send({ port: a.port, path: '/api/health', timeoutMs: 5000 });
    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    const startAt = performance.now();
    cluster.start();
    const upAt = performance.now();
    // Presence: the leave and the status change made during the outage reach B after it.
    const presenceCaughtUp = Promise.all([
      eventually(
        'B hears the leave missed during the outage',
        () => sawLeave(watch.messages, members[1].id),
        8000,
      ),
      eventually(
        'B sees the busy status set during the outage',
        () => sawEntry(watch.messages, members[2].id, (status) => status === 'busy'),
        8000,
      ),
    ]).then(() => round(performance.now() - upAt));
    await sleep(6000);
    const samples = await load.stop();
    const presenceMs = await presenceCaughtUp;

    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    // Every request got an answer; none was a 500.
    expect(samples.filter((s) => s.status === 0)).toEqual([]);
    expect(samples.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
    // Sent and answered while the server was down: all 503, fast.
    const during = samples.filter((s) => s.at >= downAt && s.at + s.ms <= startAt);
    expect(during.length).toBeGreaterThan(10);
    expect(during.filter((s) => s.status !== 503)).toEqual([]);
    const failed = samples.filter((s) => s.status === 503);
    expect(Math.max(...during.map((s) => s.ms))).toBeLessThan(1000);
    // Back: each kind succeeds within 5 s of the server accepting connections, and from then on.
    const recovery: Record<string, number> = {};
    for (const kind of ['calendar', 'me', 'wikiWrite', 'wikiSearch']) {
      const after = samples.filter((s) => s.kind === kind && s.at >= upAt);
      const firstOk = after.find((s) => s.status < 300);
      expect(firstOk, `${kind} never succeeded after the restart`).toBeDefined();
      recovery[kind] = round((firstOk as Sample).at + (firstOk as Sample).ms - upAt);
      expect(recovery[kind]).toBeLessThanOrEqual(5000);
      expect(after.filter((s) => s.at > upAt + 5000 && s.status >= 300)).toEqual([]);
    }
    const health2 = await send({ port: b.port, path: '/api/health' });
    expect(health2.status).toBe(200);

    // A member connecting now on A reaches B through the renewed LISTEN.
    const late = new Client(a.port, org.shortname);
    await late.login(owner.username, owner.password);
    const lateSocket = await late.socket();
    await eventually(
      'B sees a member who joins on A after the restart',
      () => sawEntry(watch.messages, owner.id, () => true),
      5000,
    );

    // Change channel: a name kept on B is dropped when a write from psql is announced.
    const context = () => readerB.get('/api/organization-context').then((r) => r.json().organization.name);
    await context();
    await context();
    const renamed = `Renamed after restart ${Date.now()}`;
    const renameAt = performance.now();
    await cluster.admin(
      (c) => c.query('update organizations set name = $1 where id = $2', [renamed, org.id]),
      'ops_restart',
    );
    await eventually('B shows the name changed in psql', async () => (await context()) === renamed, 5000);
    const changeMs = round(performance.now() - renameAt);

    lateSocket.ws.close();
    busySocket.ws.close();
    watch.ws.close();
    const lat = failed.map((s) => s.ms);
    console.log(
      [
        'PostgreSQL restart under load (2 instances, 4 request loops):',
        `  outage ${round(upAt - stopAt)} ms (stop ${round(downAt - stopAt)} ms, down ${round(startAt - downAt)} ms, start ${round(upAt - startAt)} ms)`,
        `  ${samples.length} requests, ${failed.length} answered 503 (latency p50 ${round(percentile(lat, 50))} ms, p99 ${round(percentile(lat, 99))} ms, max ${round(Math.max(...lat))} ms), 0 unanswered, 0 other 5xx`,
        `  first success after the server was back: ${Object.entries(recovery)
          .map(([k, v]) => `${k} ${v} ms`)
          .join(', ')}`,
        `  presence caught up ${presenceMs} ms after the server was back; a psql rename showed on B in ${changeMs} ms`,
      ].join('\n'),
    );
  });
});

/** Every process of the cluster: the postmaster (first line of postmaster.pid) and its children. */
function clusterPids(): number[] {
  const postmaster = Number(
    readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
  return [postmaster, ...children];
}

describe.skipIf(!runnable)('a PostgreSQL server that accepts connections but never answers', () => {
  it('answers 503 within the set time limits instead of hanging, and serves again when it answers', async () => {
    const url = await cluster.createDatabase('ops_frozen');
    const { org, owner } = await seedOrg(url, 0);
    const env = { DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_MS: '1000', DATABASE_QUERY_TIMEOUT_MS: '2000' };
    const app = await startApp(env);
    const browser = new Client(app.port, org.shortname);
    await browser.login(owner.username, owner.password);
    const base = `/api/organizations/${org.id}`;
    const requests = {
      me: () => browser.get('/api/me', 20_000),
      calendar: () => browser.get(`${base}/calendar/events?from=2031-01-01&to=2031-02-01`, 20_000),
      wikiWrite: () => browser.post(`${base}/wiki`, wikiPage(`frozen ${Date.now()}`), 20_000),
    };
    for (const send of Object.values(requests)) expect((await send()).status).toBeLessThan(300);
    // While it is stuck, what must reach the database: a session not yet read (signed in again
    // just before), months nobody has read, and a write. What the app keeps (the first session,
    // the month read above) it can still answer, since nothing can change in a stuck database.
    const other = new Client(app.port, org.shortname);
    await other.login(owner.username, owner.password);
    let unread = 0;
    const reachingTheDatabase = {
      me: () => other.get('/api/me', 20_000),
      calendar: () => {
        const year = 2040 + unread++;
        return browser.get(`${base}/calendar/events?from=${year}-01-01&to=${year}-02-01`, 20_000);
      },
      wikiWrite: requests.wikiWrite,
    };

    // SIGSTOP: the kernel still accepts connections on the port, but no process reads or answers,
    // as with a server stuck on a dead disk or paused by its host. The postmaster first, so it
    // starts no child that would escape.
    const frozen = clusterPids();
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    let answers: { kind: string; status: number; ms: number }[];
    let kept: number[];
    try {
      const timed = async ([kind, fn]: [string, () => Promise<{ status: number }>]) => {
        const at = performance.now();
        const res = await fn().catch(() => ({ status: 0 }));
        return { kind, status: res.status, ms: round(performance.now() - at) };
      };
      [answers, kept] = await Promise.all([
        // Twice each kind at once: pooled connections (stuck in a query) and new ones (never greeted).
        Promise.all(
          [...Object.entries(reachingTheDatabase), ...Object.entries(reachingTheDatabase)].map(timed),
        ),
        Promise.all([requests.me(), requests.calendar()].map(async (answer) => (await answer).status)),
      ]);
    } finally {
      for (const pid of [...frozen].reverse()) process.kill(pid, 'SIGCONT');
    }
    const thawedAt = performance.now();
    expect(app.child.exitCode).toBeNull();
    expect(answers.filter((a) => a.status !== 503)).toEqual([]);
    expect(kept).toEqual([200, 200]);
    // A query waits at most 2 s, and its rollback as long again: 503 well within 20 s.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);

    await eventually(
      'every kind of request succeeds again',
      async () => {
        for (const send of Object.values(requests)) if ((await send()).status >= 300) return false;
        return true;
      },
      10_000,
    );
    console.log(
      [
        'PostgreSQL frozen (SIGSTOP, connect limit 1 s, query limit 2 s):',
        `  ${answers.length} requests that reach the database, all 503 in ${Math.min(...answers.map((a) => a.ms))}–${Math.max(...answers.map((a) => a.ms))} ms; the kept session and month answered 200`,
        `  serving again ${round(performance.now() - thawedAt)} ms after SIGCONT`,
      ].join('\n'),
    );
  });
});

describe.skipIf(!runnable)('SIGTERM with requests in flight', () => {
  it('lets them finish, then exits 0', async () => {
    const url = await cluster.createDatabase('ops_sigterm');
    const { org, owner } = await seedOrg(url, 0);
    const app = await startApp({ DATABASE_URL: url });
    const client = new Client(app.port, org.shortname);
    await client.login(owner.username, owner.password);
    // Writes to the library wait on a lock held here, so they are surely in flight at SIGTERM.
    const locker = new (await import('pg')).default.Client({ connectionString: url });
    await locker.connect();
    locker.on('error', () => {});
    await locker.query('begin');
    await locker.query('lock table wiki_pages in exclusive mode');
    const inFlight = Array.from({ length: 5 }, (_, i) =>
      client.post(`/api/organizations/${org.id}/wiki`, wikiPage(`in-flight ${i}`), 20_000),
    );
    // pg_stat_activity is read outside the locking transaction (inside it, it would not change).
    await eventually('five writes waiting on the lock', async () => {
      const { rows } = await cluster.admin(
        (c) =>
          c.query(
            `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = 'ops_sigterm'`,
          ),
        'ops_sigterm',
      );
      return rows[0].n >= 5;
    });
    const termAt = performance.now();
    app.child.kill('SIGTERM');
    await sleep(1000);
    expect(app.child.exitCode).toBeNull();
    await locker.query('commit');
    await locker.end();
    const answers = await Promise.all(inFlight);
    const code = await app.exited;
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(code).toBe(0);
    const pages = await cluster.admin(
      (c) => c.query(`select count(*)::int as n from wiki_pages where title like 'Fault page in-flight%'`),
      'ops_sigterm',
    );
    expect(pages.rows[0].n).toBe(5);
    console.log(
      `SIGTERM: 5 requests in flight all answered 201 and stored; exit code ${code} ${round(performance.now() - termAt)} ms after the signal (1 s of it waiting on the held lock)`,
    );
  });
});

describe.skipIf(!runnable)('two instances starting together on an empty database', () => {
  it('migrate once, and both serve with one shared secret and one system user', async () => {
    const url = await cluster.createDatabase('ops_migrate');
    const started = performance.now();
    // No SESSION_SECRET: the first instance generates it in the database and the other reads it.
    const [a, b] = await Promise.all([
      startApp({ DATABASE_URL: url, SESSION_SECRET: undefined }),
      startApp({ DATABASE_URL: url, SESSION_SECRET: undefined }),
    ]);
    const bootMs = round(performance.now() - started);
    const journal = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, '../../src/server/db/migrations/meta/_journal.json'),
        'utf8',
      ),
    ) as { entries: unknown[] };
    const rows = await cluster.admin(
      (c) => c.query('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash'),
      'ops_migrate',
    );
    expect(rows.rows).toHaveLength(journal.entries.length);
    expect(rows.rows.every((r) => r.n === 1)).toBe(true);
    const system = await cluster.admin(
      (c) => c.query('select count(*)::int as n from users where is_system_user'),
      'ops_migrate',
    );
    expect(system.rows[0].n).toBe(1);
    // Signed in on A, the same cookie is good on B: both use the one secret.
    const client = new Client(a.port);
    await client.login('system', 'Ops-system-Pass-2026');
    client.port = b.port;
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.json().user.username).toBe('system');
    console.log(
      `Two instances on an empty database: both healthy ${bootMs} ms after start, ${journal.entries.length} migrations applied once each, 1 system user, one session secret`,
    );
  });
});

describe.skipIf(!runnable)('pg_dump under write load', () => {
  it('restores into a fresh database the app boots on, with the row counts of the dump’s snapshot', async () => {
    const url = await cluster.createDatabase('ops_dump');
    const { org, owner, members } = await seedOrg(url, 2);
    const app = await startApp({ DATABASE_URL: url });
    const writer = new Client(app.port, org.shortname);
    await writer.login(owner.username, owner.password);
    const writer2 = new Client(app.port, org.shortname);
    await writer2.login(members[0].username, members[0].password);
    let n = 0;
    const base = `/api/organizations/${org.id}`;
    const load = startLoad(
      {
        wiki: () => writer.post(`${base}/wiki`, wikiPage(`dump ${n++}`)),
        event: () =>
          writer.post(`${base}/calendar/events`, {
            name: `Dump event ${n}`,
            description: 'Written while pg_dump runs',
            spaces: ['Main Stage'],
            // One a day, so no two bookings of the stage overlap.
            startDateTime: `${day(n)}T19:00:00`,
            endDateTime: `${day(n++)}T20:00:00`,
            eventType: 'rehearsal',
            reservedBy: owner.id,
          }),
        password: () => writer2.get('/api/me'),
      },
      4,
      5,
    );
    await sleep(1500);

    // The dump reads the snapshot exported here; the counts are taken inside the same snapshot.
    const pg = (await import('pg')).default;
    const snap = new pg.Client({ connectionString: url });
    await snap.connect();
    await snap.query('begin isolation level repeatable read');
    const [{ snapshot }] = (await snap.query('select pg_export_snapshot() as snapshot')).rows;
    const tables = (
      await snap.query<{ name: string }>(
        `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
         where schemaname in ('public', 'drizzle') order by 1`,
      )
    ).rows.map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = (await snap.query(`select count(*)::int as n from ${t}`)).rows[0].n;
    const dumpFile = path.join(tmpdir(), `greenroom-ops-${process.pid}.dump`);
    const dumpStarted = performance.now();
    const dump = spawnSync(
      path.join(cluster.bin, 'pg_dump'),
      ['--snapshot', snapshot, '-Fc', '-f', dumpFile, url],
      { encoding: 'utf8' },
    );
    const dumpMs = round(performance.now() - dumpStarted);
    await snap.query('commit');
    await snap.end();
    await sleep(500);
    const samples = await load.stop();
    expect(dump.status, dump.stderr).toBe(0);
    const writes = samples.filter((s) => s.kind !== 'password');
    for (const kind of ['wiki', 'event'])
      expect(writes.filter((s) => s.kind === kind && s.status < 300).length, kind).toBeGreaterThan(0);
    expect(writes.filter((s) => s.status >= 500 || s.status === 0)).toEqual([]);
    const liveCounts = await cluster.admin(
      (c) =>
        c.query(
          `select (select count(*) from wiki_pages)::int as wiki, (select count(*) from calendar_events)::int as events`,
        ),
      'ops_dump',
    );

    const restoredUrl = await cluster.createDatabase('ops_restored');
    const restore = spawnSync(
      path.join(cluster.bin, 'pg_restore'),
      ['--no-owner', '--exit-on-error', '-d', restoredUrl, dumpFile],
      { encoding: 'utf8' },
    );
    expect(restore.status, restore.stderr).toBe(0);
    spawnSync('rm', ['-f', dumpFile]);
    const restored = await startApp({ DATABASE_URL: restoredUrl });
    const restoredCounts: Record<string, number> = {};
    await cluster.admin(async (c) => {
      for (const t of tables)
        restoredCounts[t] = (await c.query(`select count(*)::int as n from ${t}`)).rows[0].n;
    }, 'ops_restored');
    // The app, on the restored copy, migrated nothing and wrote nothing yet: counts are the snapshot's.
    expect(restoredCounts).toEqual(counts);
    const reader = new Client(restored.port, org.shortname);
    await reader.login(owner.username, owner.password);
    const pages = await reader.get(`${base}/wiki/search?q=dump&limit=100`);
    expect(pages.status).toBe(200);
    const rows = Object.values(counts).reduce((x, y) => x + y, 0);
    console.log(
      [
        `pg_dump under write load: ${writes.length} writes during the run (${writes.filter((s) => s.status < 300).length} stored), dump took ${dumpMs} ms`,
        `  snapshot: ${counts['public.wiki_pages']} wiki pages, ${counts['public.calendar_events']} events (live at the end: ${liveCounts.rows[0].wiki}, ${liveCounts.rows[0].events})`,
        `  restored: ${tables.length} tables, ${rows} rows, every table's count equal to the snapshot's; the app booted on it and signed in`,
      ].join('\n'),
    );
  });
});
