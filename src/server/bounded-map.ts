// A Map that holds at most `max` entries: setting or reading an entry makes it the newest, and
// past the bound the oldest go first (least recently used). For what the server remembers per
// organization, per key or per text, so memory stays flat however many organizations it serves.

/**
 * Entries a cache of kept answers holds at most unless it says otherwise: about five for each of
 * 2,000 organizations, and a few hundred bytes of bookkeeping each beside the answers themselves,
 * which their caches bound by size.
 */
export const DEFAULT_MAX_ENTRIES = 10_000;

export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  /**
   * `onEvict` hears of each entry pushed out by the bound (not of delete() or clear()), so a
   * structure built on the map can forget what it kept beside the entry.
   */
  constructor(
    private limit: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {
    if (!(limit >= 1)) throw new RangeError('A BoundedMap holds at least one entry');
  }

  /** The most entries it holds. */
  get max() {
    return this.limit;
  }

  /** A new bound; entries past it go at once, the least recently used first. */
  set max(limit: number) {
    if (!(limit >= 1)) throw new RangeError('A BoundedMap holds at least one entry');
    this.limit = limit;
    this.trim();
  }

  get size() {
    return this.entries.size;
  }

  /** The value under `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined && !this.entries.has(key)) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value as V);
    return value;
  }

  /** The value under `key` without counting it as a use. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K) {
    return this.entries.has(key);
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    this.trim();
    return this;
  }

  delete(key: K) {
    return this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  /** The least recently used key, the next to go. */
  oldest(): K | undefined {
    return this.entries.keys().next().value;
  }

  keys() {
    return this.entries.keys();
  }

  values() {
    return this.entries.values();
  }

  [Symbol.iterator]() {
    return this.entries[Symbol.iterator]();
  }

  private trim() {
    while (this.entries.size > this.limit) {
      const [key, value] = this.entries.entries().next().value as [K, V];
      this.entries.delete(key);
      this.onEvict?.(key, value);
    }
  }
}

/** Anything the server keeps that has a bound: how full it is and how much it may hold. */
export interface Held {
  readonly size: number;
  max: number;
}

const held = new Map<string, Held>();

/**
 * Names a bounded structure the server keeps for its whole life, so the bounded-memory test and the
 * tenants bench can read how full each is (the last one registered under a name counts).
 */
export function holding<T extends Held>(name: string, structure: T): T {
  held.set(name, structure);
  return structure;
}

/** Every structure registered with holding(), by name. */
export const heldStructures = (): [string, Held][] => [...held];
