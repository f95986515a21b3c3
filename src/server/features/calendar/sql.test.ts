import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { calendarTransaction } from './sql';

const url = process.env.DATABASE_URL;

describe(`a calendar write's transaction (${url ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = url
      ? await openDatabase({ databaseUrl: url, pool: { max: 1 } })
      : await openDatabase({ memory: true });
  });
  afterAll(async () => {
    await database.close();
  });

  const settings = () =>
    database.transaction(async (q) => {
      const [row] = await q.query<{ mode: string }>(`select current_setting('plan_cache_mode') as mode`);
      return row.mode;
    });

  it('plans its statements once (generic plans) and leaves the connection as it was', async () => {
    const inside = await calendarTransaction(
      database,
      1,
      ['calendar'],
      async (q) => {
        const [row] = await q.query<{ mode: string; actor: string }>(
          `select current_setting('plan_cache_mode') as mode, current_setting('greenroom.actor_id') as actor`,
        );
        return row;
      },
      { actor: { userId: 7 } },
    );
    expect(inside).toEqual({ mode: 'force_generic_plan', actor: '7' });
    // The same connection (a pool of one) plans as the server says once the transaction is over.
    expect(await settings()).toBe('auto');
  });

  it('refuses a transaction setting that names any other server setting', async () => {
    await expect(database.transaction(async () => 1, { work_mem: '1GB' })).rejects.toThrow(
      'unsafe transaction setting work_mem',
    );
  });
});
