import net from 'node:net';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, lastStatement, openDatabase, readTogether, type Runner, sql } from './client';

const url = process.env.DATABASE_URL;

/** Notifies until the payload comes back: the listening connection is up again. */
async function heardAgain(database: Database, channel: string, payload: string, received: string[]) {
  await expect
    .poll(
      async () => {
        await database.notify(channel, payload);
        return received.includes(payload);
      },
      { timeout: 8_000, interval: 300 },
    )
    .toBe(true);
}

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
      await heardAgain(database, 'client_test', 'after', received);
    } finally {
      await database.close();
    }
  });

  it('survives the server dropping a connection held by a transaction between two statements', async () => {
    const database = await openDatabase({ databaseUrl: url, pool: { max: 2 } });
    const crashes: unknown[] = [];
    let crashed: (err: unknown) => void = () => {};
    const crash = new Promise((resolve) => {
      crashed = resolve;
    });
    const onUncaught = (err: unknown) => {
      crashes.push(err);
      crashed(err);
    };
    process.on('uncaughtException', onUncaught);
    try {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const held = new Promise<pg.PoolClient>((resolve) => pool.once('acquire', resolve));
      const outcome = database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        const [{ pid }] = result.rows;
        const connection = await held;
        // Its 'error' comes first and is the pool's to handle (unhandled, it crashes the process);
        // 'end' follows once the session is gone.
        const ended = Promise.race([new Promise((resolve) => connection.once('end', resolve)), crash]);
        // A restart ends the session while the request is busy elsewhere (no query running on it).
        await database.query('select pg_terminate_backend($1)', [pid]);
        await ended;
        await tx.execute(sql`select 1`);
      });
      await expect(outcome).rejects.toThrow();
      expect(crashes).toEqual([]);
      // The pool goes on with a fresh connection.
      expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
    }
  });

  it('retries a lost LISTEN connection at a steady pace during a long outage, then listens again', async () => {
    // A relay in front of the server that, while "down", accepts and drops every connection and
    // counts the attempts.
    const target = new URL(url as string);
    let down = false;
    let attempts = 0;
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((socket) => {
      if (down) {
        attempts++;
        socket.destroy();
        return;
      }
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [socket, upstream]) {
        sockets.add(s);
        s.on('error', () => {
          socket.destroy();
          upstream.destroy();
        });
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(target);
    relayed.hostname = '127.0.0.1';
    relayed.port = String((relay.address() as net.AddressInfo).port);
    // The retries wait for the test instead of a timer, each with the delay it would wait for.
    const retries: { retry: () => void; delayMs: number }[] = [];
    const database = await openDatabase({
      databaseUrl: relayed.toString(),
      scheduleListenRetry: (retry, delayMs) => retries.push({ retry, delayMs }),
    });
    try {
      const received: string[] = [];
      await database.listen?.('client_outage', (payload) => received.push(payload));
      down = true;
      for (const s of sockets) s.destroy();
      for (let attempt = 1; attempt <= 4; attempt++) {
        await expect.poll(() => retries.length).toBe(attempt);
        retries[attempt - 1].retry();
        await expect.poll(() => attempts).toBe(attempt);
      }
      down = false;
      await expect.poll(() => retries.length).toBe(5);
      retries[4].retry();
      await heardAgain(database, 'client_outage', 'back', received);
      // One chain of retries, 1 s then 2 s apart, not one more chain for every failed attempt.
      expect(retries.map((r) => r.delayMs)).toEqual([1_000, 2_000, 2_000, 2_000, 2_000]);
      expect(attempts).toBe(4);
    } finally {
      await database.close();
      relay.close();
      for (const s of sockets) s.destroy();
    }
  });

  it('gives a free connection to a statement waiting before a write transaction waiting', async () => {
    const database = await openDatabase({ databaseUrl: url, pool: { max: 1 } });
    try {
      const order: string[] = [];
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started: () => void = () => {};
      const holding = new Promise<void>((resolve) => {
        started = resolve;
      });
      const first = database.transaction(async (q) => {
        await q.query('select 1');
        started();
        await held;
      });
      await holding;
      const write = database.transaction(async (q) => {
        order.push('write');
        await q.query('select 2');
      });
      const read = database.query('select 3').then(() => order.push('read'));
      release();
      await Promise.all([first, write, read]);
      expect(order).toEqual(['read', 'write']);
    } finally {
      await database.close();
    }
  });
});

const kinds = [
  { kind: 'embedded', open: () => openDatabase({ memory: true }) },
  ...(url ? [{ kind: 'PostgreSQL', open: () => openDatabase({ databaseUrl: url, pool: { max: 2 } }) }] : []),
];

describe.each(kinds)('a transaction on the $kind database', ({ open }) => {
  // On PostgreSQL the first statement is sent behind BEGIN and the last one with the COMMIT
  // (pipelined connections): each must still run inside the transaction, or not at all.
  it('runs its first statement inside the transaction, after its settings', async () => {
    const database = await open();
    try {
      await database.query('create table if not exists transaction_probe (v int)');
      const outcome = database.transaction(
        async (q) => {
          const [row] = await q.query<{ setting: string }>(
            `with ins as (insert into transaction_probe values (1))
             select current_setting('greenroom.probe', true) as setting`,
          );
          expect(row.setting).toBe('first');
          throw new Error('refused');
        },
        { 'greenroom.probe': 'first' },
      );
      await expect(outcome).rejects.toThrow('refused');
      expect(await database.query('select v from transaction_probe')).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('commits with its last statement, or not at all when that statement fails', async () => {
    const database = await open();
    try {
      await database.query('create table if not exists transaction_probe (v int)');
      const read = await database.transaction(async (q) => {
        await q.query('insert into transaction_probe values (2)');
        return lastStatement(q).query<{ v: number }>('select v from transaction_probe');
      });
      expect(read).toEqual([{ v: 2 }]);
      const failed = database.transaction(async (q) => {
        await q.query('insert into transaction_probe values (3)');
        return lastStatement(q).query('select 1 / 0');
      });
      await expect(failed).rejects.toThrow(/division by zero/);
      expect(await database.query('select v from transaction_probe order by v')).toEqual([{ v: 2 }]);
      // Nothing runs after the last statement (it would run outside the transaction).
      if (database.kind === 'postgres') {
        const after = database.transaction(async (q) => {
          await lastStatement(q).query('select 1');
          await q.query('insert into transaction_probe values (4)');
        });
        await expect(after).rejects.toThrow(/after the transaction ended/);
        expect(await database.query('select v from transaction_probe order by v')).toEqual([{ v: 2 }]);
      }
      // The connections still work for what comes next.
      expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('reads together on one connection, whether or not its last statement is sent', async () => {
    // The same server process answers both: the second statement did not go back to the pool.
    const database = await open();
    try {
      const pid = (q: Runner) => q.query<{ pid: number }>('select pg_backend_pid() as pid');
      const [[first], [last]] = await readTogether(database, async (q, last) => [
        await pid(q),
        await pid(last),
      ]);
      expect(last.pid).toBe(first.pid);
      const none = await readTogether(database, async (q) => (await pid(q)).length);
      expect(none).toBe(1);
      expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('sends what it sends at once in one write: BEGIN with the first statement, a write with the last and COMMIT', async () => {
    const database = await open();
    if (database.kind !== 'postgres') return database.close();
    // Each write to a socket goes through _write or _writev; counted while the transaction runs.
    const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => void>;
    const originals = { _write: proto._write, _writev: proto._writev };
    let writes = 0;
    try {
      await database.query('select 1');
      for (const key of ['_write', '_writev'] as const)
        proto[key] = function (this: unknown, ...args: unknown[]) {
          writes++;
          return originals[key].apply(this, args);
        };
      const read = await database.transaction(
        async (q) => {
          await q.query('select 1 as first');
          // Sent without waiting for each other, as an edit sends its write and its answer's read.
          const [, last] = await Promise.all([
            q.query('select 2 as second'),
            lastStatement(q).query<{ setting: string }>(
              `select current_setting('greenroom.probe', true) as setting`,
            ),
          ]);
          return last;
        },
        { 'greenroom.probe': 'pipelined' },
      );
      expect(read).toEqual([{ setting: 'pipelined' }]);
      expect(writes).toBe(2);
    } finally {
      Object.assign(proto, originals);
      await database.close();
    }
  });
});
