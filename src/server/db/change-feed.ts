// Kept answers that stay true until the database says otherwise. Triggers announce every write
// to the data behind them on one channel, naming its scope: 'o:<organization id>:<area>' (the
// area of the table written, db/areas.ts), 'u:<user id>', or 'o:<organization id>' for a change
// to the organization itself, which covers all its areas. Each instance listens and drops what the
// write touched. So a hot read (who is calling, this month's events, the directory) costs no
// query at all while nothing it reads changes, and several instances never serve each other's
// stale copies for longer than a notification takes to arrive.
//
// Nothing is served from memory while the listening connection is down: notifications could be
// missed, so every cache empties and each read goes to the database until it listens again.
import { BoundedMap, DEFAULT_MAX_ENTRIES } from '../bounded-map';
import { AREAS, type Area, type Areas, isArea } from './areas';
import type { Database, Runner, TransactionSettings } from './client';

export const CHANGES_CHANNEL = 'greenroom_changes';

/**
 * What a kept answer lies under: one area of one organization's data, one part of an area, or one
 * user. The parts: a month of the calendar (events and their teams in that UTC month, 'YYYY-MM'),
 * and of the library one page ('page:<slug>'), its names ('names': which pages exist, their titles,
 * links and visibility) or the words of its pages by their first letters ('word:<one, two or three>',
 * 'words' for words that start otherwise, 'word:*' for a write of more words than are named one by
 * one). A kept answer under parts lies under nothing else of that area, so a write elsewhere in the
 * area leaves it; the parts a write touched are named by its tables' triggers.
 */
export type Scope = `o:${number}:${Area}` | `o:${number}:${PartedArea}@${string}` | `u:${number}`;

/** The areas divided into parts, and what a part's name looks like. */
const PARTS = {
  calendar: /^\d{4}-\d{2}$/,
  library: /^(?:names|words|page:[a-z0-9-]+|word:(?:[a-z0-9]{1,3}|\*))$/,
} as const;
type PartedArea = keyof typeof PARTS;

export const partScope = (organizationId: number, area: PartedArea, part: string): Scope =>
  `o:${organizationId}:${area}@${part}`;

export const areaScope = (organizationId: number, area: Area): Scope => `o:${organizationId}:${area}`;
/** The scopes of `areas` in one organization: a kept answer lies under each area it reads. */
export const orgScopes = (organizationId: number, areas: readonly Area[]): Scope[] =>
  areas.map((area) => areaScope(organizationId, area));
export const userScope = (userId: number): Scope => `u:${userId}`;

/**
 * The month scopes of events overlapping [from, to): each UTC month the range touches. An event
 * announces every month from its start to its end (greenroom_calendar_months_changed.sql), so one
 * that overlaps the range shares a month with it. A kept answer under month scopes reads only
 * events and their teams of the calendar area; whatever else it reads it lies under as an area.
 */
export function monthScopes(organizationId: number, from: Date, to: Date): Scope[] {
  const scopes: Scope[] = [];
  const month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (month.getTime() <= to.getTime()) {
    scopes.push(partScope(organizationId, 'calendar', month.toISOString().slice(0, 7)));
    month.setUTCMonth(month.getUTCMonth() + 1);
  }
  return scopes;
}

/** The scope that stands for every part of a part scope's area ('*' is no part's name). */
const everyPart = (scope: Scope) => `${scope.slice(0, scope.indexOf('@'))}@*` as Scope;

/** A part scope as announced: its organization, area and part. */
function parsePart(scope: string): Scope | null {
  const found = /^o:\d+:([a-z]+)@(.+)$/.exec(scope);
  if (!found) return null;
  const pattern = PARTS[found[1] as PartedArea] as RegExp | undefined;
  return pattern?.test(found[2]) ? (scope as Scope) : null;
}

/**
 * A write transaction on one organization's rows that announces its change itself, after the
 * commit, instead of through the triggers inside it (migration *_announced_changes): PostgreSQL
 * lets only one notifying transaction commit at a time, so in-transaction notifications queued
 * every writer behind every other. `areas` are those it writes; this instance drops their copies
 * at once, the others hear it from notifySoon's batch a moment later. A row of another
 * organization or another area (a cascade, say) is still announced by its trigger. Should the
 * process die between commit and announcement, the other instances keep their copies until their
 * maxAgeMs.
 */
export async function announcedTransaction<T>(
  database: Database,
  organizationId: number,
  areas: Areas,
  work: (q: Runner) => Promise<T>,
  settings: TransactionSettings = {},
): Promise<T> {
  // The triggers of a parted area's tables note the parts written (greenroom.noted: a calendar
  // write's months, a library write's pages), read with the COMMIT, so those parts' kept answers
  // go and the others stay.
  let parts: Scope[] = [];
  const result = await database.transaction(
    work,
    { ...settings, 'greenroom.announced': announcedSetting(organizationId, areas) },
    areas.some((area) => area in PARTS)
      ? {
          setting: 'greenroom.noted',
          read: (noted) => {
            parts = noted.split(',').flatMap((scope) => parsePart(scope) ?? []);
          },
        }
      : undefined,
  );
  announce(database, organizationId, areas);
  announceScopes(database, parts);
  return result;
}

/**
 * A write that is one statement (its own transaction), announced as announcedTransaction's are:
 * `statement(announcing)` is its text, with `announcing` among its FROM items (it names the scopes
 * for the triggers, which fire at the end of the statement, after the setting is made); once it
 * succeeds, its change is announced. The statement's own parameters are `params`.
 */
export async function announcedStatement<T = Record<string, unknown>>(
  database: Database,
  organizationId: number,
  areas: Areas,
  statement: (announcing: string) => string,
  params: unknown[],
): Promise<T[]> {
  const rows = await database.query<T>(statement(announcingFrom(params.length + 1)), [
    ...params,
    announcedSetting(organizationId, areas),
  ]);
  announce(database, organizationId, areas);
  return rows;
}

/** The FROM item that makes the setting, its scopes the statement's parameter `n`. */
const announcingFrom = (n: number) =>
  `(select set_config('greenroom.announced', $${n}::text, true)) as announcing`;

/** greenroom.announced: the scopes the app announces itself, which the triggers leave alone. */
const announcedSetting = (organizationId: number, areas: Areas) => orgScopes(organizationId, areas).join(',');

/**
 * After an announced write: this instance forgets at once, the others a moment later. Also for
 * writes to tables that have no change trigger, announced once the request that wrote is done.
 */
export function announce(database: Database, organizationId: number, areas: Areas) {
  announceScopes(database, orgScopes(organizationId, areas));
}

function announceScopes(database: Database, scopes: readonly Scope[]) {
  const feed = ChangeFeed.of(database);
  for (const scope of scopes) {
    feed.changed(scope);
    database.notifySoon(CHANGES_CHANNEL, scope);
  }
}

/** A read's starting point: a copy read after it may be kept only if nothing it covers changed since. */
export type Ticket = number;

interface CacheOptions<V> {
  /** Entries older than this are read again even without a notification. */
  maxAgeMs: number;
  /** Bound on the sum of sizeOf over entries; the least recently used go first. */
  maxSize: number;
  /**
   * Bound on the number of entries, whatever their size (default DEFAULT_MAX_ENTRIES): a cache
   * bounded by bytes alone could hold any number of small answers, one or more per organization.
   */
  maxEntries?: number;
  sizeOf?: (value: V) => number;
  /**
   * An answer asked for more than once, the last time within a minute, is loaded again a moment
   * after a change drops it, ahead of its next reader: a search many members repeat stays kept
   * while pages it shows are edited. The moment lets this instance's own notification of the
   * change, which it hears too, arrive first.
   */
  refreshAhead?: boolean;
}

type Covering<V> = Scope[] | ((value: V) => Scope[] | null);

interface Entry<V> {
  value: V;
  scopes: Scope[];
  at: number;
  size: number;
}

/** How an answer is loaded again, and how often and lately it was asked for (refreshAhead). */
interface Demand<V> {
  load: () => Promise<V>;
  scopes: Covering<V>;
  asked: number;
  lastAsked: number;
}

const REFRESH_AFTER_MS = 100;
const IN_DEMAND_MS = 60_000;
const MAX_REFRESHING = 4;
/** Answers whose demand is remembered, the latest asked for. */
const DEMANDS_KEPT = 1_000;

export class LiveCache<K, V> {
  private readonly entries: BoundedMap<K, Entry<V>>;
  private byScope = new Map<Scope, Set<K>>();
  private total = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: CacheOptions<V>,
  ) {
    this.entries = new BoundedMap(options.maxEntries ?? DEFAULT_MAX_ENTRIES, (key, entry) =>
      this.forget(key, entry),
    );
  }

  /** How many entries it holds, and at most may (what the bounded-memory test reads). */
  get size() {
    return this.entries.size;
  }

  get max() {
    return this.entries.max;
  }

  set max(limit: number) {
    this.entries.max = limit;
  }

  /** The sum of sizeOf over the entries, bounded by maxSize. */
  get weight() {
    return this.total;
  }

  get(key: K): V | undefined {
    // Reading makes it the most recently used, so the bounds take others first.
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.feed.live || Date.now() - entry.at > this.options.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The kept value, or `load()`'s, kept under `scopes` unless they changed while it loaded.
   * `scopes` may depend on the value; null then means "do not keep this one".
   */
  async getOrLoad(key: K, scopes: Covering<V>, load: () => Promise<V>): Promise<V> {
    if (this.options.refreshAhead) this.asked(key, scopes, load);
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    // A load of this key under way, begun before no change to what it covers, is as good as a new
    // one: a hot answer just dropped is then read once, not once per request that missed it.
    const pending = this.loading.get(key);
    if (pending && this.feed.unchangedSince(pending.ticket, pending.scopes)) return pending.value;
    const ticket = this.feed.ticket();
    const value = load();
    const loading = typeof scopes === 'function' ? undefined : { ticket, scopes, value };
    if (loading) this.loading.set(key, loading);
    try {
      const loaded = await value;
      this.keep(key, loaded, scopes, ticket);
      return loaded;
    } finally {
      if (loading && this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  /** Loads under way by key (getOrLoad), bounded by the requests in flight. */
  private loading = new Map<K, { ticket: Ticket; scopes: Scope[]; value: Promise<V> }>();

  private keep(key: K, value: V, scopes: Covering<V>, ticket: Ticket) {
    const covered = typeof scopes === 'function' ? scopes(value) : scopes;
    if (covered) this.set(key, value, covered, ticket);
  }

  private demands = new BoundedMap<K, Demand<V>>(DEMANDS_KEPT);

  /** Notes a request for `key`, and how its answer is loaded now (in place: most are kept hits). */
  private asked(key: K, scopes: Covering<V>, load: () => Promise<V>) {
    const now = Date.now();
    const demand = this.demands.get(key);
    if (!demand) {
      this.demands.set(key, { load, scopes, asked: 1, lastAsked: now });
      return;
    }
    demand.asked = now - demand.lastAsked <= IN_DEMAND_MS ? demand.asked + 1 : 1;
    demand.lastAsked = now;
    demand.load = load;
    demand.scopes = scopes;
  }

  private refreshing = new Set<K>();

  /**
   * Loads a dropped answer again in a moment if it is in demand (refreshAhead), and once more if a
   * change arrived while it loaded. At most MAX_REFRESHING at once; past that, readers load them.
   */
  private refreshSoon(key: K, demand: Demand<V>, tries = 2) {
    if (demand.asked < 2 || Date.now() - demand.lastAsked > IN_DEMAND_MS) return;
    if (this.refreshing.has(key) || this.refreshing.size >= MAX_REFRESHING) return;
    this.refreshing.add(key);
    const refresh = async () => {
      // A reader that loaded it meanwhile has done the work.
      if (this.entries.peek(key)) return true;
      const ticket = this.feed.ticket();
      this.keep(key, await demand.load(), demand.scopes, ticket);
      return this.entries.peek(key) !== undefined;
    };
    setTimeout(() => {
      refresh()
        // Not refreshed: its next reader loads it.
        .catch(() => true)
        .then((kept) => {
          this.refreshing.delete(key);
          if (!kept && tries > 1) this.refreshSoon(key, demand, tries - 1);
        });
    }, REFRESH_AFTER_MS).unref();
  }

  /** Keeps `value` unless a change to any of `scopes` arrived after `ticket` was taken. */
  set(key: K, value: V, scopes: Scope[], ticket: Ticket) {
    this.delete(key);
    if (!this.feed.unchangedSince(ticket, scopes)) return;
    const size = this.options.sizeOf?.(value) ?? 1;
    if (size > this.options.maxSize / 4) return;
    while (this.total + size > this.options.maxSize) this.delete(this.entries.oldest() as K);
    this.total += size;
    this.entries.set(key, { value, scopes, at: Date.now(), size });
    for (const scope of scopes) {
      const keys = this.byScope.get(scope) ?? new Set<K>();
      keys.add(key);
      this.byScope.set(scope, keys);
    }
  }

  delete(key: K) {
    const entry = this.entries.peek(key);
    if (!entry) return;
    this.entries.delete(key);
    this.forget(key, entry);
  }

  /** What is kept beside an entry that left: its weight and its place under each scope. */
  private forget(key: K, entry: Entry<V>) {
    this.total -= entry.size;
    for (const scope of entry.scopes) {
      const keys = this.byScope.get(scope);
      keys?.delete(key);
      if (keys?.size === 0) this.byScope.delete(scope);
    }
  }

  dropScope(scope: Scope) {
    for (const key of [...(this.byScope.get(scope) ?? [])]) {
      this.delete(key);
      const demand = this.options.refreshAhead && this.demands.peek(key);
      if (demand) this.refreshSoon(key, demand);
    }
  }

  /** Drops everything kept under a scope that starts with `prefix` (every part of an area). */
  dropScopesStarting(prefix: string) {
    for (const scope of [...this.byScope.keys()]) if (scope.startsWith(prefix)) this.dropScope(scope);
  }

  clear() {
    this.entries.clear();
    this.byScope.clear();
    this.total = 0;
  }
}

// Beyond this many remembered scopes, forgetting them all (a reset) is cheaper than tracking.
const MAX_REMEMBERED_SCOPES = 100_000;

export class ChangeFeed {
  private static feeds = new WeakMap<Database, ChangeFeed>();

  /** The one feed of a database handle (every app built on it shares its caches). */
  static of(database: Database): ChangeFeed {
    const feed = ChangeFeed.feeds.get(database) ?? new ChangeFeed(database);
    ChangeFeed.feeds.set(database, feed);
    return feed;
  }

  /** True while listening: only then may anything be served from memory. */
  live = false;
  private sequence = 0;
  private resetAt = 0;
  private changedAt = new Map<Scope, number>();
  private caches = new Map<string, LiveCache<unknown, unknown>>();
  private starting?: Promise<void>;

  private constructor(private readonly database: Database) {}

  start(): Promise<void> {
    this.starting ??= (async () => {
      if (!this.database.listen) return;
      this.database.onListenState((listening) => {
        // Either way, whatever was kept may have missed a change.
        this.reset();
        this.live = listening;
      });
      await this.database.listen(CHANGES_CHANNEL, (payload) => this.heard(payload));
      this.live = true;
    })();
    return this.starting;
  }

  /** Every cache of this feed by name, and how many scopes it remembers (tests and the bench). */
  memory(): { caches: [string, LiveCache<unknown, unknown>][]; scopes: number; maxScopes: number } {
    return { caches: [...this.caches], scopes: this.changedAt.size, maxScopes: MAX_REMEMBERED_SCOPES };
  }

  /** The named cache of this feed, created on first use. */
  cache<K, V>(name: string, options: CacheOptions<V>): LiveCache<K, V> {
    const cache =
      this.caches.get(name) ?? new LiveCache<unknown, unknown>(this, options as CacheOptions<unknown>);
    this.caches.set(name, cache);
    return cache as LiveCache<K, V>;
  }

  ticket(): Ticket {
    return this.sequence;
  }

  unchangedSince(ticket: Ticket, scopes: Scope[]): boolean {
    if (!this.live || this.resetAt > ticket) return false;
    const unchanged = (scope: Scope) => (this.changedAt.get(scope) ?? 0) <= ticket;
    return scopes.every((scope) => unchanged(scope) && (!scope.includes('@') || unchanged(everyPart(scope))));
  }

  /**
   * Drops everything kept under `scope`. Called for each notification, and directly by a request
   * that wrote, so its own next read never waits on the notification.
   */
  changed(scope: Scope) {
    if (this.changedAt.size >= MAX_REMEMBERED_SCOPES) return this.reset();
    this.changedAt.set(scope, ++this.sequence);
    for (const cache of this.caches.values()) cache.dropScope(scope);
  }

  /**
   * Drops everything kept of an organization, in every area: for a change to the organization
   * itself (its name, state or settings), or a write that does not say what it wrote.
   */
  organizationChanged(organizationId: number) {
    for (const area of AREAS) this.changed(areaScope(organizationId, area));
    // What is kept by part goes here; a copy loading meanwhile under parts alone (a search) is
    // refused by its area's every-part scope.
    for (const area of Object.keys(PARTS) as PartedArea[]) {
      this.changedAt.set(partScope(organizationId, area, '*'), ++this.sequence);
      for (const cache of this.caches.values()) cache.dropScopesStarting(`o:${organizationId}:${area}@`);
    }
  }

  /** A notification: a scope, or a whole organization ('o:<id>', or an area this instance does not know). */
  private heard(payload: string) {
    const part = parsePart(payload);
    if (part) return this.changed(part);
    const found = /^(?:u:\d+|o:(\d+)(?::([a-z]+))?)$/.exec(payload);
    if (!found) return;
    const [, organizationId, area] = found;
    if (organizationId === undefined) this.changed(payload as Scope);
    else if (area !== undefined && isArea(area)) this.changed(areaScope(Number(organizationId), area));
    else this.organizationChanged(Number(organizationId));
  }

  /** Forgets everything kept. */
  reset() {
    this.resetAt = ++this.sequence;
    this.changedAt.clear();
    for (const cache of this.caches.values()) cache.clear();
  }
}
