import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { applyPresenceMessage, type PresenceEntry, type ServerMessage } from '../../../common/presence';
import { buildApp } from '../../app';
import type { App } from '../../http/types';
import { PRESENCE_CHANNEL } from '../../http/presence-signal';
import { type PresenceClock, SOCKET_LIMITS, TOO_MANY_SOCKETS } from './hub';
import { Agent, getTestApp, type TestContext, testConfig } from '../../../../tests/support/app';
import {
  type BuiltOrg,
  type BuiltUser,
  buildOrg,
  buildSystemUser,
  buildUser,
} from '../../../../tests/support/factories';

// Short timings so that grace periods and expiry are observable within a test.
const GRACE_MS = 300;
const ANNOUNCE_MS = 400;
const IDLE_MS = 400;
const TIMINGS = {
  PRESENCE_GRACE_MS: String(GRACE_MS),
  PRESENCE_ANNOUNCE_MS: String(ANNOUNCE_MS),
  PRESENCE_TICK_MS: '50',
};

/** Time for the hubs that share it, moved by the test: each move runs their housekeeping once. */
class TestClock implements PresenceClock {
  private current = Date.now();
  private readonly ticks = new Set<() => void>();
  now = () => this.current;
  every = (_ms: number, tick: () => void) => {
    this.ticks.add(tick);
    return () => this.ticks.delete(tick);
  };
  advance(ms: number) {
    this.current += ms;
    for (const tick of this.ticks) tick();
  }
}

let ctx: TestContext;
const apps: App[] = [];
const clients: Client[] = [];

async function startInstance(extraEnv: Record<string, string> = {}, presenceClock?: TestClock) {
  const saved = { ...process.env };
  Object.assign(process.env, TIMINGS, extraEnv);
  try {
    const app = await buildApp({ config: testConfig(), database: ctx.database, presenceClock });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    return { app, port: (app.server.address() as AddressInfo).port };
  } finally {
    for (const key of Object.keys({ ...TIMINGS, ...extraEnv })) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

async function cookieFor(app: App, user: BuiltUser, org?: BuiltOrg) {
  const agent = new Agent(app, org?.host ?? 'localhost');
  const res = await agent.post('/api/login', { username: user.username, password: user.password });
  expect(res.statusCode).toBe(200);
  return agent.cookie!;
}

class Client {
  readonly messages: ServerMessage[] = [];
  list: PresenceEntry[] = [];
  closeCode: number | undefined;
  closeReason = '';
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      this.messages.push(message);
      this.list = applyPresenceMessage(this.list, message);
      this.notify();
    });
    ws.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = reason.toString();
      this.notify();
    });
  }

  private notify() {
    for (const w of this.waiters) w();
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  async waitFor<T>(check: () => T | undefined | false, timeoutMs = 2_000, what = 'condition'): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 50));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
      this.waiters = [];
    }
  }

  entry(userId: number) {
    return this.list.find((e) => e.userId === userId);
  }

  close() {
    this.ws.close();
    return new Promise<void>((resolve) =>
      this.ws.readyState === WebSocket.CLOSED ? resolve() : this.ws.once('close', () => resolve()),
    );
  }
}

function upgrade(port: number, host: string, headers: Record<string, string>) {
  return new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { host: `${host}:${port}`, ...headers } });
}

/** Opens /ws as the user, without saying anything yet. */
async function open(port: number, org: BuiltOrg, cookie: string) {
  const ws = upgrade(port, org.host, { cookie, origin: `http://${org.host}:${port}` });
  const client = new Client(ws);
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return client;
}

/** Opens /ws as the user and sends authenticate, as the web client does. */
async function connect(port: number, org: BuiltOrg, cookie: string, currentPage = '/dashboard') {
  const client = await open(port, org, cookie);
  await client.waitFor(() => client.messages.some((m) => m.type === 'presence_list'), 2_000, 'presence_list');
  client.send({ type: 'authenticate', sessionId: 'ignored', currentPage });
  return client;
}

/**
 * Returns once `client` has heard everything its server sent it so far: a page change of its
 * own member comes back on the same socket, after whatever was sent before it.
 */
async function heardAllSoFar(client: Client, userId: number) {
  const page = `/marker-${randomUUID()}`;
  client.send({ type: 'page_change', currentPage: page });
  await client.waitFor(() => client.entry(userId)?.currentPage === page, 2_000, 'own page change');
}

/**
 * Moves `clock` on a step at a time until `check` holds for what `client` heard: a socket the
 * test closed reaches its server a moment after the test saw it closed.
 */
function advanceUntil(clock: TestClock, stepMs: number, client: Client, check: () => boolean, what: string) {
  return client.waitFor(
    () => {
      if (check()) return true;
      clock.advance(stepMs);
      return false;
    },
    2_000,
    what,
  );
}

/** The status code an upgrade is refused with. */
function refusal(port: number, host: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const ws = upgrade(port, host, headers);
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => reject(new Error('upgrade was accepted')));
    ws.once('error', () => {});
  });
}

beforeAll(async () => {
  ctx = await getTestApp();
});

afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  for (const app of apps) await app.close();
});

describe('GET /ws (presence)', () => {
  it('refuses upgrades without a session, from another origin, and outside an organization', async () => {
    const { app, port } = await startInstance();
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const cookie = await cookieFor(app, user, org);
    const origin = `http://${org.host}:${port}`;
    expect(await refusal(port, org.host, { origin })).toBe(401);
    expect(await refusal(port, org.host, { origin, cookie: 'gr.sid=forged' })).toBe(401);
    expect(await refusal(port, org.host, { cookie, origin: 'http://evil.localhost' })).toBe(403);
    expect(await refusal(port, org.host, { cookie })).toBe(403);
    const system = await buildSystemUser(ctx);
    const systemCookie = await cookieFor(app, system.user);
    expect(
      await refusal(port, 'localhost', { cookie: systemCookie, origin: `http://localhost:${port}` }),
    ).toBe(403);
  });

  it('lists who is online, and broadcasts join, page changes, status changes and leave', async () => {
    const clock = new TestClock();
    const { app, port } = await startInstance({}, clock);
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org, firstName: 'Ann' });
    const bob = await buildUser(ctx.database, { org, firstName: 'Bob' });

    const a = await connect(port, org, await cookieFor(app, ann, org), '/dashboard');
    await a.waitFor(() => a.entry(ann.id), 2_000, 'own join');
    expect(a.entry(ann.id)).toEqual({
      userId: ann.id,
      username: ann.username,
      firstName: 'Ann',
      lastName: 'Person',
      profilePicture: null,
      status: 'online',
      currentPage: '/dashboard',
    });

    const b = await connect(port, org, await cookieFor(app, bob, org), '/calendar');
    // The newcomer's first list already holds Ann; Ann hears Bob join.
    expect(b.messages[0]).toMatchObject({ type: 'presence_list', data: [{ userId: ann.id }] });
    await a.waitFor(() =>
      a.messages.find(
        (m) => m.type === 'presence_update' && m.updateType === 'join' && m.data.userId === bob.id,
      ),
    );

    b.send({ type: 'page_change', currentPage: '/directory/people' });
    await a.waitFor(() => a.entry(bob.id)?.currentPage === '/directory/people', 2_000, 'page change');
    b.send({ type: 'status_update', status: 'busy' });
    await a.waitFor(() => a.entry(bob.id)?.status === 'busy', 2_000, 'status change');
    expect(a.messages.at(-1)).toMatchObject({ type: 'presence_update', updateType: 'update' });

    // Unknown or malformed messages are ignored, not fatal.
    b.send({ type: 'status_update', status: 'asleep' });
    b.ws.send('not json');
    b.send({ type: 'heartbeat' });

    const closedAt = clock.now();
    await b.close();
    await advanceUntil(
      clock,
      GRACE_MS / 3,
      a,
      () =>
        a.messages.some(
          (m) => m.type === 'presence_update' && m.updateType === 'leave' && m.data.userId === bob.id,
        ),
      'leave',
    );
    expect(clock.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS);
    expect(a.entry(bob.id)).toBeUndefined();
  });

  it('does not announce a leave when the member reconnects within the grace period', async () => {
    const clock = new TestClock();
    const { app, port } = await startInstance({}, clock);
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org });
    const bob = await buildUser(ctx.database, { org });
    const a = await connect(port, org, await cookieFor(app, ann, org));
    const bobCookie = await cookieFor(app, bob, org);
    const b1 = await connect(port, org, bobCookie);
    await a.waitFor(() => a.entry(bob.id));
    await b1.close();
    const b2 = await connect(port, org, bobCookie, '/calendar');
    await a.waitFor(() => a.entry(bob.id)?.currentPage === '/calendar');
    clock.advance(GRACE_MS * 2);
    await heardAllSoFar(a, ann.id);
    expect(a.messages.some((m) => m.type === 'presence_update' && m.updateType === 'leave')).toBe(false);
    expect(b2.entry(bob.id)).toBeDefined();
  });

  it('keeps each organization to itself', async () => {
    const clock = new TestClock();
    const { app, port } = await startInstance({}, clock);
    const orgA = await buildOrg(ctx.database);
    const orgB = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org: orgA });
    const zed = await buildUser(ctx.database, { org: orgB });
    const yan = await buildUser(ctx.database, { org: orgB });
    const a = await connect(port, orgA, await cookieFor(app, ann, orgA));
    const y = await connect(port, orgB, await cookieFor(app, yan, orgB));
    const z = await connect(port, orgB, await cookieFor(app, zed, orgB));
    z.send({ type: 'page_change', currentPage: '/calendar' });
    z.send({ type: 'status_update', status: 'away' });
    await y.waitFor(() => y.entry(zed.id)?.status === 'away');
    await z.close();
    // Zed's leave, after the grace period, goes to his own organization only.
    await advanceUntil(clock, GRACE_MS, y, () => !y.entry(zed.id), 'leave in organization B');
    await heardAllSoFar(a, ann.id);
    const heard = JSON.stringify(a.messages);
    expect(heard).not.toContain(zed.username);
    expect(a.list.map((e) => e.userId)).toEqual([ann.id]);
    expect(JSON.stringify(z.messages)).not.toContain(ann.username);
  });

  it('shows an idle member as away, and online again on the next page change', async () => {
    const clock = new TestClock();
    const { app, port } = await startInstance({ PRESENCE_IDLE_MS: String(IDLE_MS) }, clock);
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org });
    const bob = await buildUser(ctx.database, { org });
    const a = await connect(port, org, await cookieFor(app, ann, org));
    const b = await connect(port, org, await cookieFor(app, bob, org));
    await a.waitFor(() => a.entry(bob.id)?.status === 'online');
    // Heartbeats keep the socket alive but are not activity.
    b.send({ type: 'heartbeat' });
    await advanceUntil(clock, IDLE_MS / 4, a, () => a.entry(bob.id)?.status === 'away', 'away');
    b.send({ type: 'page_change', currentPage: '/library' });
    await a.waitFor(() => a.entry(bob.id)?.status === 'online', 2_000, 'online again');
  });

  it('brings an idle member back online as soon as they click or type (activity)', async () => {
    const clock = new TestClock();
    const { app, port } = await startInstance({ PRESENCE_IDLE_MS: String(IDLE_MS) }, clock);
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org });
    const bob = await buildUser(ctx.database, { org });
    const a = await connect(port, org, await cookieFor(app, ann, org));
    const b = await connect(port, org, await cookieFor(app, bob, org));
    await a.waitFor(() => a.entry(bob.id)?.status === 'online');
    await advanceUntil(clock, IDLE_MS / 4, a, () => a.entry(bob.id)?.status === 'away', 'away');
    b.send({ type: 'activity' });
    await a.waitFor(() => a.entry(bob.id)?.status === 'online', 2_000, 'online again');
    // Bob's own list says what Ann sees.
    await b.waitFor(() => b.entry(bob.id)?.status === 'online', 2_000, 'own entry online');
    expect(b.entry(bob.id)?.currentPage).toBe(a.entry(bob.id)?.currentPage);
  });

  it('closes a member’s socket when they are disabled, and they leave at once', async () => {
    const { app, port } = await startInstance();
    const org = await buildOrg(ctx.database);
    const admin = await buildUser(ctx.database, { org, role: 'admin' });
    const bob = await buildUser(ctx.database, { org });
    const adminAgent = new Agent(app, org.host);
    await adminAgent.post('/api/login', { username: admin.username, password: admin.password });
    const a = await connect(port, org, adminAgent.cookie!);
    const b = await connect(port, org, await cookieFor(app, bob, org));
    await a.waitFor(() => a.entry(bob.id));
    const res = await adminAgent.patch(`/api/users/${bob.id}/details`, {
      permissionRole: 'standard_user',
      organizationRoles: [],
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    await b.waitFor(() => b.closeCode, 2_000, 'close');
    expect(b.closeCode).toBe(4001);
    await a.waitFor(() => !a.entry(bob.id), GRACE_MS - 50, 'immediate leave');
  });

  it('closes the sockets of a browser that signs out, and of every browser after a password reset', async () => {
    const { app, port } = await startInstance();
    const org = await buildOrg(ctx.database);
    const carol = await buildUser(ctx.database, { org });
    const agent = new Agent(app, org.host);
    await agent.post('/api/login', { username: carol.username, password: carol.password });
    const signedOut = await connect(port, org, agent.cookie!);
    await agent.post('/api/logout');
    await signedOut.waitFor(() => signedOut.closeCode, 2_000, 'close after sign-out');

    const other = await connect(port, org, await cookieFor(app, carol, org));
    await new Agent(app).post('/api/forgot-password', { email: carol.email });
    const [{ token }] = await ctx.database.query<{ token: string }>(
      `update users set reset_token = encode(sha256('known-token'::bytea), 'hex') where id = $1 returning 'known-token' as token`,
      [carol.id],
    );
    const reset = await new Agent(app).post('/api/reset-password', {
      token,
      password: 'New-password-1!',
      confirmPassword: 'New-password-1!',
    });
    expect(reset.statusCode).toBe(200);
    await other.waitFor(() => other.closeCode, 2_000, 'close after reset');
  });

  it('closes the other browsers’ sockets after a password change, and keeps the changer’s', async () => {
    const { app, port } = await startInstance();
    const org = await buildOrg(ctx.database);
    const erin = await buildUser(ctx.database, { org });
    const changer = new Agent(app, org.host);
    await changer.post('/api/login', { username: erin.username, password: erin.password });
    const own = await connect(port, org, changer.cookie!);
    const other = await connect(port, org, await cookieFor(app, erin, org));
    const res = await changer.patch('/api/me/password', {
      currentPassword: erin.password,
      newPassword: 'Changed-pass-77',
      confirmPassword: 'Changed-pass-77',
    });
    expect(res.statusCode).toBe(200);
    await other.waitFor(() => other.closeCode, 2_000, 'close after password change');
    expect(other.closeCode).toBe(4001);
    await heardAllSoFar(own, erin.id);
    expect(own.closeCode).toBeUndefined();
  });

  it('closes sockets whose session no longer signs anyone in, even when nobody signalled it', async () => {
    const clock = new TestClock();
    const { app, port } = await startInstance({ PRESENCE_REVALIDATE_MS: '100' }, clock);
    const org = await buildOrg(ctx.database);
    const dave = await buildUser(ctx.database, { org });
    const socket = await connect(port, org, await cookieFor(app, dave, org));
    // A system user rejecting the organization ends nobody's session row, only its validity.
    await ctx.database.query(`update organizations set approval_status = 'rejected' where id = $1`, [org.id]);
    await advanceUntil(
      clock,
      100,
      socket,
      () => socket.closeCode !== undefined,
      'close after the organization was rejected',
    );
    expect(socket.closeCode).toBe(4001);
  });

  it('closes a socket that sends more than 64 KB in one message', async () => {
    const { app, port } = await startInstance();
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org });
    const a = await connect(port, org, await cookieFor(app, ann, org));
    a.ws.send(JSON.stringify({ type: 'page_change', currentPage: `/${'x'.repeat(70 * 1024)}` }));
    await a.waitFor(() => a.closeCode, 2_000, 'close');
    expect(a.closeCode).toBe(1009);
  });
});

describe('sockets per session and per member', () => {
  it('refuses the newest socket beyond the caps (1008) and keeps the open ones; a freed place admits again', async () => {
    const { app, port } = await startInstance();
    const org = await buildOrg(ctx.database);
    const eve = await buildUser(ctx.database, { org });
    const refused = async (client: Client) => {
      await client.waitFor(() => client.closeCode, 2_000, 'refusal');
      return [client.closeCode, client.closeReason, client.messages];
    };
    const tabs: Client[] = [];
    const laptop = await cookieFor(app, eve, org);
    for (let i = 0; i < SOCKET_LIMITS.perSession; i++) tabs.push(await connect(port, org, laptop));
    expect(await refused(await open(port, org, laptop))).toEqual([1008, TOO_MANY_SOCKETS, []]);

    // The member's other sessions fill up to the member's cap, then they are refused too.
    const phone = await cookieFor(app, eve, org);
    for (let i = SOCKET_LIMITS.perSession; i < SOCKET_LIMITS.perMember; i++) {
      tabs.push(await connect(port, org, phone));
    }
    const tablet = await cookieFor(app, eve, org);
    expect(await refused(await open(port, org, tablet))).toEqual([1008, TOO_MANY_SOCKETS, []]);
    expect(tabs.map((t) => t.closeCode)).toEqual(tabs.map(() => undefined));

    // Someone else in the organization is not affected, and closing a tab makes room.
    const fred = await buildUser(ctx.database, { org });
    const other = await connect(port, org, await cookieFor(app, fred, org));
    await other.waitFor(() => other.entry(eve.id), 2_000, 'eve listed');
    await tabs[0].close();
    const again = await connect(port, org, tablet);
    expect(again.closeCode).toBeUndefined();
  });
});

describe('presence across two instances sharing one database', () => {
  it('shows members on different instances to each other, and a leave when one instance stops', async () => {
    const clock = new TestClock();
    const one = await startInstance({}, clock);
    const two = await startInstance({}, clock);
    const signals: { t: string; o?: number; es?: { e: { userId: number } }[] }[] = [];
    const unlisten = await ctx.database.listen!(PRESENCE_CHANNEL, (payload) =>
      signals.push(JSON.parse(payload)),
    );
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org });
    const bob = await buildUser(ctx.database, { org });
    const outsiderOrg = await buildOrg(ctx.database);
    const zed = await buildUser(ctx.database, { org: outsiderOrg });

    const a = await connect(one.port, org, await cookieFor(one.app, ann, org), '/dashboard');
    const b = await connect(two.port, org, await cookieFor(two.app, bob, org), '/calendar');
    const z = await connect(two.port, outsiderOrg, await cookieFor(two.app, zed, outsiderOrg));
    await a.waitFor(() => a.entry(bob.id)?.currentPage === '/calendar', 2_000, 'bob seen from instance one');
    await b.waitFor(() => b.entry(ann.id)?.currentPage === '/dashboard', 2_000, 'ann seen from instance two');
    b.send({ type: 'status_update', status: 'busy' });
    await a.waitFor(() => a.entry(bob.id)?.status === 'busy', 2_000, 'remote status');

    // A member who is online keeps being listed across re-announcements, for longer than a remote
    // entry lives unless renewed. Instance one hears each announcement before this test does.
    const announcedBob = () =>
      signals.filter((s) => s.t === 'announce' && s.o === org.id && s.es?.some((x) => x.e.userId === bob.id))
        .length;
    for (let round = 0; round < 4; round++) {
      const before = announcedBob();
      clock.advance(ANNOUNCE_MS);
      await expect.poll(announcedBob).toBeGreaterThan(before);
    }
    await unlisten();
    await heardAllSoFar(a, ann.id);
    expect(a.entry(bob.id)).toBeDefined();

    await two.app.close();
    apps.splice(apps.indexOf(two.app), 1);
    await advanceUntil(clock, GRACE_MS, a, () => !a.entry(bob.id), 'leave after instance two stopped');
    expect(JSON.stringify(a.messages)).not.toContain(zed.username);
    expect(JSON.stringify(z.messages)).not.toContain(ann.username);
  });

  it('drops a crashed instance’s members once their announcements stop', async () => {
    const clock = new TestClock();
    const one = await startInstance({}, clock);
    const database = ctx.database;
    const notify = database.notify;
    // Learn instance two's id from its hello, so that its signals can be cut off later.
    let twoId: string | undefined;
    let crashed = false;
    database.notify = async (channel, payload) => {
      const signal = JSON.parse(payload) as { t: string; i?: string };
      if (signal.t === 'hello' && !twoId) twoId = signal.i;
      if (crashed && signal.i === twoId) return;
      return notify.call(database, channel, payload);
    };
    try {
      const two = await startInstance({}, clock);
      expect(twoId).toBeDefined();
      const org = await buildOrg(ctx.database);
      const ann = await buildUser(ctx.database, { org });
      const bob = await buildUser(ctx.database, { org });
      const a = await connect(one.port, org, await cookieFor(one.app, ann, org));
      const b = await connect(two.port, org, await cookieFor(two.app, bob, org));
      await a.waitFor(() => a.entry(bob.id), 2_000, 'bob seen');
      // A crash: instance two goes silent, with no goodbye and no leave.
      crashed = true;
      const lostAt = clock.now();
      await advanceUntil(clock, ANNOUNCE_MS / 2, a, () => !a.entry(bob.id), 'expiry of a silent instance');
      // Remote entries live three announcement periods, give or take one.
      expect(clock.now() - lostAt).toBeGreaterThanOrEqual(2 * ANNOUNCE_MS);
      b.ws.terminate();
    } finally {
      database.notify = notify;
    }
  });
});
