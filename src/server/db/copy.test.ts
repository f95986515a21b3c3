// The move to a PostgreSQL server: an embedded database with the demo organization is copied into
// a throwaway database on the local server, every table's row count matches, and the app runs on
// the copy (the demo owner signs in and reads the directory).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../tests/support/app';
import { buildApp } from '../app';
import { ensureSystemUser } from '../seed/bootstrap';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { type Database, openDatabase } from './client';
import { copyDatabase, tablesInDependencyOrder } from './copy';

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `greenroom_copy_${process.pid}_${Date.now().toString(36)}`;

async function serverAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

describe.skipIf(process.env.DATABASE_URL || !(await serverAnswers()))('db:export-to', () => {
  let source: Database;
  let target: Database;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    source = await openDatabase({ memory: true });
    await ensureSystemUser(source, 'System-password-2026');
    await seedDemo(source);
    target = await openDatabase({ databaseUrl: url.toString() });
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    await target?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('orders parents before children', () => {
    const order = tablesInDependencyOrder();
    expect(order.indexOf('organizations')).toBeLessThan(order.indexOf('user_organizations'));
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('user_organizations'));
  });

  it('copies every table with equal row counts, and the app runs on the copy', async () => {
    const counts = await copyDatabase(source, target);
    expect(counts.size).toBe(tablesInDependencyOrder().length);
    expect(counts.get('users')).toBeGreaterThan(1);
    for (const table of counts.keys()) {
      const [a] = await source.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
      const [b] = await target.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
      expect([table, b.n]).toEqual([table, a.n]);
    }
    // A count kept by a trigger is rebuilt by the copied rows, not counted twice.
    const taken = 'select coalesce(sum(taken), 0)::int as n from volunteer_shifts';
    const [[shiftsA], [shiftsB]] = [
      await source.query<{ n: number }>(taken),
      await target.query<{ n: number }>(taken),
    ];
    expect(shiftsA.n).toBeGreaterThan(0);
    expect(shiftsB.n).toBe(shiftsA.n);

    // A second copy into the same database is refused.
    await expect(copyDatabase(source, target)).rejects.toThrow('The target database is not empty');

    const app = await buildApp({ config: testConfig(), database: target });
    try {
      const host = 'demo.localhost:5000';
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { host, origin: `http://${host}` },
        payload: { username: 'olivia', password: DEMO_PASSWORD, organizationShortname: 'demo' },
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const me = await app.inject({ url: '/api/me', headers: { host, cookie } });
      expect(me.statusCode).toBe(200);
      // New rows get fresh ids after the copied ones (the sequences were moved on).
      const [org] = await target.query<{ id: number }>(
        `insert into organizations (name, shortname, contact_email) values ('After Copy', 'aftercopy', 'a@b.c') returning id`,
      );
      const [{ max }] = await source.query<{ max: number }>('select max(id)::int as max from organizations');
      expect(org.id).toBeGreaterThan(max);
    } finally {
      await app.close();
    }
  }, 120_000);
});
