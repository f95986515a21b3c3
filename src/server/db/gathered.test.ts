import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { gatheredLookup, MOST_KEYS_GATHERED } from './gathered';

interface Row {
  k: string;
  v: number;
}
const byKeys = gatheredLookup<string, Row>('by keys', (row) => row.k);

/** A database whose statements wait for `go()` before taking their values, as at a busy pool. */
function busyDatabase() {
  const sent: string[][] = [];
  const waiting: (() => void)[] = [];
  const database = {
    query: (_text: string, params: () => unknown[]) =>
      new Promise<Row[]>((resolve) => {
        waiting.push(() => {
          const [keys] = params() as [string[]];
          sent.push(keys);
          resolve(keys.filter((k) => k !== 'gone').map((k) => ({ k, v: k.length })));
        });
      }),
  } as unknown as Database;
  const go = () => {
    for (const send of waiting.splice(0)) send();
  };
  return { database, sent, go };
}

describe('a gathered lookup', () => {
  it('sends the keys asked while its statement waits in that statement, each caller getting its row', async () => {
    const { database, sent, go } = busyDatabase();
    const lookup = (key: string) => byKeys(database, key);
    const asked = Promise.all(['a', 'bb', 'gone', 'a'].map(lookup));
    go();
    expect(await asked).toEqual([{ k: 'a', v: 1 }, { k: 'bb', v: 2 }, undefined, { k: 'a', v: 1 }]);
    expect(sent).toEqual([['a', 'bb', 'gone']]);
  });

  it('sends a key asked after its statement went out in the next one', async () => {
    const { database, sent, go } = busyDatabase();
    const lookup = (key: string) => byKeys(database, key);
    const first = lookup('a');
    go();
    const second = lookup('b');
    go();
    expect([await first, await second]).toEqual([
      { k: 'a', v: 1 },
      { k: 'b', v: 1 },
    ]);
    expect(sent).toEqual([['a'], ['b']]);
  });

  it(`gathers at most ${MOST_KEYS_GATHERED} keys in one statement`, async () => {
    const { database, sent, go } = busyDatabase();
    const lookup = (key: string) => byKeys(database, key);
    const keys = Array.from({ length: MOST_KEYS_GATHERED + 1 }, (_, i) => `k${i}`);
    const asked = Promise.all(keys.map(lookup));
    go();
    expect((await asked).map((row) => row?.k)).toEqual(keys);
    expect(sent.map((s) => s.length)).toEqual([MOST_KEYS_GATHERED, 1]);
  });

  it('fails every caller of a statement that fails, and the next key starts afresh', async () => {
    let fail = true;
    const database = {
      query: async (_text: string, params: () => unknown[]) => {
        const [keys] = params() as [string[]];
        if (fail) throw new Error('server gone');
        return keys.map((k) => ({ k, v: 0 }));
      },
    } as unknown as Database;
    const lookup = (key: string) => byKeys(database, key);
    await expect(lookup('a')).rejects.toThrow('server gone');
    fail = false;
    expect(await lookup('a')).toEqual({ k: 'a', v: 0 });
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('a gathered lookup on a PostgreSQL server', () => {
  it('sends the keys of callers who waited for the one connection in one statement', async () => {
    const database = await openDatabase({ databaseUrl: url, pool: { max: 1 } });
    try {
      const statements: unknown[][] = [];
      const query = database.query.bind(database);
      database.query = (text, params) =>
        query(text, () => {
          const values = typeof params === 'function' ? params() : (params ?? []);
          statements.push(values);
          return values;
        });
      const numbers = gatheredLookup<number, { n: number }>(
        'select n from unnest($1::int[]) as n where n > 0',
        (row) => row.n,
      );
      const lookup = (n: number) => numbers(database, n);
      const busy = database.query('select pg_sleep(0.05)');
      const found = await Promise.all([3, 1, 0, 2].map(lookup));
      await busy;
      expect(found).toEqual([{ n: 3 }, { n: 1 }, undefined, { n: 2 }]);
      expect(statements).toEqual([[], [[3, 1, 0, 2]]]);
    } finally {
      await database.close();
    }
  });
});
