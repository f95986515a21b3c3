// Two instances behind nginx on one PostgreSQL server, configured with deploy/nginx.conf itself
// (its ports replaced by free ones). A browser signs in through nginx and goes on on either
// instance; files, presence, kept answers, live notices and background jobs all cross over.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/common/presence';
import { freePort } from '../../scripts/bench/processes';
import { type AppProcess, Client, eventually, send, sleep, startApp, stopAllApps } from './support/app';
import { PrivateCluster } from './support/cluster';
import { nginxBin, nginx as nginxTool, postgresServer, toolsPresent } from './support/tools';
import { round } from './support/load';
import { type SeededOrg, seedOrg } from './support/seed';

const runnable = toolsPresent('Two instances behind nginx', { nginx: nginxTool, postgresServer });
const root = path.resolve(import.meta.dirname, '../..');

/** deploy/nginx.conf with this run's ports, inside a minimal main configuration of its own. */
function nginxConfig(dir: string, listenPort: number, instancePorts: number[]): string {
  const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const servers = site.match(/^\s*server 127\.0\.0\.1:\d+[^\n]*\n/gm) ?? [];
  if (servers.length !== 2 || !/^\s*listen 80;$/m.test(site))
    throw new Error(
      'deploy/nginx.conf no longer has the two upstream servers and `listen 80;` this test replaces',
    );
  let ours = site.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
  instancePorts.forEach((port, i) => {
    ours = ours.replace(servers[i], servers[i].replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${port}`));
  });
  writeFileSync(path.join(dir, 'greenroom.conf'), ours);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `worker_processes 1;
error_log ${path.join(dir, 'error.log')} warn;
pid ${path.join(dir, 'nginx.pid')};
events { worker_connections 256; }
http {
  # Which instance answered each request, so the suite can see nginx spread them.
  log_format upstream '$upstream_addr';
  access_log ${path.join(dir, 'upstream.log')} upstream;
  ${temp('client_body')}
  ${temp('proxy')}
  ${temp('fastcgi')}
  ${temp('uwsgi')}
  ${temp('scgi')}
  include ${path.join(dir, 'greenroom.conf')};
}
`;
}

let cluster: PrivateCluster;
let seeded: SeededOrg;
let a: AppProcess;
let b: AppProcess;
let nginx: ChildProcess;
let nginxPort: number;
let nginxDir: string;

beforeAll(async () => {
  if (!runnable) return;
  cluster = await PrivateCluster.create();
  const url = await cluster.createDatabase('ops_nginx');
  seeded = await seedOrg(url, 3);
  await cluster.admin(
    (c) => c.query(`update organizations set timezone = 'UTC' where id = $1`, [seeded.org.id]),
    'ops_nginx',
  );
  // Both workers look for due reminders twice a second, so they surely race for the same ones.
  const env = { DATABASE_URL: url, TRUST_PROXY: '1', NOTIFY_INTERVAL_MS: '500' };
  [a, b] = await Promise.all([startApp(env), startApp(env)]);
  nginxDir = mkdtempSync(path.join(tmpdir(), 'greenroom-ops-nginx-'));
  // nginx's workers run as an unprivileged user when started as root: they must reach the folder.
  chmodSync(nginxDir, 0o755);
  mkdirSync(path.join(nginxDir, 'logs'));
  nginxPort = await freePort();
  writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, nginxPort, [a.port, b.port]));
  nginx = spawn(
    nginxBin as string,
    ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await eventually(
    'nginx answers',
    async () => (await send({ port: nginxPort, path: '/api/health' })).status === 200,
  );
});

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await stopAllApps();
  cluster?.destroy();
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
});

const figures: string[] = [];
afterAll(() => console.log(['Two instances behind nginx on one PostgreSQL:', ...figures].join('\n  ')));

/** The same browser (cookie) on another address: through nginx, or straight to one instance. */
function on(client: Client, port: number) {
  const other = new Client(port, client.shortname);
  other.cookie = client.cookie;
  return other;
}

describe.skipIf(!runnable)('two instances behind nginx', () => {
  it('signs in through nginx and continues on either instance', async () => {
    const browser = new Client(nginxPort, seeded.org.shortname);
    await browser.login(seeded.owner.username, seeded.owner.password);
    for (const port of [a.port, b.port]) {
      const me = await on(browser, port).get('/api/me');
      expect(me.status).toBe(200);
      expect(me.json().user.username).toBe(seeded.owner.username);
    }
    // A write needs the Origin of the address the browser used; through nginx that is nginx's.
    const page = await browser.post(`/api/organizations/${seeded.org.id}/wiki`, {
      title: 'Through the proxy',
      content: 'Written via nginx',
      tags: [],
    });
    expect(page.status).toBe(201);
    // Signing out on one instance ends the session on the other at once.
    const out = await on(browser, a.port).post('/api/logout');
    expect(out.status).toBeLessThan(300);
    expect((await on(browser, b.port).get('/api/me')).status).toBe(401);
    expect((await browser.get('/api/me')).status).toBe(401);
    figures.push(
      'signed in through nginx, used on A and on B; signed out on A, refused at once on B and through nginx',
    );
  });

  it('serves an upload made on one instance from the other', async () => {
    const browser = new Client(a.port, seeded.org.shortname);
    await browser.login(seeded.members[0].username, seeded.members[0].password);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6b46c1' } })
      .png()
      .toBuffer();
    const boundary = `----ops${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profilePicture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await send({
      port: a.port,
      host: browser.host,
      method: 'POST',
      path: '/api/me/profile-picture',
      headers: browser.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
      body,
    });
    expect(upload.status, upload.text).toBe(200);
    const url: string = upload.json().profilePictureUrl;
    const fromB = await send({ port: b.port, host: browser.host, path: url });
    expect(fromB.status).toBe(200);
    expect(fromB.headers['content-type']).toMatch(/^image\//);
    const viaNginx = await send({
      port: nginxPort,
      host: `${seeded.org.shortname}.localhost:${nginxPort}`,
      path: url,
    });
    expect(viaNginx.status).toBe(200);
    expect(viaNginx.text).toBe(fromB.text);
    figures.push(`a ${png.length}-byte picture uploaded on A served by B and through nginx, same bytes`);
  });

  it('shows presence across instances, with a socket through nginx too', async () => {
    const [m1, m2] = seeded.members;
    const onA = new Client(a.port, seeded.org.shortname);
    await onA.login(m1.username, m1.password);
    const onB = new Client(b.port, seeded.org.shortname);
    await onB.login(m2.username, m2.password);
    const viaNginx = new Client(nginxPort, seeded.org.shortname);
    await viaNginx.login(seeded.owner.username, seeded.owner.password);
    const started = performance.now();
    const sa = await onA.socket();
    const sb = await onB.socket();
    const sn = await viaNginx.socket();
    const sees = (messages: ServerMessage[], userId: number) =>
      messages.some(
        (m) =>
          (m.type === 'presence_update' && m.updateType !== 'leave' && m.data.userId === userId) ||
          (m.type === 'presence_list' && m.data.some((e) => e.userId === userId)),
      );
    await eventually(
      'A sees B’s member and B sees A’s',
      () => sees(sa.messages, m2.id) && sees(sb.messages, m1.id),
      5000,
    );
    await eventually(
      'the socket through nginx sees both',
      () => sees(sn.messages, m1.id) && sees(sn.messages, m2.id),
      5000,
    );
    const ms = round(performance.now() - started);
    for (const s of [sa, sb, sn]) s.ws.close();
    figures.push(
      `presence: members on A, on B and through nginx saw each other within ${ms} ms of connecting`,
    );
  });

  it('shows a change made on one instance on the other: kept answers and a live notice', async () => {
    const base = `/api/organizations/${seeded.org.id}`;
    const writer = new Client(a.port, seeded.org.shortname);
    await writer.login(seeded.owner.username, seeded.owner.password);
    const reader = new Client(b.port, seeded.org.shortname);
    await reader.login(seeded.members[1].username, seeded.members[1].password);
    const word = `crossing${Date.now()}`;
    const search = () => reader.get(`${base}/wiki/search?q=${word}`).then((r) => r.json().total as number);
    const month = () =>
      reader.get(`${base}/calendar/events?from=2032-05-01&to=2032-06-01`).then((r) => {
        const body = r.json();
        return (Array.isArray(body) ? body : body.events).length as number;
      });
    // Read twice on B, so the answers are kept there.
    expect(await search()).toBe(0);
    expect(await search()).toBe(0);
    const before = await month();
    await month();
    const bell = await reader.socket();

    const wrote = performance.now();
    expect(
      (await writer.post(`${base}/wiki`, { title: `Page ${word}`, content: 'New', tags: [] })).status,
    ).toBe(201);
    await eventually('B finds the page written on A', async () => (await search()) === 1, 5000);
    const wikiMs = round(performance.now() - wrote);
    const booked = performance.now();
    const event = await writer.post(`${base}/calendar/events`, {
      name: 'Crossing rehearsal',
      description: 'Booked on A',
      spaces: ['Main Stage'],
      startDateTime: '2032-05-10T19:00:00',
      endDateTime: '2032-05-10T21:00:00',
      eventType: 'rehearsal',
      reservedBy: seeded.owner.id,
    });
    expect(event.status, event.text).toBe(201);
    await eventually(
      'B’s month shows the event booked on A',
      async () => (await month()) === before + 1,
      5000,
    );
    const eventMs = round(performance.now() - booked);

    // An announcement posted on A rings the bell of a member whose page is connected to B.
    const posted = performance.now();
    const ann = await writer.post(`${base}/announcements`, {
      kind: 'production',
      title: 'Opening night moved',
      body: 'Now on Friday.',
    });
    expect(ann.status, ann.text).toBeLessThan(300);
    await eventually('the bell rings on B', () => bell.messages.some((m) => m.type === 'notification'), 5000);
    const bellMs = round(performance.now() - posted);
    bell.ws.close();
    figures.push(
      `a page written on A found by B's kept search in ${wikiMs} ms, an event booked on A in B's kept month in ${eventMs} ms, an announcement on A rang a bell on B in ${bellMs} ms`,
    );
  });

  it('runs each background job once with both workers running', async () => {
    const base = `/api/organizations/${seeded.org.id}`;
    const writer = new Client(a.port, seeded.org.shortname);
    await writer.login(seeded.owner.username, seeded.owner.password);
    // Events starting within the hour, one after another: the owner reserved (so follows) them,
    // and reminders go out an hour before, so each is due at once. Both workers race for them.
    const EVENTS = 5;
    const ids: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const start = new Date(Math.ceil((Date.now() + (10 + i * 10) * 60_000) / 60_000) * 60_000);
      const wall = (d: Date) => d.toISOString().slice(0, 16).concat(':00');
      const res = await writer.post(`${base}/calendar/events`, {
        name: `Reminder race ${i}`,
        description: 'Soon',
        spaces: ['Office'],
        startDateTime: wall(start),
        endDateTime: wall(new Date(start.getTime() + 5 * 60_000)),
        eventType: 'rehearsal',
        reservedBy: seeded.owner.id,
      });
      expect(res.status, res.text).toBe(201);
      ids.push(res.json().event.id);
    }
    const started = performance.now();
    const mails = () =>
      cluster.admin(
        (c) =>
          c.query<{ subject: string; n: number }>(
            `select subject, count(*)::int as n from mail_outbox where to_address = $1 and subject like 'Reminder: Reminder race%' group by subject`,
            [seeded.owner.email],
          ),
        'ops_nginx',
      );
    await eventually('every reminder mailed', async () => (await mails()).rows.length === EVENTS, 20_000);
    const mailedMs = round(performance.now() - started);
    // Several more rounds of both workers: nothing is sent twice.
    await sleep(3000);
    const { rows } = await mails();
    expect(rows).toHaveLength(EVENTS);
    expect(
      rows.every((r) => r.n === 1),
      JSON.stringify(rows),
    ).toBe(true);
    const notices = await cluster.admin(
      (c) =>
        c.query(
          `select unique_key, count(*)::int as n from member_notifications where unique_key = any($1) group by unique_key`,
          [ids.map((id) => `reminder:${seeded.owner.id}:${id}`)],
        ),
      'ops_nginx',
    );
    expect(notices.rows).toHaveLength(EVENTS);
    expect(notices.rows.every((r) => r.n === 1)).toBe(true);
    figures.push(
      `${EVENTS} reminders due at once with both workers ticking every 500 ms: ${EVENTS} mails and ${EVENTS} notices, each once (all out within ${mailedMs} ms, then 3 s more of ticks)`,
    );
  });

  it('spreads requests over both instances', async () => {
    const log = path.join(nginxDir, 'upstream.log');
    const before = readFileSync(log, 'utf8').length;
    const REQUESTS = 20;
    for (let i = 0; i < REQUESTS; i++)
      expect((await send({ port: nginxPort, path: '/api/health' })).status).toBe(200);
    // nginx writes a line in its log phase, after the answer has gone out, so the last line can
    // trail the last answer by a moment (CI once read 19 of 20).
    const logged = () => readFileSync(log, 'utf8').slice(before).trim().split('\n').filter(Boolean);
    await eventually(`${REQUESTS} lines in the upstream log`, async () => logged().length >= REQUESTS, 5_000);
    const answeredBy = logged();
    expect(answeredBy).toHaveLength(REQUESTS);
    const onA = answeredBy.filter((addr) => addr === `127.0.0.1:${a.port}`).length;
    const onB = answeredBy.filter((addr) => addr === `127.0.0.1:${b.port}`).length;
    expect(onA + onB).toBe(REQUESTS);
    // Round robin with both up: each gets its turn (a failed try would show as two addresses).
    expect(onA).toBeGreaterThanOrEqual(REQUESTS / 4);
    expect(onB).toBeGreaterThanOrEqual(REQUESTS / 4);
    figures.push(`${REQUESTS} requests through nginx: ${onA} answered by A, ${onB} by B`);
  });

  it('keeps serving through nginx when one instance stops', async () => {
    const browser = new Client(nginxPort, seeded.org.shortname);
    await browser.login(seeded.members[2].username, seeded.members[2].password);
    expect(await b.stop()).toBe(0);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await browser.get('/api/me')).status);
    expect(
      statuses.every((s) => s === 200),
      statuses.join(),
    ).toBe(true);
    figures.push('B stopped (exit 0): 20 of 20 requests through nginx answered 200 by A');
  });
});
