import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('LISTEN/NOTIFY on a PostgreSQL server', () => {
  it('listens again after the server drops the listening connection', async () => {
    const database = await openDatabase({ databaseUrl: url });
    try {
      const received: string[] = [];
      await database.listen?.('client_test', (payload) => received.push(payload));
      await database.notify('client_test', 'before');
      await expect.poll(() => received).toContain('before');

      // What a server restart does to the listener: its backend is terminated.
      const terminated = await database.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where pid <> pg_backend_pid() and datname = current_database() and query ilike 'LISTEN%client_test%'`,
      );
      expect(terminated).toHaveLength(1);
      await expect
        .poll(
          async () => {
            await database.notify('client_test', 'after');
            return received.includes('after');
          },
          { timeout: 8_000, interval: 300 },
        )
        .toBe(true);
    } finally {
      await database.close();
    }
  });
});
