// The team member pickers asked as the user types: candidates searched and paged on the server.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildUser } from '../../../../tests/support/factories';
import { bulkMembers } from '../../../../tests/support/members';
import { buildTeamWorld } from '../../../../tests/support/teams';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

interface Page {
  items: { id: number; username: string }[];
  total: number;
  nextCursor: string | null;
}

describe('team member pickers (paged candidates)', () => {
  it('searches and pages who may join, among equal names, with the total', async () => {
    const w = await buildTeamWorld(ctx);
    const sams = await bulkMembers(ctx.database, w.org, 7, { firstName: 'Sam' });
    await ctx.database.query(
      `insert into team_members (organization_id, team_id, user_id, role) values ($1, $2, $3, 'member')`,
      [w.org.id, w.team.id, sams[0]],
    );
    for (const url of [
      `/api/teams/${w.team.id}/candidates`,
      `/api/organizations/${w.org.id}/teams/candidates`,
    ]) {
      const inTeam = url.startsWith('/api/teams');
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res = await w.agents.admin.get(`${url}?search=SAM&limit=2${cursor ? `&after=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page = res.json() as Page;
        expect(page.total).toBe(inTeam ? 6 : 7);
        seen.push(...page.items.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen)).toEqual(new Set(inTeam ? sams.slice(1) : sams));
      expect(seen).toHaveLength(inTeam ? 6 : 7);
    }
    // Without limit or after: the whole matching list, as before.
    const all = await w.agents.admin.get(`/api/organizations/${w.org.id}/teams/candidates?search=sam`);
    expect(all.json()).toHaveLength(7);
  });

  it('answers 400 to bad parameters; 401, 403 and 404 as the pickers always did', async () => {
    const w = await buildTeamWorld(ctx);
    await buildUser(ctx.database, { org: w.org });
    const url = `/api/teams/${w.team.id}/candidates`;
    const orgUrl = `/api/organizations/${w.org.id}/teams/candidates`;
    for (const query of ['limit=0', 'limit=x', 'after=@@', 'after=e30', `search=${'y'.repeat(101)}`]) {
      expect((await w.agents.team_lead.get(`${url}?${query}`)).statusCode, query).toBe(400);
      expect((await w.agents.owner.get(`${orgUrl}?${query}`)).statusCode, query).toBe(400);
    }
    expect((await new Agent(ctx.app, w.org.host).get(`${url}?limit=5`)).statusCode).toBe(401);
    expect((await new Agent(ctx.app, w.org.host).get(`${orgUrl}?limit=5`)).statusCode).toBe(401);
    expect((await w.agents.standard_user.get(`${url}?limit=5`)).statusCode).toBe(403);
    expect((await w.agents.team_lead.get(`${orgUrl}?limit=5`)).statusCode).toBe(403);
    expect((await w.foreign.agent.get(`${url}?limit=5`)).statusCode).toBe(404);
    expect((await w.foreign.agent.get(`${orgUrl}?limit=5`)).statusCode).toBe(404);
  });

  it('sends the first page of a 10,000-member organization in a few kilobytes', async () => {
    const w = await buildTeamWorld(ctx);
    await bulkMembers(ctx.database, w.org, 10_000);
    const res = await w.agents.team_lead.get(`/api/teams/${w.team.id}/candidates?limit=50`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Page).total).toBe(10_005);
    expect(res.rawPayload.length).toBeLessThan(30 * 1024);
  });
});
