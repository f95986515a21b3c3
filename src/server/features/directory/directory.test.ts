import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildSystemUser, buildUser, signedIn } from '../../../../tests/support/factories';
import { directoryEntrySchema } from '../../../common/schemas/people';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

async function addTeam(
  orgId: number,
  name: string,
  handle: string,
  members: [number, string][],
  archived = false,
) {
  const [team] = await ctx.database.query<{ id: number }>(
    `insert into teams (organization_id, name, handle, archived_at) values ($1, $2, $3, $4) returning id`,
    [orgId, name, handle, archived ? new Date() : null],
  );
  for (const [userId, role] of members) {
    await ctx.database.query(
      'insert into team_members (organization_id, team_id, user_id, role) values ($1, $2, $3, $4)',
      [orgId, team.id, userId, role],
    );
  }
  return team.id;
}

describe('GET /api/organizations/:orgId/directory', () => {
  it('lists active members with roles and live teams, sorted by first name', async () => {
    const org = await buildOrg(ctx.database);
    const zoe = await buildUser(ctx.database, { org, firstName: 'Zoe', organizationRoles: ['Performer'] });
    const adam = await buildUser(ctx.database, { org, firstName: 'Adam', role: 'admin' });
    await buildUser(ctx.database, { org, firstName: 'Dora', status: 'disabled' });
    await buildUser(ctx.database, { org, firstName: 'Pia', status: 'pending_approval' });
    const crew = await addTeam(org.id, 'Crew', `crew-${org.id}`, [
      [zoe.id, 'team_lead'],
      [adam.id, 'member'],
    ]);
    await addTeam(org.id, 'Old', `old-${org.id}`, [[zoe.id, 'member']], true);

    const res = await (await signedIn(ctx, zoe, org)).get(`/api/organizations/${org.id}/directory`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((e: { firstName: string }) => e.firstName)).toEqual(['Adam', 'Zoe']);
    expect(body[1]).toEqual({
      id: expect.any(Number),
      userId: zoe.id,
      username: zoe.username,
      firstName: 'Zoe',
      lastName: 'Person',
      profilePicture: null,
      bio: null,
      roles: ['Performer'],
      organizationRole: 'standard_user',
      teams: [{ id: crew, name: 'Crew', role: 'team_lead' }],
    });
    expect(body[0]).toMatchObject({
      userId: adam.id,
      organizationRole: 'admin',
      roles: [],
      teams: [{ id: crew }],
    });
    expect(res.body).not.toMatch(/password|email/i);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // Exactly the documented fields, no more.
    for (const entry of body) directoryEntrySchema.strict().parse(entry);
  });

  it('reflects every change made behind its back as soon as the database announces it', async () => {
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org, firstName: 'Ann' });
    const agent = await signedIn(ctx, ann, org);
    const read = async () => (await agent.get(`/api/organizations/${org.id}/directory`)).json();
    expect(await read()).toMatchObject([{ firstName: 'Ann', teams: [] }]);
    expect(await read()).toMatchObject([{ firstName: 'Ann' }]);
    await ctx.database.query(`update users set first_name = 'Anna' where id = $1`, [ann.id]);
    await expect.poll(read).toMatchObject([{ firstName: 'Anna' }]);
    const team = await addTeam(org.id, 'Band', `band-${org.id}`, [[ann.id, 'member']]);
    await expect.poll(read).toMatchObject([{ teams: [{ id: team, name: 'Band' }] }]);
    await ctx.database.query(`update teams set name = 'Pit Band' where id = $1`, [team]);
    await expect.poll(read).toMatchObject([{ teams: [{ name: 'Pit Band' }] }]);
    await ctx.database.query('delete from team_members where team_id = $1', [team]);
    await expect.poll(read).toMatchObject([{ teams: [] }]);
    const bo = await buildUser(ctx.database, { org, firstName: 'Bo' });
    await expect
      .poll(async () => (await read()).map((e: { userId: number }) => e.userId))
      .toEqual([ann.id, bo.id]);
    await ctx.database.query(
      `update user_organizations set organization_roles = '{Coach}' where user_id = $1`,
      [bo.id],
    );
    await expect.poll(async () => (await read())[1].roles).toEqual(['Coach']);
  });

  it('answers an empty organization with an empty list', async () => {
    const org = await buildOrg(ctx.database);
    const { agent } = await buildSystemUser(ctx);
    const res = await agent.get(`/api/organizations/${org.id}/directory`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 401 signed out and 404 for another organization', async () => {
    const org = await buildOrg(ctx.database);
    const other = await buildOrg(ctx.database);
    expect(
      (await new Agent(ctx.app, org.host).get(`/api/organizations/${org.id}/directory`)).statusCode,
    ).toBe(401);
    const outsider = await signedIn(ctx, await buildUser(ctx.database, { org: other, role: 'owner' }), other);
    const res = await outsider.get(`/api/organizations/${org.id}/directory`);
    expect(res.statusCode).toBe(404);
  });

  it('lets a system user read any organization', async () => {
    const org = await buildOrg(ctx.database);
    await buildUser(ctx.database, { org });
    const { agent } = await buildSystemUser(ctx);
    const res = await agent.get(`/api/organizations/${org.id}/directory`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });
});

describe('GET /api/organizations/:orgId/directory/:username', () => {
  it('returns the person with email and team handles', async () => {
    const org = await buildOrg(ctx.database);
    const person = await buildUser(ctx.database, { org, organizationRoles: ['Coach'] });
    const viewer = await signedIn(ctx, await buildUser(ctx.database, { org }), org);
    const team = await addTeam(org.id, 'Lights', `lights-${org.id}`, [[person.id, 'team_lead']]);
    const res = await viewer.get(`/api/organizations/${org.id}/directory/${person.username.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: person.id,
      email: person.email,
      roles: ['Coach'],
      teams: [{ id: team, name: 'Lights', handle: `lights-${org.id}`, role: 'team_lead' }],
    });
  });

  it('answers 404 for a disabled member and for a member of another organization', async () => {
    const org = await buildOrg(ctx.database);
    const other = await buildOrg(ctx.database);
    const disabled = await buildUser(ctx.database, { org, status: 'disabled' });
    const foreigner = await buildUser(ctx.database, { org: other });
    const viewer = await signedIn(ctx, await buildUser(ctx.database, { org }), org);
    expect((await viewer.get(`/api/organizations/${org.id}/directory/${disabled.username}`)).statusCode).toBe(
      404,
    );
    const res = await viewer.get(`/api/organizations/${org.id}/directory/${foreigner.username}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Person not found' });
  });
});
