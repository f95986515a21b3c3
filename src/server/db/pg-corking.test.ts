import { createRequire } from 'node:module';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CHECKED_PG_VERSION, corkedSends, socketOf } from './pg-corking';

const installed = (createRequire(import.meta.url)('pg/package.json') as { version: string }).version;
const url = process.env.DATABASE_URL;

describe('the pg internals corking relies on', () => {
  it('were checked against the installed pg', () => {
    expect(
      installed,
      `pg ${installed} is installed but pg-corking.ts was checked against pg ${CHECKED_PG_VERSION}: ` +
        'check that a client still keeps its socket in client.connection.stream, then update CHECKED_PG_VERSION',
    ).toBe(CHECKED_PG_VERSION);
  });

  it('finds the socket of a client', () => {
    const socket = socketOf(new pg.Client());
    expect(socket, `pg ${installed} no longer keeps its socket in client.connection.stream`).not.toBeNull();
  });

  it.skipIf(!url)('sends what is sent together in one write', async () => {
    // Pipelined, as the app's pool is (client.ts): the second query goes out before the first is answered.
    const client = new pg.Client({ connectionString: url, pipeline: true } as pg.ClientConfig);
    await client.connect();
    try {
      const socket = socketOf(client);
      expect(socket, `pg ${installed}: no socket on a connected client`).not.toBeNull();
      const writes: number[] = [];
      const stream = socket as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
      for (const name of ['_write', '_writev'] as const) {
        const original = stream[name].bind(stream);
        stream[name] = (...args: unknown[]) => {
          writes.push(1);
          return original(...args);
        };
      }
      const together = corkedSends(client);
      const rows = await together(() =>
        Promise.all([client.query('select 1 as a'), client.query('select 2 as b')]),
      );
      expect(rows.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
      expect(writes).toHaveLength(1);
    } finally {
      await client.end();
    }
  });
});
