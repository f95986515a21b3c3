import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildSystemUser, buildUser } from '../../../../tests/support/factories';
import { buildTeam, buildTeamWorld } from '../../../../tests/support/teams';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const memberIds = async (teamId: number) =>
  (
    await ctx.database.query<{ userId: number }>(
      'select user_id as "userId" from team_members where team_id = $1',
      [teamId],
    )
  ).map((r) => r.userId);

describe('GET /api/teams/:teamId/candidates', () => {
  it('lists active organization members not yet in the team, for managers', async () => {
    const w = await buildTeamWorld(ctx);
    const disabled = await buildUser(ctx.database, { org: w.org, status: 'disabled' });
    const pending = await buildUser(ctx.database, { org: w.org, status: 'pending_approval' });
    const res = await w.agents.team_lead.get(`/api/teams/${w.team.id}/candidates`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((c: { userId: number }) => c.userId);
    expect(ids).toContain(w.people.board.id);
    for (const excluded of [
      w.people.team_lead.id,
      w.people.standard_user.id,
      disabled.id,
      pending.id,
      w.foreign.admin.id,
    ]) {
      expect(ids).not.toContain(excluded);
    }
    expect(res.body).not.toMatch(/email|password/);
    expect((await w.agents.standard_user.get(`/api/teams/${w.team.id}/candidates`)).statusCode).toBe(403);
    expect((await w.otherLead.agent.get(`/api/teams/${w.team.id}/candidates`)).statusCode).toBe(403);
    expect((await w.foreign.agent.get(`/api/teams/${w.team.id}/candidates`)).statusCode).toBe(404);
    expect((await new Agent(ctx.app, w.org.host).get(`/api/teams/${w.team.id}/candidates`)).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/teams/:teamId/members', () => {
  it('adds a member with the chosen role', async () => {
    const w = await buildTeamWorld(ctx);
    const res = await w.agents.team_lead.post(`/api/teams/${w.team.id}/members`, {
      userId: w.people.board.id,
      role: 'team_lead',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      teamId: w.team.id,
      userId: w.people.board.id,
      role: 'team_lead',
      user: { username: w.people.board.username },
    });
    expect(await memberIds(w.team.id)).toContain(w.people.board.id);
  });

  it("validates with the spec's messages", async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/teams/${w.team.id}/members`;
    const noUser = await w.agents.admin.post(url, { role: 'member' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().message).toBe('Please select a user');
    const noRole = await w.agents.admin.post(url, { userId: w.people.board.id, role: 'captain' });
    expect(noRole.json().message).toBe('Please select a role');
    expect((await w.agents.admin.post(url, { userId: w.people.board.id })).json().message).toBe(
      'Please select a role',
    );
  });

  it('refuses people outside the organization, inactive members and existing members, adding nothing', async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/teams/${w.team.id}/members`;
    const before = await memberIds(w.team.id);
    const foreign = await w.agents.admin.post(url, { userId: w.foreign.admin.id, role: 'member' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'User not found' });
    const disabled = await buildUser(ctx.database, { org: w.org, status: 'disabled' });
    const off = await w.agents.admin.post(url, { userId: disabled.id, role: 'member' });
    expect(off.statusCode).toBe(400);
    const again = await w.agents.admin.post(url, { userId: w.people.standard_user.id, role: 'member' });
    expect(again.statusCode).toBe(409);
    expect((await memberIds(w.team.id)).sort()).toEqual(before.sort());
  });

  it('adds a person once when sixteen requests add them at the same moment', async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/teams/${w.team.id}/members`;
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        w.agents.admin.post(url, { userId: w.people.board.id, role: 'member' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(15).fill(409)]);
    expect((await memberIds(w.team.id)).filter((id) => id === w.people.board.id)).toHaveLength(1);
  });

  it('answers 403 to members and other teams’ leads, 404 to other organizations', async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/teams/${w.team.id}/members`;
    const body = { userId: w.people.board.id, role: 'member' };
    expect((await w.agents.standard_user.post(url, { userId: 'x' })).statusCode).toBe(403);
    expect((await w.otherLead.agent.post(url, body)).statusCode).toBe(403);
    expect((await w.foreign.agent.post(url, body)).statusCode).toBe(404);
    const system = await buildSystemUser(ctx);
    expect((await system.agent.post(url, body)).statusCode).toBe(201);
  });
});

describe('PATCH /api/teams/:teamId/members/:userId (set as lead)', () => {
  it('promotes a member, who can then manage the team', async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/teams/${w.team.id}/members/${w.people.standard_user.id}`;
    expect((await w.agents.standard_user.patch(`/api/teams/${w.team.id}`, { name: 'Mine' })).statusCode).toBe(
      403,
    );
    const res = await w.agents.team_lead.patch(url, { role: 'team_lead' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: w.people.standard_user.id, role: 'team_lead' });
    expect((await w.agents.standard_user.patch(`/api/teams/${w.team.id}`, { name: 'Mine' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a lead changing their own role, non-members, bad roles and outsiders', async () => {
    const w = await buildTeamWorld(ctx);
    const self = await w.agents.team_lead.patch(`/api/teams/${w.team.id}/members/${w.people.team_lead.id}`, {
      role: 'member',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot change your own team role' });
    const absent = await w.agents.admin.patch(`/api/teams/${w.team.id}/members/${w.people.board.id}`, {
      role: 'member',
    });
    expect(absent.statusCode).toBe(404);
    const bad = await w.agents.admin.patch(`/api/teams/${w.team.id}/members/${w.people.standard_user.id}`, {
      role: 'x',
    });
    expect(bad.json().message).toBe('Please select a role');
    const url = `/api/teams/${w.team.id}/members/${w.people.standard_user.id}`;
    expect((await w.otherLead.agent.patch(url, { role: 'team_lead' })).statusCode).toBe(403);
    expect((await w.foreign.agent.patch(url, { role: 'team_lead' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/teams/:teamId/members/:userId', () => {
  it('removes a member but never the caller themselves', async () => {
    const w = await buildTeamWorld(ctx);
    const self = await w.agents.team_lead.delete(`/api/teams/${w.team.id}/members/${w.people.team_lead.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot remove yourself from the team' });
    expect(
      (await w.agents.standard_user.delete(`/api/teams/${w.team.id}/members/${w.people.team_lead.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await w.foreign.agent.delete(`/api/teams/${w.team.id}/members/${w.people.standard_user.id}`))
        .statusCode,
    ).toBe(404);
    const res = await w.agents.team_lead.delete(
      `/api/teams/${w.team.id}/members/${w.people.standard_user.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(await memberIds(w.team.id)).toEqual([w.people.team_lead.id]);
    expect(
      (await w.agents.team_lead.delete(`/api/teams/${w.team.id}/members/${w.people.standard_user.id}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('team links', () => {
  it('adds a link with an optional label and deletes it', async () => {
    const w = await buildTeamWorld(ctx);
    const res = await w.agents.team_lead.post(`/api/teams/${w.team.id}/links`, {
      url: 'https://instagram.com/woods',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ teamId: w.team.id, url: 'https://instagram.com/woods', label: null });
    const labelled = await w.agents.admin.post(`/api/teams/${w.team.id}/links`, {
      url: 'https://example.org/tickets',
      label: 'Tickets',
    });
    expect(labelled.json().label).toBe('Tickets');
    const del = await w.agents.team_lead.delete(`/api/teams/${w.team.id}/links/${res.json().id}`);
    expect(del.statusCode).toBe(200);
    const left = await ctx.database.query('select id from team_links where team_id = $1', [w.team.id]);
    expect(left).toEqual([{ id: labelled.json().id }]);
  });

  it("validates URLs with the spec's message and refuses outsiders", async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/teams/${w.team.id}/links`;
    for (const bad of ['not a url', 'javascript:alert(1)', '', 'ftp://example.org']) {
      const res = await w.agents.admin.post(url, { url: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Please enter a valid URL');
    }
    // An address typed without a scheme gets https://.
    const typed = await w.agents.admin.post(url, { url: 'www.example.org/cast' });
    expect(typed.statusCode).toBe(201);
    expect(typed.json().url).toBe('https://www.example.org/cast');
    expect((await w.agents.standard_user.post(url, { url: 'https://x.org' })).statusCode).toBe(403);
    expect((await w.otherLead.agent.post(url, { url: 'https://x.org' })).statusCode).toBe(403);
    expect((await w.foreign.agent.post(url, { url: 'https://x.org' })).statusCode).toBe(404);
  });

  it("will not delete another team's link through this team", async () => {
    const w = await buildTeamWorld(ctx);
    const other = await buildTeam(ctx, w.org);
    const [link] = await ctx.database.query<{ id: number }>(
      `insert into team_links (organization_id, team_id, url) values ($1, $2, 'https://x.org') returning id`,
      [w.org.id, other.id],
    );
    const res = await w.agents.team_lead.delete(`/api/teams/${w.team.id}/links/${link.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Link not found' });
    expect(await ctx.database.query('select id from team_links where id = $1', [link.id])).toHaveLength(1);
    expect((await w.agents.standard_user.delete(`/api/teams/${w.team.id}/links/${link.id}`)).statusCode).toBe(
      403,
    );
  });
});
