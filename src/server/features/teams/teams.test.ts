import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildSystemUser, buildUser } from '../../../../tests/support/factories';
import { buildTeam, buildTeamWorld } from '../../../../tests/support/teams';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const count = async (sql: string, params: unknown[]) =>
  (await ctx.database.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;

async function addShow(
  orgId: number,
  reservedBy: number,
  teamId: number | null,
  startInDays: number,
  type = 'show',
) {
  const start = new Date(Date.now() + startInDays * 86_400_000);
  const [e] = await ctx.database.query<{ id: number }>(
    `insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time, event_type, reserved_by)
     values ($1, $2, '{Main Stage}', $3, $4, $5, $6) returning id`,
    [orgId, `Event in ${startInDays} days`, start, new Date(start.getTime() + 3_600_000), type, reservedBy],
  );
  if (teamId !== null) {
    await ctx.database.query(
      'insert into calendar_event_teams (organization_id, event_id, team_id) values ($1, $2, $3)',
      [orgId, e.id, teamId],
    );
  }
  return e.id;
}

describe('GET /api/organizations/:orgId/teams', () => {
  it('answers 401 signed out and 404 for another organization', async () => {
    const w = await buildTeamWorld(ctx);
    expect(
      (await new Agent(ctx.app, w.org.host).get(`/api/organizations/${w.org.id}/teams`)).statusCode,
    ).toBe(401);
    const res = await w.foreign.agent.get(`/api/organizations/${w.org.id}/teams`);
    expect(res.statusCode).toBe(404);
  });

  it('lists teams with counts and at most 8 avatars sorted by first name or username', async () => {
    const w = await buildTeamWorld(ctx);
    const people = [];
    for (const first of ['Zoe', 'amy', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy']) {
      people.push(await buildUser(ctx.database, { org: w.org, firstName: first, lastName: 'X' }));
    }
    const big = await buildTeam(ctx, w.org, {
      name: 'Aaa Big Cast',
      members: people.map((p) => ({ userId: p.id })),
    });
    await ctx.database.query(
      `insert into team_assets (organization_id, team_id, file_name, original_name, file_path)
       values ($1, $2, 'a', 'a.pdf', '/x'), ($1, $2, 'b', 'b.pdf', '/y')`,
      [w.org.id, big.id],
    );
    const res = await w.agents.standard_user.get(`/api/organizations/${w.org.id}/teams`);
    expect(res.statusCode).toBe(200);
    const teams = res.json();
    expect(teams.map((t: { id: number }) => t.id)).toEqual(
      expect.arrayContaining([w.team.id, w.otherTeam.id, big.id]),
    );
    const card = teams.find((t: { id: number }) => t.id === big.id);
    expect(card).toMatchObject({
      name: 'Aaa Big Cast',
      memberCount: 10,
      assetCount: 2,
      organizationId: w.org.id,
      viewerTeamRole: null,
    });
    // Each card says what the caller is in that team.
    const roleIn = (id: number) => teams.find((t: { id: number }) => t.id === id).viewerTeamRole;
    expect([roleIn(w.team.id), roleIn(w.otherTeam.id)]).toEqual(['member', null]);
    const asLead = (await w.agents.team_lead.get(`/api/organizations/${w.org.id}/teams`)).json();
    expect(asLead.find((t: { id: number }) => t.id === w.team.id).viewerTeamRole).toBe('team_lead');
    expect(card.memberPreview.map((p: { firstName: string }) => p.firstName)).toEqual([
      'amy',
      'Bo',
      'Cy',
      'Di',
      'Ed',
      'Flo',
      'Gus',
      'Hal',
    ]);
    expect(Object.keys(card.memberPreview[0]).sort()).toEqual([
      'firstName',
      'lastName',
      'profilePicture',
      'userId',
      'username',
    ]);
  });

  it('hides archived teams, except for managers who ask for them', async () => {
    const w = await buildTeamWorld(ctx);
    const archived = await buildTeam(ctx, w.org, { archived: true });
    const ids = (r: { json(): { id: number }[] }) => r.json().map((t) => t.id);
    const url = `/api/organizations/${w.org.id}/teams`;
    expect(ids(await w.agents.admin.get(url))).not.toContain(archived.id);
    expect(ids(await w.agents.admin.get(`${url}?includeArchived=1`))).toContain(archived.id);
    expect(ids(await w.agents.standard_user.get(`${url}?includeArchived=1`))).not.toContain(archived.id);
  });
});

describe('GET /api/organizations/:orgId/teams/handle/:teamHandle', () => {
  it('returns members sorted with roles, links, assets, up to 5 upcoming shows and the viewer role', async () => {
    const w = await buildTeamWorld(ctx);
    await ctx.database.query(
      'insert into team_links (organization_id, team_id, url, label) values ($1, $2, $3, null)',
      [w.org.id, w.team.id, 'https://youtube.com/watch?v=1'],
    );
    const by = w.people.admin.id;
    const shows = [];
    for (const days of [6, 2, 4, 1, 3, 5])
      shows.push({ days, id: await addShow(w.org.id, by, w.team.id, days) });
    await addShow(w.org.id, by, w.team.id, -2); // past
    await addShow(w.org.id, by, w.team.id, 0.5, 'rehearsal'); // not a show
    await addShow(w.org.id, by, w.otherTeam.id, 0.6); // another team's show
    const res = await w.agents.standard_user.get(
      `/api/organizations/${w.org.id}/teams/handle/${w.team.handle.toUpperCase()}`,
    );
    expect(res.statusCode).toBe(200);
    const team = res.json();
    expect(team).toMatchObject({ id: w.team.id, handle: w.team.handle, viewerTeamRole: 'member' });
    expect(team.members).toHaveLength(2);
    expect(team.members.find((m: { userId: number }) => m.userId === w.people.team_lead.id)).toMatchObject({
      role: 'team_lead',
      teamId: w.team.id,
      user: { username: w.people.team_lead.username, firstName: 'Test' },
    });
    expect(team.links).toEqual([
      expect.objectContaining({ url: 'https://youtube.com/watch?v=1', label: null }),
    ]);
    expect(team.upcomingShows.map((s: { id: number }) => s.id)).toEqual(
      [...shows]
        .sort((a, b) => a.days - b.days)
        .slice(0, 5)
        .map((s) => s.id),
    );
    expect(res.body).not.toMatch(/password|email/i);
  });

  it("answers 404 for a handle of another organization's team and for another organization's path", async () => {
    const w = await buildTeamWorld(ctx);
    const foreignTeam = await buildTeam(ctx, w.foreign.org);
    const own = await w.agents.admin.get(`/api/organizations/${w.org.id}/teams/handle/${foreignTeam.handle}`);
    expect(own.statusCode).toBe(404);
    expect(own.json()).toEqual({ message: 'Team not found' });
    const other = await w.agents.admin.get(
      `/api/organizations/${w.foreign.org.id}/teams/handle/${foreignTeam.handle}`,
    );
    expect(other.statusCode).toBe(404);
  });

  it('shows an archived team to its managers only', async () => {
    const w = await buildTeamWorld(ctx);
    await ctx.database.query('update teams set archived_at = now() where id = $1', [w.team.id]);
    const url = `/api/organizations/${w.org.id}/teams/handle/${w.team.handle}`;
    expect((await w.agents.standard_user.get(url)).statusCode).toBe(404);
    expect((await w.agents.team_lead.get(url)).statusCode).toBe(200);
    expect((await w.agents.admin.get(url)).json().archivedAt).toEqual(expect.any(String));
  });
});

describe('POST /api/organizations/:orgId/teams', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Into the Woods Cast',
    description: 'Spring musical',
    handle: `woods-${Math.random().toString(36).slice(2, 8)}`,
    teamUrl: 'https://example.org/woods',
    memberIds: [],
    ...over,
  });

  it('creates the team with its members for an admin', async () => {
    const w = await buildTeamWorld(ctx);
    const input = body({ memberIds: [w.people.board.id, w.people.standard_user.id, w.people.board.id] });
    const res = await w.agents.admin.post(`/api/organizations/${w.org.id}/teams`, input);
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(team).toMatchObject({
      name: 'Into the Woods Cast',
      handle: input.handle,
      teamUrl: 'https://example.org/woods',
      headerImage: null,
      organizationId: w.org.id,
    });
    const rows = await ctx.database.query<{ userId: number; role: string }>(
      'select user_id as "userId", role from team_members where team_id = $1 order by user_id',
      [team.id],
    );
    expect(rows).toEqual(
      [w.people.board.id, w.people.standard_user.id]
        .sort((a, b) => a - b)
        .map((userId) => ({ userId, role: 'member' })),
    );
  });

  it('lets owners and system users create, and refuses other roles with 403 before validating', async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/organizations/${w.org.id}/teams`;
    expect((await w.agents.owner.post(url, body())).statusCode).toBe(201);
    const system = await buildSystemUser(ctx);
    expect((await system.agent.post(url, body())).statusCode).toBe(201);
    for (const role of ['board', 'volunteer_coordinator', 'team_lead', 'standard_user'] as const) {
      const res = await w.agents[role].post(url, { name: '' });
      expect(res.statusCode).toBe(403);
    }
    expect((await new Agent(ctx.app, w.org.host).post(url, body())).statusCode).toBe(401);
    expect((await w.foreign.agent.post(url, body())).statusCode).toBe(404);
  });

  it("validates with the spec's messages", async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/organizations/${w.org.id}/teams`;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'Team name is required'],
      [{ handle: '' }, 'Team handle is required'],
      [{ handle: 'into the woods' }, 'Handle can only contain letters, numbers, underscores, and hyphens'],
      [{ handle: 'woods/../x' }, 'Handle can only contain letters, numbers, underscores, and hyphens'],
      [{ teamUrl: 'not a url' }, 'Must be a valid URL'],
      [{ teamUrl: 'javascript:alert(1)' }, 'Must be a valid URL'],
    ];
    for (const [over, message] of cases) {
      const res = await w.agents.admin.post(url, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const empty = await w.agents.admin.post(url, body({ teamUrl: '', description: '' }));
    expect(empty.statusCode).toBe(201);
    expect(empty.json()).toMatchObject({ teamUrl: null, description: null });
  });

  it('refuses a handle already used in the organization, in any case, but not in another one', async () => {
    const w = await buildTeamWorld(ctx);
    const res = await w.agents.admin.post(
      `/api/organizations/${w.org.id}/teams`,
      body({ handle: w.team.handle.toUpperCase() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A team with this handle already exists' });
    const elsewhere = await w.foreign.agent.post(
      `/api/organizations/${w.foreign.org.id}/teams`,
      body({ handle: w.team.handle }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('creates nothing when a member is from another organization or not active', async () => {
    const w = await buildTeamWorld(ctx);
    const disabled = await buildUser(ctx.database, { org: w.org, status: 'disabled' });
    for (const stranger of [w.foreign.admin.id, disabled.id, 99_999_999]) {
      const input = body({ memberIds: [w.people.board.id, stranger] });
      const res = await w.agents.admin.post(`/api/organizations/${w.org.id}/teams`, input);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Team members must be active members of this organization');
      expect(await count('teams where handle = $1', [input.handle])).toBe(0);
    }
  });
});

describe('GET /api/organizations/:orgId/teams/candidates', () => {
  it('lists active members for those who may create teams', async () => {
    const w = await buildTeamWorld(ctx);
    const pending = await buildUser(ctx.database, { org: w.org, status: 'pending_approval' });
    const url = `/api/organizations/${w.org.id}/teams/candidates`;
    const res = await w.agents.admin.get(url);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((c: { id: number }) => c.id);
    expect(ids).toContain(w.people.standard_user.id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(w.foreign.admin.id);
    expect((await w.agents.standard_user.get(url)).statusCode).toBe(403);
    expect((await w.foreign.agent.get(url)).statusCode).toBe(404);
  });
});

describe('PATCH /api/teams/:teamId', () => {
  it('lets managers and the team lead edit; refuses the lead of another team and members', async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/teams/${w.team.id}`;
    const lead = await w.agents.team_lead.patch(url, {
      description: 'Lead wrote this',
      handle: `${w.team.handle}-x`,
    });
    expect(lead.statusCode).toBe(200);
    expect(lead.json()).toMatchObject({ description: 'Lead wrote this', handle: `${w.team.handle}-x` });
    expect((await w.agents.admin.patch(url, { name: 'Renamed' })).json().name).toBe('Renamed');
    const system = await buildSystemUser(ctx);
    expect((await system.agent.patch(url, { teamUrl: 'https://example.com' })).statusCode).toBe(200);
    for (const agent of [w.otherLead.agent, w.agents.standard_user, w.agents.board]) {
      const res = await agent.patch(url, { name: '' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to manage this team' });
    }
    expect((await w.foreign.agent.patch(url, { name: 'x' })).statusCode).toBe(404);
    expect((await new Agent(ctx.app, w.org.host).patch(url, { name: 'x' })).statusCode).toBe(401);
    const [row] = await ctx.database.query<{ name: string }>('select name from teams where id = $1', [
      w.team.id,
    ]);
    expect(row.name).toBe('Renamed');
  });

  it('validates and keeps handles unique', async () => {
    const w = await buildTeamWorld(ctx);
    const url = `/api/teams/${w.team.id}`;
    const spaces = await w.agents.admin.patch(url, { handle: 'has spaces' });
    expect(spaces.json().message).toBe('Handle can only contain letters, numbers, underscores, and hyphens');
    expect((await w.agents.admin.patch(url, { name: '' })).json().message).toBe('Team name is required');
    expect((await w.agents.admin.patch(url, { teamUrl: 'ftp//x' })).json().message).toBe(
      'Must be a valid URL',
    );
    const taken = await w.agents.admin.patch(url, { handle: w.otherTeam.handle });
    expect(taken.statusCode).toBe(409);
    expect((await w.agents.admin.patch(url, { handle: w.team.handle.toUpperCase() })).statusCode).toBe(200);
  });

  it('adds https:// to a web address typed without it', async () => {
    const w = await buildTeamWorld(ctx);
    const res = await w.agents.admin.patch(`/api/teams/${w.team.id}`, { teamUrl: 'example.org/cast' });
    expect(res.statusCode).toBe(200);
    expect(res.json().teamUrl).toBe('https://example.org/cast');
    expect((await w.agents.admin.patch(`/api/teams/${w.team.id}`, { teamUrl: 'not a url' })).statusCode).toBe(
      400,
    );
  });
});

describe('former handles', () => {
  const byHandle = (w: Awaited<ReturnType<typeof buildTeamWorld>>, handle: string) =>
    w.agents.standard_user.get(`/api/organizations/${w.org.id}/teams/handle/${handle}`);

  it('an old address still finds the team after its handle changes, any number of times', async () => {
    const w = await buildTeamWorld(ctx);
    const first = w.team.handle;
    await w.agents.admin.patch(`/api/teams/${w.team.id}`, { handle: `${first}-two` });
    await w.agents.admin.patch(`/api/teams/${w.team.id}`, { handle: `${first}-three` });
    for (const old of [first, `${first}-two`, first.toUpperCase()]) {
      const res = await byHandle(w, old);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: w.team.id, handle: `${first}-three` });
    }
  });

  it('a current handle wins over a former one, and another organization never sees them', async () => {
    const w = await buildTeamWorld(ctx);
    const old = w.team.handle;
    await w.agents.admin.patch(`/api/teams/${w.team.id}`, { handle: `${old}-new` });
    // The freed handle may be taken by another team, which then owns the address.
    const taken = await w.agents.admin.patch(`/api/teams/${w.otherTeam.id}`, { handle: old });
    expect(taken.statusCode).toBe(200);
    expect((await byHandle(w, old)).json().id).toBe(w.otherTeam.id);
    const foreign = await w.foreign.agent.get(`/api/organizations/${w.foreign.org.id}/teams/handle/${old}`);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('archive and restore', () => {
  it('a team lead finds their disabled team in the list; plain members do not', async () => {
    const w = await buildTeamWorld(ctx);
    await w.otherLead.agent.post(`/api/teams/${w.otherTeam.id}/archive`);
    const url = `/api/organizations/${w.org.id}/teams`;
    const listed = (await w.otherLead.agent.get(url)).json() as { id: number; archivedAt: string | null }[];
    expect(listed.find((t) => t.id === w.otherTeam.id)?.archivedAt).toEqual(expect.any(String));
    const ids = ((await w.agents.standard_user.get(url)).json() as { id: number }[]).map((t) => t.id);
    expect(ids).not.toContain(w.otherTeam.id);
  });

  it('lets the team lead disable the team, hiding it, and bring it back', async () => {
    const w = await buildTeamWorld(ctx);
    const listed = async () =>
      (await w.agents.standard_user.get(`/api/organizations/${w.org.id}/teams`))
        .json()
        .map((t: { id: number }) => t.id);
    expect((await w.agents.standard_user.post(`/api/teams/${w.team.id}/archive`)).statusCode).toBe(403);
    expect((await w.otherLead.agent.post(`/api/teams/${w.team.id}/archive`)).statusCode).toBe(403);
    expect((await w.foreign.agent.post(`/api/teams/${w.team.id}/archive`)).statusCode).toBe(404);
    const archived = await w.agents.team_lead.post(`/api/teams/${w.team.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archivedAt).toEqual(expect.any(String));
    expect(await listed()).not.toContain(w.team.id);
    expect(
      (await w.agents.standard_user.get(`/api/organizations/${w.org.id}/teams/handle/${w.team.handle}`))
        .statusCode,
    ).toBe(404);
    const restored = await w.agents.admin.post(`/api/teams/${w.team.id}/restore`);
    expect(restored.json().archivedAt).toBeNull();
    expect(await listed()).toContain(w.team.id);
  });
});

describe('DELETE /api/teams/:teamId', () => {
  it('deletes the team, its rows and stored files for an admin only', async () => {
    const w = await buildTeamWorld(ctx);
    const [file] = await ctx.database.query<{ id: number }>(
      `insert into stored_files (organization_id, content_type, byte_size, sha256, data) values ($1, 'image/png', 1, 'ab', '\\x00') returning id`,
      [w.org.id],
    );
    await ctx.database.query('update teams set header_image = $1 where id = $2', [
      `/files/${file.id}/ab`,
      w.team.id,
    ]);
    expect((await w.agents.team_lead.delete(`/api/teams/${w.team.id}`)).statusCode).toBe(403);
    expect((await w.agents.standard_user.delete(`/api/teams/${w.team.id}`)).statusCode).toBe(403);
    expect((await w.foreign.agent.delete(`/api/teams/${w.team.id}`)).statusCode).toBe(404);
    const res = await w.agents.admin.delete(`/api/teams/${w.team.id}`);
    expect(res.statusCode).toBe(200);
    expect(await count('teams where id = $1', [w.team.id])).toBe(0);
    expect(await count('team_members where team_id = $1', [w.team.id])).toBe(0);
    expect(await count('stored_files where id = $1', [file.id])).toBe(0);
    expect((await w.agents.admin.delete(`/api/teams/${w.team.id}`)).statusCode).toBe(404);
  });
});
