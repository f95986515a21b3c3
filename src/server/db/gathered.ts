// One statement for many keys asked at about the same time. When the pool is busy a statement
// waits for its turn (connection-turns.ts), and on a server just started every signed-in caller's
// first request looks its session up: hundreds of one-row statements, each holding a connection
// for as long as its answer waits for the busy event loop. A key asked while an earlier key's
// statement still waits goes out with it, so a burst costs a few turns instead of one per caller;
// on an idle pool the statement goes out at once, with its one key.
import type { Database } from './client';

/** Most keys in one statement; a key asked past it starts the next statement. */
export const MOST_KEYS_GATHERED = 100;

/** The keys of one statement, gathered until it goes out. */
class Gathering<K, R> {
  readonly keys: K[];
  sent = false;
  readonly rows: Promise<Map<K, R>>;

  constructor(database: Database, text: string, keyOf: (row: R) => K, first: K) {
    this.keys = [first];
    this.rows = database
      .query<R>(text, () => {
        this.sent = true;
        return [[...new Set(this.keys)]];
      })
      .then((found) => new Map(found.map((row) => [keyOf(row), row])));
  }

  /** Adds `key` to the statement if it has not gone out and has room. */
  join(key: K) {
    if (this.sent || this.keys.length >= MOST_KEYS_GATHERED) return false;
    this.keys.push(key);
    return true;
  }
}

/**
 * Looks rows up by key with `text`, whose one parameter is the array of keys, and `keyOf` naming
 * each row's key; a key with no row gives undefined. Keys gather per database.
 */
export function gatheredLookup<K, R>(
  text: string,
  keyOf: (row: R) => K,
): (database: Database, key: K) => Promise<R | undefined> {
  const open = new WeakMap<Database, Gathering<K, R>>();
  return async (database, key) => {
    let gathering = open.get(database);
    if (!gathering?.join(key)) {
      gathering = new Gathering(database, text, keyOf, key);
      open.set(database, gathering);
    }
    return (await gathering.rows).get(key);
  };
}
