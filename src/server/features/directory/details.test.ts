import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildOrgWithRoles, buildUser, signedIn } from '../../../../tests/support/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const valid = { permissionRole: 'team_lead', organizationRoles: ['Coach', 'Performer'], isActive: true };

describe('GET /api/users/:userId/details', () => {
  it('shows a member to a manager, with teams', async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    const target = await buildUser(ctx.database, { org, organizationRoles: ['Student'] });
    const [team] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, 'Cast', $2) returning id`,
      [org.id, `cast-${org.id}`],
    );
    await ctx.database.query(
      `insert into team_members (organization_id, team_id, user_id, role) values ($1, $2, $3, 'member')`,
      [org.id, team.id, target.id],
    );
    for (const role of ['owner', 'admin'] as const) {
      const res = await agents[role].get(`/api/users/${target.id}/details`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: target.id,
        username: target.username,
        email: target.email,
        firstName: 'Test',
        lastName: 'Person',
        profilePicture: null,
        bio: null,
        permissionRole: 'standard_user',
        organizationRoles: ['Student'],
        isActive: true,
        teams: [{ id: team.id, name: 'Cast', role: 'member' }],
      });
    }
    expect((await agents.owner.get(`/api/users/${people.owner.id}/details`)).json()).toMatchObject({
      permissionRole: 'owner',
    });
  });

  it('refuses an administrator changing their own permission level, and changes nothing', async () => {
    const { people, agents } = await buildOrgWithRoles(ctx);
    const res = await agents.admin.patch(`/api/users/${people.admin.id}/details`, {
      ...valid,
      permissionRole: 'standard_user',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot change your own permission level' });
    const [row] = await ctx.database.query<{ role: string }>(
      'select role from user_organizations where user_id = $1',
      [people.admin.id],
    );
    expect(row.role).toBe('admin');
    // Saving their own roles with the level unchanged is fine.
    const same = await agents.admin.patch(`/api/users/${people.admin.id}/details`, {
      ...valid,
      permissionRole: 'admin',
    });
    expect(same.statusCode).toBe(200);
  });

  it('says in plain words that an id which is not a number is invalid', async () => {
    const { agents } = await buildOrgWithRoles(ctx);
    for (const res of [
      await agents.admin.get('/api/users/abc/details'),
      await agents.admin.patch('/api/users/abc/details', valid),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid id');
    }
  });

  it('refuses other roles (403), signed-out callers (401) and another organization’s user (404)', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const target = await buildUser(ctx.database, { org });
    for (const role of ['board', 'volunteer_coordinator', 'team_lead', 'standard_user'] as const) {
      const res = await agents[role].get(`/api/users/${target.id}/details`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do that' });
    }
    expect((await new Agent(ctx.app, org.host).get(`/api/users/${target.id}/details`)).statusCode).toBe(401);
    const other = await buildOrg(ctx.database);
    const foreigner = await buildUser(ctx.database, { org: other });
    const res = await agents.admin.get(`/api/users/${foreigner.id}/details`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });
});

describe('PATCH /api/users/:userId/details', () => {
  it('changes permission level and organization roles, and says so in the directory', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const target = await buildUser(ctx.database, { org });
    const res = await agents.admin.patch(`/api/users/${target.id}/details`, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      permissionRole: 'team_lead',
      organizationRoles: ['Coach', 'Performer'],
      isActive: true,
    });
    const directory = (await agents.standard_user.get(`/api/organizations/${org.id}/directory`)).json();
    expect(directory.find((e: { userId: number }) => e.userId === target.id)).toMatchObject({
      organizationRole: 'team_lead',
      roles: ['Coach', 'Performer'],
    });
  });

  it('disables a member: status, reason, sessions ended, gone from the directory; then enables again', async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    const target = await buildUser(ctx.database, { org });
    const targetAgent = await signedIn(ctx, target, org);
    const res = await agents.owner.patch(`/api/users/${target.id}/details`, { ...valid, isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    const [row] = await ctx.database.query<{
      status: string;
      is_active: boolean;
      disabled_reason: string;
      disabled_by: number;
    }>('select status, is_active, disabled_reason, disabled_by from user_organizations where user_id = $1', [
      target.id,
    ]);
    expect(row).toEqual({
      status: 'disabled',
      is_active: false,
      disabled_reason: 'Disabled from the directory',
      disabled_by: people.owner.id,
    });
    expect((await targetAgent.get('/api/me')).statusCode).toBe(401);
    const sessions = await ctx.database.query('select 1 from session where user_id = $1', [target.id]);
    expect(sessions).toHaveLength(0);
    const directory = (await agents.owner.get(`/api/organizations/${org.id}/directory`)).json();
    expect(directory.some((e: { userId: number }) => e.userId === target.id)).toBe(false);

    const again = await agents.owner.patch(`/api/users/${target.id}/details`, valid);
    expect(again.json().isActive).toBe(true);
    expect((await signedIn(ctx, target, org).then((a) => a.get('/api/me'))).statusCode).toBe(200);
  });

  it('never assigns owner, and never changes the owner’s level or access', async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    const target = await buildUser(ctx.database, { org });
    let res = await agents.admin.patch(`/api/users/${target.id}/details`, {
      ...valid,
      permissionRole: 'owner',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'The owner role cannot be assigned' });
    for (const body of [
      { ...valid, permissionRole: 'admin' },
      { ...valid, permissionRole: 'owner', isActive: false },
    ]) {
      res = await agents.admin.patch(`/api/users/${people.owner.id}/details`, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "The owner's permission level and access cannot be changed" });
    }
    // The owner's organization roles may still change.
    res = await agents.admin.patch(`/api/users/${people.owner.id}/details`, {
      permissionRole: 'owner',
      organizationRoles: ['Board'],
      isActive: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ permissionRole: 'owner', organizationRoles: ['Board'] });
  });

  it('does not let a manager lock themselves out', async () => {
    const { people, agents } = await buildOrgWithRoles(ctx);
    const res = await agents.admin.patch(`/api/users/${people.admin.id}/details`, {
      permissionRole: 'admin',
      organizationRoles: [],
      isActive: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot disable your own access' });
  });

  it('validates the body with the form’s messages', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const target = await buildUser(ctx.database, { org });
    const cases: [unknown, string, string][] = [
      [{ ...valid, permissionRole: 'superuser' }, 'permissionRole', 'Choose a valid permission level'],
      [
        { ...valid, organizationRoles: ['Wizard'] },
        'organizationRoles.0',
        'Choose organization roles from the list',
      ],
      [
        { ...valid, organizationRoles: ['Coach', 'Coach'] },
        'organizationRoles',
        'Each organization role can be chosen once',
      ],
      [{ ...valid, isActive: 'yes' }, 'isActive', 'Active status must be true or false'],
    ];
    for (const [body, field, message] of cases) {
      const res = await agents.admin.patch(`/api/users/${target.id}/details`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it('refuses other roles (403), signed-out callers (401) and another organization’s user (404)', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const target = await buildUser(ctx.database, { org });
    for (const role of ['board', 'volunteer_coordinator', 'team_lead', 'standard_user'] as const) {
      expect((await agents[role].patch(`/api/users/${target.id}/details`, valid)).statusCode).toBe(403);
    }
    expect(
      (await new Agent(ctx.app, org.host).patch(`/api/users/${target.id}/details`, valid)).statusCode,
    ).toBe(401);
    const other = await buildOrg(ctx.database);
    const foreigner = await buildUser(ctx.database, { org: other });
    expect((await agents.owner.patch(`/api/users/${foreigner.id}/details`, valid)).statusCode).toBe(404);
    const [row] = await ctx.database.query<{ role: string }>(
      'select role from user_organizations where user_id = $1',
      [foreigner.id],
    );
    expect(row.role).toBe('standard_user');
  });
});
