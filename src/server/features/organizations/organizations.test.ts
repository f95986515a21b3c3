import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext, uniqueId } from '../../../../tests/support/app';
import {
  buildOrg,
  buildOrgWithRoles,
  buildSystemUser,
  buildUser,
  signedIn,
} from '../../../../tests/support/factories';
import { expectNoSecrets } from '../../../../tests/support/secrets';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

async function addTeam(organizationId: number, archived = false) {
  const handle = `team-${uniqueId()}`;
  await ctx.database.query(
    `insert into teams (organization_id, name, handle, archived_at) values ($1, $2, $3, ${archived ? 'now()' : 'null'})`,
    [organizationId, `Team ${handle}`, handle],
  );
}

describe('GET /api/organizations/:orgId/stats', () => {
  it('gives any member figures that match the organization', async () => {
    const org = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org, role: 'owner' });
    const member = await buildUser(ctx.database, { org });
    await buildUser(ctx.database, { org }); // active, never signed in
    await buildUser(ctx.database, { org, status: 'disabled' });
    await buildUser(ctx.database, { org, status: 'pending_approval' });
    const longAgo = await buildUser(ctx.database, { org });
    await signedIn(ctx, longAgo, org);
    await ctx.database.query(
      `update user_organizations set last_active_at = now() - interval '8 days' where user_id = $1`,
      [longAgo.id],
    );
    await addTeam(org.id);
    await addTeam(org.id);
    await addTeam(org.id, true);
    // Another organization's people and teams do not count.
    const other = await buildOrg(ctx.database);
    await signedIn(ctx, await buildUser(ctx.database, { org: other }), other);
    await addTeam(other.id);

    const ownerAgent = await signedIn(ctx, owner, org);
    const memberAgent = await signedIn(ctx, member, org);
    const expected = { totalMembers: 4, totalTeams: 2, activeUsers: 2 };
    for (const agent of [ownerAgent, memberAgent]) {
      const res = await agent.get(`/api/organizations/${org.id}/stats`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
      await expectNoSecrets(ctx, [res.body]);
    }
  });

  it('is the same for every role', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    for (const agent of Object.values(agents)) {
      const res = await agent.get(`/api/organizations/${org.id}/stats`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ totalMembers: 6, totalTeams: 0, activeUsers: 6 });
    }
  });

  it("answers 404 for another organization's id and for one that does not exist", async () => {
    const { agents } = await buildOrgWithRoles(ctx);
    const other = await buildOrg(ctx.database);
    for (const id of [other.id, 999999999]) {
      const res = await agents.owner.get(`/api/organizations/${id}/stats`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Organization not found' });
    }
  });

  it('answers 401 when signed out', async () => {
    const org = await buildOrg(ctx.database);
    const res = await new Agent(ctx.app, org.host).get(`/api/organizations/${org.id}/stats`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
  });

  it('lets a system user read any organization, and 404 for an unknown one', async () => {
    const { agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    await buildUser(ctx.database, { org });
    await addTeam(org.id);
    const res = await agent.get(`/api/organizations/${org.id}/stats`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalMembers: 1, totalTeams: 1, activeUsers: 0 });
    expect((await agent.get('/api/organizations/999999999/stats')).statusCode).toBe(404);
  });

  it('answers 404, never 500, to malformed and huge ids: no organization has them', async () => {
    const { agents } = await buildOrgWithRoles(ctx);
    for (const id of ['abc', '0', '-3']) {
      expect((await agents.owner.get(`/api/organizations/${id}/stats`)).statusCode).toBe(404);
    }
    expect((await agents.owner.get('/api/organizations/99999999999/stats')).statusCode).toBe(404);
  });
});

describe('huge ids for a system user', () => {
  it('answers 404, not 500', async () => {
    const { agent } = await buildSystemUser(ctx);
    const res = await agent.get('/api/organizations/99999999999/stats');
    expect(res.statusCode).toBe(404);
  });
});
