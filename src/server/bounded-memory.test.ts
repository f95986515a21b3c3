// What the server keeps in memory per organization stays within its bounds however many
// organizations it serves: every cache of kept answers (by entries and by size), the scopes the
// change feed remembers, every structure registered with holding() (fingerprinted answers, app
// icons, conflict reads in flight, statement names, verified cookies), and presence, which holds
// only the organizations someone is connected to. The bounds are lowered for the test, so a few
// dozen organizations go past them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, getTestApp, type TestContext } from '../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../tests/support/factories';
import { heldStructures } from './bounded-map';
import { ChangeFeed } from './db/change-feed';
import {
  type PresenceClock,
  PresenceHub,
  type PresenceSocket,
  presenceSettings,
} from './features/presence/hub';

const ORGANIZATIONS = 40;
const BOUND = 10;

let ctx: TestContext;
const restore: (() => void)[] = [];

/** Every bounded structure: its name, how full it is and its bound. */
function structures(database: TestContext['database']) {
  const feed = ChangeFeed.of(database).memory();
  return [
    ...feed.caches.map(([name, cache]) => [`kept: ${name}`, cache] as const),
    ...heldStructures().map(([name, held]) => [name, held] as const),
  ];
}

beforeAll(async () => {
  ctx = await getTestApp();
  // Serve one organization first so that every structure exists, then lower each bound.
  const org = await buildOrg(ctx.database);
  const owner = await buildUser(ctx.database, { org, role: 'owner' });
  await serve(await signedIn(ctx, owner, org), org);
  for (const [, structure] of structures(ctx.database)) {
    const max = structure.max;
    structure.max = BOUND;
    restore.push(() => {
      structure.max = max;
    });
  }
});

afterAll(() => {
  for (const undo of restore) undo();
});

/** What a member's visit asks of the server: dashboard, directory, calendar, the app's icons. */
async function serve(agent: Agent, org: { id: number; host: string }) {
  const base = `/api/organizations/${org.id}`;
  for (const url of [
    '/api/me',
    `${base}/stats`,
    `${base}/directory`,
    `${base}/directory?limit=5`,
    `${base}/calendar/events`,
    '/manifest.webmanifest',
    '/app-icons/icon-192.png',
  ]) {
    const res = await agent.get(url);
    expect(res.statusCode, url).toBe(200);
  }
}

describe('memory kept per organization', () => {
  it('stays within every bound after serving many organizations', async () => {
    for (let i = 0; i < ORGANIZATIONS; i++) {
      const org = await buildOrg(ctx.database);
      const owner = await buildUser(ctx.database, { org, role: 'owner' });
      await serve(await signedIn(ctx, owner, org), org);
    }
    const seen = structures(ctx.database);
    const names = seen.map(([name]) => name);
    for (const expected of [
      'kept: sessions',
      'kept: organization-stats',
      'kept: directories',
      'kept: directory-pages',
      'kept: calendar-lists',
      'kept: calendar-ranges',
      'app icons',
      'statement names',
      'verified cookies',
    ])
      expect(names).toContain(expected);
    for (const [name, structure] of seen) expect(structure.size, name).toBeLessThanOrEqual(BOUND);
    // Those an organization's visit fills are full: the bound, not the traffic, stopped them.
    for (const name of ['kept: organization-stats', 'kept: directories', 'app icons'])
      expect(seen.find(([n]) => n === name)?.[1].size, name).toBe(BOUND);
    const feed = ChangeFeed.of(ctx.database).memory();
    expect(feed.scopes).toBeLessThanOrEqual(feed.maxScopes);
  }, 120_000);
});

/** A socket that remembers nothing. */
const socket = (): PresenceSocket => ({ send() {}, close() {} });

describe('presence', () => {
  it('holds only the organizations someone is connected to, and lets go of each when they leave', async () => {
    let now = Date.now();
    const clock: PresenceClock = { now: () => now, every: () => () => undefined };
    const settings = presenceSettings({});
    const hub = new PresenceHub(ctx.database, settings, { warn() {} }, clock);
    const conns = [];
    for (let i = 0; i < ORGANIZATIONS; i++) {
      const conn = hub.open({
        socket: socket(),
        organizationId: 1_000_000 + i,
        userId: 2_000_000 + i,
        sid: `sid-${i}`,
        sidDigest: `digest-${i}`,
        currentPage: null,
        profile: { username: `member${i}`, firstName: null, lastName: null, profilePicture: null },
      });
      if (!conn) throw new Error('refused');
      hub.join(conn, '/dashboard');
      conns.push(conn);
    }
    expect(hub.memory()).toMatchObject({
      local: ORGANIZATIONS,
      visible: ORGANIZATIONS,
      sockets: ORGANIZATIONS,
      users: ORGANIZATIONS,
    });
    for (const conn of conns) hub.closed(conn);
    // Within the grace period they still show (a reload reconnects); sockets are gone at once.
    expect(hub.memory()).toMatchObject({ sockets: 0, users: 0, local: ORGANIZATIONS });
    now += settings.graceMs + 1;
    for (const conn of conns) hub.heartbeat(conn);
    (hub as unknown as { tick(): void }).tick();
    expect(hub.memory()).toEqual({ local: 0, visible: 0, sockets: 0, users: 0, remote: 0 });
    await hub.stop();
  });
});
