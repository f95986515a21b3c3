// Cross-tenant table: from organization A, every route of the finished areas is tried against
// organization B's objects. Each answers 404 (existence is not revealed), and B's
// data is unchanged afterwards.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent, TestContext } from '../support/app';
import { getTestApp } from '../support/app';
import { type BuiltOrg, type BuiltUser, buildOrg, buildUser, signedIn } from '../support/factories';
import { buildTeam, multipart } from '../support/teams';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

interface Victim {
  org: BuiltOrg;
  owner: BuiltUser;
  member: BuiltUser;
  team: { id: number; handle: string };
  linkId: number;
  assetId: number;
  headerImage: string;
}

/** Organization B: a team with a member, a link, a file and a header image, made through the API. */
async function buildVictim(): Promise<Victim> {
  const org = await buildOrg(ctx.database);
  const owner = await buildUser(ctx.database, { org, role: 'owner' });
  const member = await buildUser(ctx.database, { org });
  const team = await buildTeam(ctx, org, { members: [{ userId: member.id, role: 'member' }] });
  const agent = await signedIn(ctx, owner, org);
  const link = await agent.post(`/api/teams/${team.id}/links`, { url: 'https://example.test/b' });
  const file = multipart('file', 'b-secret.txt', 'text/plain', Buffer.from('organization B only'));
  const asset = await agent.post(`/api/teams/${team.id}/assets`, file.body, file.headers);
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const image = multipart('headerImage', 'b.png', 'image/png', png);
  const header = await agent.post(`/api/teams/${team.id}/header-image`, image.body, image.headers);
  expect([link.statusCode, asset.statusCode, header.statusCode]).toEqual([201, 201, 200]);
  return {
    org,
    owner,
    member,
    team,
    linkId: link.json().id,
    assetId: asset.json().id,
    headerImage: header.json().headerImage,
  };
}

async function snapshot(v: Victim) {
  const [row] = await ctx.database.query(
    `select t.name, t.description, t.handle, t.header_image as "headerImage", t.archived_at as "archivedAt",
       (select count(*)::int from team_members m where m.team_id = t.id) as members,
       (select string_agg(m.role, ',' order by m.id) from team_members m where m.team_id = t.id) as roles,
       (select count(*)::int from team_links l where l.team_id = t.id) as links,
       (select count(*)::int from team_assets a where a.team_id = t.id) as assets,
       (select count(*)::int from teams x where x.organization_id = $2) as teams,
       (select m.role || ':' || m.status from user_organizations m
          where m.organization_id = $2 and m.user_id = $3) as "memberAccess"
     from teams t where t.id = $1`,
    [v.team.id, v.org.id, v.member.id],
  );
  return row;
}

type Call = (a: Agent) => ReturnType<Agent['get']>;

/** Every route of the finished areas, aimed at B's objects. */
function routesAgainst(b: Victim): [string, Call][] {
  const t = b.team.id;
  const png = multipart('headerImage', 'x.png', 'image/png', Buffer.from('not read'));
  const file = multipart('file', 'x.txt', 'text/plain', Buffer.from('x'));
  return [
    ['GET stats', (a) => a.get(`/api/organizations/${b.org.id}/stats`)],
    ['GET teams', (a) => a.get(`/api/organizations/${b.org.id}/teams?includeArchived=1`)],
    ['GET team by handle', (a) => a.get(`/api/organizations/${b.org.id}/teams/handle/${b.team.handle}`)],
    ['GET team candidates (org)', (a) => a.get(`/api/organizations/${b.org.id}/teams/candidates`)],
    ['POST team', (a) => a.post(`/api/organizations/${b.org.id}/teams`, { name: 'Evil', handle: 'evil' })],
    ['PATCH team', (a) => a.patch(`/api/teams/${t}`, { name: 'Renamed by A' })],
    ['POST archive', (a) => a.post(`/api/teams/${t}/archive`)],
    ['POST restore', (a) => a.post(`/api/teams/${t}/restore`)],
    ['DELETE team', (a) => a.delete(`/api/teams/${t}`)],
    ['GET team candidates', (a) => a.get(`/api/teams/${t}/candidates`)],
    ['POST member', (a) => a.post(`/api/teams/${t}/members`, { userId: b.owner.id, role: 'member' })],
    ['PATCH member', (a) => a.patch(`/api/teams/${t}/members/${b.member.id}`, { role: 'team_lead' })],
    ['DELETE member', (a) => a.delete(`/api/teams/${t}/members/${b.member.id}`)],
    ['POST link', (a) => a.post(`/api/teams/${t}/links`, { url: 'https://evil.test' })],
    ['DELETE link', (a) => a.delete(`/api/teams/${t}/links/${b.linkId}`)],
    ['POST header image', (a) => a.post(`/api/teams/${t}/header-image`, png.body, png.headers)],
    ['DELETE header image', (a) => a.delete(`/api/teams/${t}/header-image`)],
    ['POST asset', (a) => a.post(`/api/teams/${t}/assets`, file.body, file.headers)],
    ['DELETE asset', (a) => a.delete(`/api/teams/${t}/assets/${b.assetId}`)],
    ['GET asset download', (a) => a.get(`/api/teams/${t}/assets/${b.assetId}/download`)],
    ['GET directory', (a) => a.get(`/api/organizations/${b.org.id}/directory`)],
    ['GET person', (a) => a.get(`/api/organizations/${b.org.id}/directory/${b.member.username}`)],
    ['GET user details', (a) => a.get(`/api/users/${b.member.id}/details`)],
    [
      'PATCH user details',
      (a) =>
        a.patch(`/api/users/${b.member.id}/details`, {
          permissionRole: 'admin',
          organizationRoles: [],
          isActive: false,
        }),
    ],
  ];
}

/**
 * `refusedOutright`: routes the attacker's role may not use at all; they answer 403 whatever the
 * id (so nothing about B is revealed), which is checked against an id that exists nowhere.
 */
async function expectAllNotFound(attacker: Agent, b: Victim, refusedOutright: string[] = []) {
  const before = await snapshot(b);
  const answers: string[] = [];
  for (const [name, call] of routesAgainst(b)) {
    const res = await call(attacker);
    answers.push(`${name}: ${res.statusCode}`);
    expect(res.body).not.toContain(b.team.handle);
    expect(res.body).not.toContain(b.member.username);
  }
  expect(answers).toEqual(
    routesAgainst(b).map(([name]) => `${name}: ${refusedOutright.includes(name) ? 403 : 404}`),
  );
  expect(await snapshot(b)).toEqual(before);
  const nowhere = { ...b, member: { ...b.member, id: 2_000_000_000 } };
  for (const [name, call] of routesAgainst(nowhere)) {
    if (refusedOutright.includes(name)) expect((await call(attacker)).statusCode).toBe(403);
  }
}

describe('organization A cannot reach organization B', () => {
  it("A's owner gets 404 from every route, and B is unchanged", async () => {
    const b = await buildVictim();
    const orgA = await buildOrg(ctx.database);
    const ownerA = await buildUser(ctx.database, { org: orgA, role: 'owner' });
    await expectAllNotFound(await signedIn(ctx, ownerA, orgA), b);
  }, 120_000);

  it("a lead of one of A's teams gets 404 from every route too", async () => {
    const b = await buildVictim();
    const orgA = await buildOrg(ctx.database);
    const lead = await buildUser(ctx.database, { org: orgA, role: 'team_lead' });
    await buildTeam(ctx, orgA, { members: [{ userId: lead.id, role: 'team_lead' }] });
    await expectAllNotFound(await signedIn(ctx, lead, orgA), b, ['GET user details', 'PATCH user details']);
  }, 120_000);

  it("A's own objects cannot be pointed at B's: B's people, links and files stay out of reach", async () => {
    const b = await buildVictim();
    const orgA = await buildOrg(ctx.database);
    const ownerA = await buildUser(ctx.database, { org: orgA, role: 'owner' });
    const agent = await signedIn(ctx, ownerA, orgA);
    const teamA = await buildTeam(ctx, orgA);
    const before = await snapshot(b);

    const add = await agent.post(`/api/teams/${teamA.id}/members`, { userId: b.member.id, role: 'member' });
    expect(add.statusCode).toBe(404);
    const create = await agent.post(`/api/organizations/${orgA.id}/teams`, {
      name: 'With B',
      handle: 'with-b',
      memberIds: [b.member.id],
    });
    expect(create.statusCode).toBe(400);
    expect((await agent.delete(`/api/teams/${teamA.id}/links/${b.linkId}`)).statusCode).toBe(404);
    expect((await agent.delete(`/api/teams/${teamA.id}/assets/${b.assetId}`)).statusCode).toBe(404);
    const download = await agent.get(`/api/teams/${teamA.id}/assets/${b.assetId}/download`);
    expect(download.statusCode).toBe(404);
    expect(download.body).not.toContain('organization B only');
    expect(
      (await agent.patch(`/api/teams/${teamA.id}/members/${b.member.id}`, { role: 'member' })).statusCode,
    ).toBe(404);
    expect((await agent.get(`/api/organizations/${orgA.id}/directory/${b.member.username}`)).statusCode).toBe(
      404,
    );
    const directory = await agent.get(`/api/organizations/${orgA.id}/directory`);
    expect(directory.body).not.toContain(b.member.username);
    const candidates = await agent.get(`/api/teams/${teamA.id}/candidates`);
    expect(candidates.body).not.toContain(b.member.username);
    expect(await snapshot(b)).toEqual(before);
  }, 120_000);

  it("A's session is signed out on B's address, so B's host does not lend it B's data", async () => {
    const b = await buildVictim();
    const orgA = await buildOrg(ctx.database);
    const ownerA = await buildUser(ctx.database, { org: orgA, role: 'owner' });
    const agentA = await signedIn(ctx, ownerA, orgA);
    const onB = await signedIn(ctx, b.owner, b.org);
    onB.cookie = agentA.cookie;
    expect((await onB.get(`/api/organizations/${b.org.id}/directory`)).statusCode).toBe(401);
    expect((await onB.get(`/api/organizations/${orgA.id}/directory`)).statusCode).toBe(401);
    expect((await onB.get('/api/me')).statusCode).toBe(401);
  }, 120_000);

  it('a system user signed in outside any organization gets 404 from member-scoped routes', async () => {
    const b = await buildVictim();
    const system = await buildUser(ctx.database, { isSystemUser: true });
    const agent = await signedIn(ctx, system);
    expect((await agent.get(`/api/users/${b.member.id}/details`)).statusCode).toBe(404);
    expect(
      (
        await agent.patch(`/api/users/${b.member.id}/details`, {
          permissionRole: 'admin',
          organizationRoles: [],
          isActive: true,
        })
      ).statusCode,
    ).toBe(404);
  }, 120_000);
});
