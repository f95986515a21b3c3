// Many organizations on one server, at a small scale (200 of 50 members) on a PostgreSQL cluster of
// the suite's own: the notification worker's quiet tick costs what it cost with 20, every tenant's
// first dashboard, calendar and session answer, the system lists page through every organization
// in small answers, and the server's resident memory stays under 500 MB. `npm run bench:tenants`
// measures the same at 2,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/features/auth/passwords';
import {
  printLines,
  quietTick,
  rssMb,
  serveSystemLists,
  serveTenants,
  systemCookie,
  systemGet,
} from '../../scripts/bench/tenants/run';
import { seedTenants, type Tenant } from '../../scripts/bench/tenants/seed';
import { OPS_SECRET, SYSTEM_PASSWORD, startApp, stopAllApps } from './support/app';
import { PrivateCluster } from './support/cluster';
import { postgresServer, toolsPresent } from './support/tools';

const FEW = 20;
const TENANTS = 200;
const MEMBERS = 50;
const RSS_BOUND_MB = 500;

const runnable = toolsPresent('Tenants', { postgresServer });
let cluster: PrivateCluster;
beforeAll(async () => {
  if (!runnable) return;
  cluster = await PrivateCluster.create();
});
afterAll(async () => {
  await stopAllApps();
  cluster?.destroy();
});

describe.skipIf(!runnable)('many organizations on one server', () => {
  it('keeps the quiet tick flat, pages the system lists, and serves every tenant within the memory bound', async () => {
    const url = await cluster.createDatabase('ops_tenants');
    const database = await openDatabase({ databaseUrl: url });
    const passwordHash = await hashPassword('Ops-tenant-Pass-2026');
    const seed = (prefix: string, count: number) =>
      seedTenants(database, {
        prefix,
        count,
        members: MEMBERS,
        events: 20,
        passwordHash,
        secret: OPS_SECRET,
      });

    const tenants: Tenant[] = await seed('few', FEW);
    await database.query('analyze');
    const small = await quietTick(database);
    tenants.push(...(await seed('many', TENANTS - FEW)));
    await database.query(
      `insert into organizations (name, shortname, approval_status)
       select 'Waiting Theater ' || i, 'waiting' || i, 'pending' from generate_series(1, 5) i`,
    );
    await database.query('analyze');
    const large = await quietTick(database);
    console.log(`quiet tick with ${FEW} organizations: ${JSON.stringify(small)}`);
    console.log(`quiet tick with ${TENANTS} organizations: ${JSON.stringify(large)}`);
    expect(large.statements).toBe(small.statements);
    expect(large.transactions).toBe(small.transactions);
    expect(large.rows - small.rows).toBeLessThan(100);
    await database.close();

    const app = await startApp({ DATABASE_URL: url });
    const served = await serveTenants(app.port, tenants);
    const rss = rssMb(app.child.pid as number);
    const cookie = await systemCookie(app.port, SYSTEM_PASSWORD);
    const lists = await serveSystemLists(app.port, cookie, 50, 'many1');
    printLines([...served, ...lists]);
    console.log(`resident memory once ${TENANTS} tenants were served: ${rss} MB`);
    for (const line of [...served, ...lists]) {
      expect(line.errors, line.name).toBe(0);
      expect(line.p50, line.name).toBeLessThan(100);
    }
    expect(rss).toBeLessThan(RSS_BOUND_MB);

    // The list pages through every organization, newest first, a page of at most 100 at a time.
    const ids: number[] = [];
    let after = '';
    let total = 0;
    for (let page = 0; page < 10; page++) {
      const body = await systemGet<{ items: { id: number }[]; total: number; nextCursor: string | null }>(
        app.port,
        cookie,
        `/api/system/organizations?limit=100${after ? `&after=${after}` : ''}`,
      );
      expect(body.items.length).toBeLessThanOrEqual(100);
      ids.push(...body.items.map((o) => o.id));
      total = body.total;
      if (!body.nextCursor) break;
      after = body.nextCursor;
    }
    expect(total).toBe(TENANTS + 5);
    expect(new Set(ids).size).toBe(total);
    expect(ids.slice(0, 5).every((id, i) => i === 0 || id < ids[i - 1])).toBe(true);
    const queue = await systemGet<{ items: unknown[]; total: number }>(
      app.port,
      cookie,
      '/api/system/pending-organizations?limit=2',
    );
    expect(queue).toMatchObject({ total: 5 });
    expect(queue.items).toHaveLength(2);
  }, 120_000);
});
