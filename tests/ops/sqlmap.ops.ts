// sqlmap (Debian's package) against the signed-in API's parameters: query strings, path segments
// and JSON bodies of the routes whose input reaches SQL (directory, user management, calendar,
// library search, audit log, the system database manager). The app runs on a private PostgreSQL
// cluster with a known organization; sqlmap gets the session cookie, the Origin the app requires
// on writes and the organization's Host. Nothing may be reported injectable.
//
// Rerun: npm run test:ops -- sqlmap   (SQLMAP_LEVEL / SQLMAP_RISK raise the depth; default 2 / 1)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, Client, SYSTEM_PASSWORD, startApp, stopAllApps } from './support/app';
import { PrivateCluster } from './support/cluster';
import { postgresServer, sqlmap, toolsPresent } from './support/tools';
import { round } from './support/load';
import { type SeededOrg, seedOrg } from './support/seed';

const runnable = toolsPresent('sqlmap', { postgresServer, sqlmap });
const LEVEL = process.env.SQLMAP_LEVEL ?? '2';
const RISK = process.env.SQLMAP_RISK ?? '1';

interface Target {
  name: string;
  client: Client;
  path: string;
  method?: 'POST' | 'PATCH';
  /** JSON body; `*` marks where sqlmap injects. */
  data?: string;
}

let cluster: PrivateCluster;
let app: AppProcess;
let seeded: SeededOrg;
let owner: Client;
let system: Client;
const outDir = mkdtempSync(path.join(tmpdir(), 'greenroom-ops-sqlmap-'));

beforeAll(async () => {
  if (!runnable) return;
  cluster = await PrivateCluster.create();
  const url = await cluster.createDatabase('ops_sqlmap');
  seeded = await seedOrg(url, 3);
  app = await startApp({ DATABASE_URL: url });
  owner = new Client(app.port, seeded.org.shortname);
  await owner.login(seeded.owner.username, seeded.owner.password);
  system = new Client(app.port);
  await system.login('system', SYSTEM_PASSWORD);
  // Something for each read to find, so true and false conditions would answer differently.
  const base = `/api/organizations/${seeded.org.id}`;
  for (const title of ['Hamlet notes', 'Hamlet blocking'])
    expect(
      (await owner.post(`${base}/wiki`, { title, content: `About ${title}`, tags: ['hamlet'] })).status,
    ).toBe(201);
  const event = await owner.post(`${base}/calendar/events`, {
    name: 'Hamlet rehearsal',
    description: 'Act one',
    spaces: ['Main Stage'],
    startDateTime: '2031-01-10T19:00:00',
    endDateTime: '2031-01-10T21:00:00',
    eventType: 'rehearsal',
    reservedBy: seeded.owner.id,
  });
  expect(event.status, event.text).toBe(201);
});

afterAll(async () => {
  await stopAllApps();
  cluster?.destroy();
  rmSync(outDir, { recursive: true, force: true });
});

function targets(): Target[] {
  const base = `/api/organizations/${seeded.org.id}`;
  const member = seeded.members[0];
  return [
    { name: 'directory member (path)', client: owner, path: `${base}/directory/${member.username}*` },
    {
      name: 'users list filters',
      client: owner,
      path: `${base}/users?status=active&role=standard_user&search=Member&page=1&pageSize=25`,
    },
    {
      name: 'calendar events from/to/type',
      client: owner,
      path: `${base}/calendar/events?from=2031-01-01&to=2031-02-01&type=rehearsal`,
    },
    { name: 'wiki search', client: owner, path: `${base}/wiki/search?q=hamlet&limit=20&offset=0` },
    { name: 'audit log filters', client: owner, path: `${base}/audit?page=1&pageSize=25&action=login` },
    {
      name: 'database manager table search and paging',
      client: system,
      path: '/api/system/database/table/users?search=Member&page=1&pageSize=25',
    },
    { name: 'database manager table name (path)', client: system, path: '/api/system/database/table/users*' },
    {
      name: 'wiki page create (JSON body)',
      client: owner,
      path: `${base}/wiki`,
      method: 'POST',
      data: JSON.stringify({ title: 'Sqlmap page*', content: 'Body text*', tags: ['sqlmap*'] }),
    },
    {
      name: 'database manager record edit (JSON body)',
      client: system,
      path: `/api/system/database/table/users/${member.id}`,
      method: 'PATCH',
      data: JSON.stringify({ bio: 'Edited by sqlmap*', first_name: 'Member*' }),
    },
  ];
}

interface Result {
  name: string;
  tested: string[];
  injectable: boolean;
  requests: number;
  statuses: Record<string, number>;
  ms: number;
  output: string;
}

function runSqlmap(target: Target, index: number): Promise<Result> {
  const dir = path.join(outDir, String(index));
  const traffic = path.join(outDir, `traffic-${index}.log`);
  const c = target.client;
  const args = [
    '-u',
    `http://127.0.0.1:${c.port}${target.path}`,
    '--batch',
    '--flush-session',
    `--level=${LEVEL}`,
    `--risk=${RISK}`,
    // The app runs on PostgreSQL only; testing other engines' payloads would add nothing.
    '--dbms=PostgreSQL',
    `--output-dir=${dir}`,
    '-t',
    traffic,
    `--host=${c.host}`,
    `--headers=Origin: ${c.origin}\nAccept: application/json`,
    `--cookie=${c.cookie}`,
    // The session cookie is signed: a changed one only signs the caller out.
    '--skip=gr.sid',
    '--disable-coloring',
    '--answers=follow=N,keep testing=Y,process=Y,custom injection=Y',
    ...(target.method ? ['--method', target.method] : []),
    ...(target.data ? ['--data', target.data] : []),
  ];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('error', reject);
    child.on('exit', () => {
      // A parameter counts as tested once sqlmap gave its verdict on it.
      const verdicts = [
        ...output.matchAll(
          /\] \[\w+\] ((?:\(custom\) )?[A-Z]+ parameter '[^']+') (does not seem to be injectable|is '[^']+' injectable)/g,
        ),
      ];
      const tested = [...new Set(verdicts.map((m) => m[1]))];
      const found = findLogs(dir).some((file) => readFileSync(file, 'utf8').trim().length > 0);
      const injectable =
        found ||
        verdicts.some((m) => m[2] !== 'does not seem to be injectable') ||
        /identified the following injection point/i.test(output);
      const trafficText = existsSync(traffic) ? readFileSync(traffic, 'utf8') : '';
      const statuses: Record<string, number> = {};
      for (const m of trafficText.matchAll(/^HTTP response \[#\d+\] \((\d{3})/gm))
        statuses[m[1]] = (statuses[m[1]] ?? 0) + 1;
      const requests = Object.values(statuses).reduce((x, y) => x + y, 0);
      resolve({
        name: target.name,
        tested,
        injectable,
        requests,
        statuses,
        ms: round(performance.now() - started),
        output,
      });
    });
  });
}

/** sqlmap's per-target `log` files (they list the injection points it found; empty when none). */
function findLogs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return findLogs(full);
    return name === 'log' ? [full] : [];
  });
}

describe.skipIf(!runnable)('sqlmap against the signed-in API', () => {
  // Deeper levels (SQLMAP_LEVEL/SQLMAP_RISK) take far longer than CI's default run.
  const timeout = process.env.SQLMAP_LEVEL || process.env.SQLMAP_RISK ? 4 * 3_600_000 : 600_000;
  it('finds nothing injectable in any tested parameter', { timeout }, async () => {
    const list = targets();
    const results: Result[] = [];
    // Two at a time: the runs are mostly waiting on answers.
    for (let i = 0; i < list.length; i += 2)
      results.push(...(await Promise.all(list.slice(i, i + 2).map((t, j) => runSqlmap(t, i + j)))));
    const lines = results.map(
      (r) =>
        `  ${r.name}: ${r.tested.length} parameters (${r.tested.map((t) => t.replace(/ parameter /, ' ')).join(', ')}), ${r.requests} requests (${Object.entries(
          r.statuses,
        )
          .map(([s, n]) => `${n}×${s}`)
          .join(' ')}), ${r.ms} ms, ${r.injectable ? 'INJECTABLE' : 'nothing injectable'}`,
    );
    const params = results.reduce((n, r) => n + r.tested.length, 0);
    const requests = results.reduce((n, r) => n + r.requests, 0);
    console.log(
      [
        `sqlmap ${LEVEL === '2' && RISK === '1' ? '(--level=2 --risk=1)' : `(--level=${LEVEL} --risk=${RISK})`}: ${params} parameters over ${results.length} requests, ${requests} HTTP requests, nothing injectable`,
        ...lines,
      ].join('\n'),
    );
    for (const r of results) {
      expect(r.injectable, `${r.name}:\n${r.output.slice(-3000)}`).toBe(false);
      expect(r.tested.length, `${r.name} tested no parameter:\n${r.output.slice(-3000)}`).toBeGreaterThan(0);
      // The requests reached the signed-in route: mostly answered, not refused at the door.
      const refused = (r.statuses['401'] ?? 0) + (r.statuses['403'] ?? 0);
      expect(refused, `${r.name}: ${JSON.stringify(r.statuses)}`).toBeLessThan(r.requests / 10);
      expect(r.statuses['500'] ?? 0, `${r.name}: ${JSON.stringify(r.statuses)}`).toBe(0);
    }
  });
});
