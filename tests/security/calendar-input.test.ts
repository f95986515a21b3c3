// Calendar reads and writes with hostile ranges and ids answer 4xx, never 500.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../support/app';
import { buildOrg, buildUser, signedIn } from '../support/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('calendar input', () => {
  it('refuses ranges outside what a calendar can show, and ids beyond the id range', async () => {
    const org = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org }), org);
    const base = `/api/organizations/${org.id}/calendar/events`;
    for (const query of [
      '?from=1000-01-01&to=9999-12-31',
      '?from=9999-12-01&to=9999-12-31',
      '?from=0001-01-01&to=0001-01-31',
      '?from=2026-13-45&to=2026-14-01',
      '?from=2026-01-01&to=2025-01-01',
    ]) {
      const res = await agent.get(`${base}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    for (const path of [`${base}/followed`, '/api/me/followed-events']) {
      for (const query of [
        '?from=1000-01-01&to=9999-12-31',
        '?from=0001-01-01&to=0001-01-31',
        '?from=2026-13-45&to=2026-14-01',
        '?from=2026-01-01&to=2025-01-01',
        '?from=2026-01-01&to=2028-01-01',
      ]) {
        const res = await agent.get(`${path}${query}`);
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json()).toHaveProperty('message');
      }
    }
    for (const id of ['99999999999', '2147483648']) {
      expect((await agent.delete(`${base}/${id}`)).statusCode).toBe(400);
      expect((await agent.post(`${base}/${id}/follow`)).statusCode).toBe(400);
    }
  });
});
