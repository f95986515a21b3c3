// One presence hub per server instance. It owns the WebSockets connected to this instance and
// learns about everyone else's through the database's `presence` channel (LISTEN/NOTIFY on a
// PostgreSQL server, in process on the embedded one), so members connected to different
// instances see each other. Every view is per organization: nothing crosses that boundary.
import { randomUUID } from 'node:crypto';
import type {
  PresenceEntry,
  PresenceStatus,
  PresenceUpdateType,
  ServerMessage,
} from '../../../common/presence';
import type { Database } from '../../db/client';
import { type PresenceClock, systemClock } from './clock';
import { getOrCreate } from '../../../common/maps';
import { PRESENCE_CHANNEL } from '../../http/presence-signal';
import { type Connection, type LocalUser, localEntry, newLocalUser, sameEntry } from './local-users';
import { liveSessions } from './queries';
import { announceBatches, RemoteEntries, type Signal } from './remote-entries';
import type { PresenceSettings } from './settings';

export type { PresenceClock } from './clock';
export type { Connection, PresenceSocket, Profile } from './local-users';
export { type PresenceSettings, presenceSettings } from './settings';

export const CLOSE_SIGNED_OUT = 4001;
// Enough for a member's every tab on a few devices. Beyond the cap the newest socket is refused
// rather than the oldest closed: a flood then cannot push out the tabs in use, and tabs that
// reconnect on close would otherwise evict one another in turn.
export const SOCKET_LIMITS = { perSession: 10, perMember: 20 };
export const TOO_MANY_SOCKETS = 'Too many connections';

export class PresenceHub {
  readonly instanceId = randomUUID();
  private readonly local = new Map<number, Map<number, LocalUser>>();
  private readonly remote: RemoteEntries;
  private readonly visible = new Map<number, Map<number, PresenceEntry>>();
  private readonly sockets = new Map<number, Set<Connection>>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private stopTicking: (() => void) | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private lastAnnounce = 0;
  private lastRevalidate: number;
  private stopped = false;

  constructor(
    private readonly database: Database,
    readonly settings: PresenceSettings,
    private readonly log: { warn(obj: unknown, msg?: string): void } = console,
    private readonly clock: PresenceClock = systemClock,
  ) {
    this.remote = new RemoteEntries(settings.announceMs * 3);
    this.lastRevalidate = clock.now();
  }

  async start() {
    if (this.database.listen) {
      this.unlisten = await this.database.listen(PRESENCE_CHANNEL, (payload) => this.receive(payload));
    }
    this.database.onListenState((listening) => {
      if (listening && !this.stopped) this.resync();
    });
    this.stopTicking = this.clock.every(this.settings.tickMs, () => this.tick());
    // Ask the others to announce now, rather than waiting for their next round.
    this.publish({ t: 'hello', i: this.instanceId });
  }

  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.stopTicking?.();
    for (const set of this.sockets.values())
      for (const conn of set) conn.socket.close(1001, 'Server stopping');
    this.sockets.clear();
    this.byUser.clear();
    // Others keep our members for one grace period: their browsers reconnect to a live instance.
    await this.publishNow({ t: 'bye', i: this.instanceId });
    await this.unlisten?.();
  }

  /**
   * A socket that passed the upgrade checks; it receives the organization's list at once. Null
   * when the session or the member already holds as many sockets here as SOCKET_LIMITS allows.
   */
  open(conn: Omit<Connection, 'joined' | 'status' | 'lastActivity' | 'lastSeen'>): Connection | null {
    const mine = getOrCreate(this.byUser, conn.userId, () => new Set<Connection>());
    let sameSession = 0;
    for (const c of mine) if (c.sid === conn.sid) sameSession += 1;
    if (mine.size >= SOCKET_LIMITS.perMember || sameSession >= SOCKET_LIMITS.perSession) return null;
    const now = this.clock.now();
    const full: Connection = { ...conn, joined: false, status: 'online', lastActivity: now, lastSeen: now };
    mine.add(full);
    getOrCreate(this.sockets, conn.organizationId, () => new Set<Connection>()).add(full);
    this.send(full, {
      type: 'presence_list',
      data: [...(this.visible.get(conn.organizationId)?.values() ?? [])],
    });
    return full;
  }

  /** The socket announced itself (authenticate): it joins the organization's presence. */
  join(conn: Connection, currentPage: string | null) {
    const now = this.clock.now();
    conn.lastSeen = now;
    conn.lastActivity = now;
    if (currentPage !== null) conn.currentPage = currentPage;
    if (!conn.joined) {
      conn.joined = true;
      const user = this.localUser(conn.organizationId, conn.userId, true);
      user.conns.add(conn);
      user.graceUntil = null;
    }
    this.refreshLocal(conn.organizationId, conn.userId);
  }

  heartbeat(conn: Connection) {
    conn.lastSeen = this.clock.now();
  }

  pageChange(conn: Connection, currentPage: string | null) {
    conn.currentPage = currentPage;
    this.activity(conn);
  }

  statusUpdate(conn: Connection, status: PresenceStatus) {
    conn.status = status;
    this.activity(conn);
  }

  /** The socket closed; its user leaves after the grace period unless another socket remains. */
  closed(conn: Connection, immediate = false) {
    const here = this.sockets.get(conn.organizationId);
    here?.delete(conn);
    // An organization nobody is connected to here holds nothing, not an empty set.
    if (here?.size === 0) this.sockets.delete(conn.organizationId);
    const mine = this.byUser.get(conn.userId);
    mine?.delete(conn);
    if (mine?.size === 0) this.byUser.delete(conn.userId);
    if (!conn.joined) return;
    conn.joined = false;
    const user = this.localUser(conn.organizationId, conn.userId, false);
    if (!user) return;
    user.conns.delete(conn);
    if (user.conns.size === 0) user.graceUntil = immediate ? 0 : this.clock.now() + this.settings.graceMs;
    this.refreshLocal(conn.organizationId, conn.userId);
  }

  /** Entries currently visible to one organization (tests and the bench read this). */
  list(organizationId: number): PresenceEntry[] {
    return [...(this.visible.get(organizationId)?.values() ?? [])];
  }

  /**
   * Organizations each map holds (the bounded-memory test and the bench read this): only those
   * with someone connected, or leaving within the grace period, or announced by another instance.
   */
  memory() {
    return {
      local: this.local.size,
      visible: this.visible.size,
      sockets: this.sockets.size,
      users: this.byUser.size,
      remote: this.remote.organizations,
    };
  }

  get connectionCount() {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** A page change, a status change, or a click or key press the page reported. */
  activity(conn: Connection) {
    const now = this.clock.now();
    conn.lastSeen = now;
    conn.lastActivity = now;
    if (!conn.joined) this.join(conn, conn.currentPage);
    else this.refreshLocal(conn.organizationId, conn.userId);
  }

  private localUser(organizationId: number, userId: number, create: true): LocalUser;
  private localUser(organizationId: number, userId: number, create: false): LocalUser | undefined;
  private localUser(organizationId: number, userId: number, create: boolean) {
    if (!create) return this.local.get(organizationId)?.get(userId);
    const org = getOrCreate(this.local, organizationId, () => new Map<number, LocalUser>());
    return getOrCreate(org, userId, newLocalUser);
  }

  private refreshLocal(organizationId: number, userId: number, now = this.clock.now()) {
    const user = this.localUser(organizationId, userId, false);
    if (!user) return;
    const { entry, at } = localEntry(user, now, this.settings.idleMs);
    if (sameEntry(entry, user.published)) {
      user.at = Math.max(user.at, at);
    } else {
      user.published = entry;
      user.at = at;
      this.publish({ t: 'entry', i: this.instanceId, o: organizationId, u: userId, e: entry, a: at });
    }
    if (!entry && user.conns.size === 0) {
      this.local.get(organizationId)?.delete(userId);
      if (this.local.get(organizationId)?.size === 0) this.local.delete(organizationId);
    }
    this.recompute(organizationId, userId);
  }

  /** Merges this instance's entry with remote ones and tells local sockets what changed. */
  private recompute(organizationId: number, userId: number, now = this.clock.now()) {
    let best: { entry: PresenceEntry; at: number } | null = null;
    const mine = this.local.get(organizationId)?.get(userId);
    if (mine?.published) best = { entry: mine.published, at: mine.at };
    for (const r of this.remote.of(organizationId, userId, now)) if (!best || r.at > best.at) best = r;
    const next = best?.entry ?? null;
    const org = this.visible.get(organizationId);
    const previous = org?.get(userId) ?? null;
    if (sameEntry(next, previous)) return;
    let updateType: PresenceUpdateType;
    if (next) {
      getOrCreate(this.visible, organizationId, () => new Map<number, PresenceEntry>()).set(userId, next);
      updateType = previous ? 'update' : 'join';
    } else {
      org?.delete(userId);
      if (org?.size === 0) this.visible.delete(organizationId);
      updateType = 'leave';
    }
    this.broadcast(organizationId, { type: 'presence_update', updateType, data: (next ?? previous)! });
  }

  private broadcast(organizationId: number, message: ServerMessage) {
    const set = this.sockets.get(organizationId);
    if (!set || set.size === 0) return;
    const data = JSON.stringify(message);
    for (const conn of set) conn.socket.send(data);
  }

  private send(conn: Connection, message: ServerMessage) {
    conn.socket.send(JSON.stringify(message));
  }

  private receive(payload: string) {
    if (this.stopped) return;
    let signal: Signal;
    try {
      signal = JSON.parse(payload) as Signal;
    } catch {
      return;
    }
    const now = this.clock.now();
    switch (signal.t) {
      case 'disconnect':
        this.disconnectLocal(signal);
        return;
      case 'user':
        for (const conn of this.sockets.get(signal.o) ?? [])
          if (conn.userId === signal.u) this.send(conn, signal.m);
        return;
      case 'hello':
        if (signal.i !== this.instanceId) this.announce();
        return;
      case 'bye':
        if (signal.i !== this.instanceId) this.remote.forgetInstance(signal.i, now + this.settings.graceMs);
        return;
      case 'entry':
        if (signal.i === this.instanceId) return;
        this.remote.set(signal.o, signal.u, signal.i, signal.e, signal.a, now);
        this.recompute(signal.o, signal.u, now);
        return;
      case 'announce':
        if (signal.i === this.instanceId) return;
        for (const { e, a } of signal.es) {
          this.remote.set(signal.o, e.userId, signal.i, e, a, now);
          this.recompute(signal.o, e.userId, now);
        }
        return;
    }
  }

  private disconnectLocal(signal: Extract<Signal, { t: 'disconnect' }>) {
    for (const [organizationId, set] of this.sockets) {
      if (signal.organizationId && signal.organizationId !== organizationId) continue;
      for (const conn of [...set]) {
        const match = signal.session ? conn.sidDigest === signal.session : conn.userId === signal.userId;
        if (!match) continue;
        conn.socket.close(CLOSE_SIGNED_OUT, 'Signed out');
        this.closed(conn, true);
      }
    }
  }

  private tick() {
    const now = this.clock.now();
    for (const [organizationId, users] of [...this.local]) {
      for (const userId of [...users.keys()]) this.refreshLocal(organizationId, userId, now);
    }
    for (const [organizationId, userId] of this.remote.expire(now))
      this.recompute(organizationId, userId, now);
    for (const set of this.sockets.values()) {
      for (const conn of [...set]) {
        if (now - conn.lastSeen > this.settings.deadMs) {
          conn.socket.close(1001, 'No heartbeat');
          this.closed(conn);
        }
      }
    }
    if (now - this.lastAnnounce >= this.settings.announceMs) this.announce(now);
    if (now - this.lastRevalidate >= this.settings.revalidateMs) {
      this.lastRevalidate = now;
      this.revalidate().catch((err) => this.log.warn({ err }, 'presence session check failed'));
    }
  }

  /**
   * Listening again after the database connection was lost (a server restart): signals sent in
   * between are gone, both ours (NOTIFY failed) and the others'. What others told us may be stale
   * (a leave we never heard), so their entries now expire within one grace period unless they
   * announce again, and `hello` asks them to do so at once; our own members are announced now.
   */
  private resync(now = this.clock.now()) {
    this.remote.expireAllBy(now + this.settings.graceMs);
    this.publish({ t: 'hello', i: this.instanceId });
    this.announce(now);
  }

  /** Re-announces every member this instance holds, so a crashed instance's members expire. */
  private announce(now = this.clock.now()) {
    this.lastAnnounce = now;
    for (const [organizationId, users] of this.local) {
      const entries = [...users.values()].flatMap((u) => (u.published ? [{ e: u.published, a: u.at }] : []));
      for (const es of announceBatches(entries))
        this.publish({ t: 'announce', i: this.instanceId, o: organizationId, es });
    }
  }

  /**
   * Sockets outlive nothing: a session that ended (expired, signed out elsewhere) closes them,
   * and so does one that no longer signs anyone in (membership disabled or pending, organization
   * rejected), the same rule as a request's session lookup, even if no one signalled it.
   */
  private async revalidate() {
    const sids = new Set<string>();
    for (const set of this.sockets.values()) for (const c of set) sids.add(c.sid);
    if (sids.size === 0) return;
    const alive = await liveSessions(this.database, [...sids]);
    for (const set of this.sockets.values()) {
      for (const conn of [...set]) {
        if (alive.has(conn.sid)) continue;
        conn.socket.close(CLOSE_SIGNED_OUT, 'Signed out');
        this.closed(conn, true);
      }
    }
  }

  private publish(signal: Signal) {
    this.publishNow(signal).catch((err) => this.log.warn({ err }, 'presence publish failed'));
  }

  private async publishNow(signal: Signal) {
    await this.database.notify(PRESENCE_CHANNEL, JSON.stringify(signal));
  }
}
