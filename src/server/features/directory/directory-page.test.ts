// The directory asked a page at a time: search, filters, keyset paging, the total, and the size
// of a large organization's first page.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import {
  type BuiltOrg,
  buildOrg,
  buildOrgWithRoles,
  buildSystemUser,
  buildUser,
  signedIn,
} from '../../../../tests/support/factories';
import { bulkMembers } from '../../../../tests/support/members';
import { directoryEntrySchema } from '../../../common/schemas/people';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const dir = (orgId: number, query = '') => `/api/organizations/${orgId}/directory${query}`;

interface Entry {
  userId: number;
  username: string;
  firstName: string | null;
}
interface Page {
  items: Entry[];
  total: number;
  nextCursor: string | null;
}

async function addTeam(org: BuiltOrg, name: string, userIds: number[], archived = false) {
  const [team] = await ctx.database.query<{ id: number }>(
    `insert into teams (organization_id, name, handle, archived_at) values ($1, $2, $3, $4) returning id`,
    [org.id, name, `${name.toLowerCase().replace(/\W/g, '-')}-${org.id}`, archived ? new Date() : null],
  );
  await ctx.database.query(
    `insert into team_members (organization_id, team_id, user_id, role)
     select $1, $2, id, 'member' from unnest($3::int[]) as id`,
    [org.id, team.id, userIds],
  );
  return team.id;
}

/** Every page of a question, following nextCursor. */
async function allPages(agent: Agent, url: string) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await agent.get(`${url}${url.includes('?') ? '&' : '?'}${cursor ? `after=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('GET /api/organizations/:orgId/directory (paged)', () => {
  it('pages the whole list in its order, 50 by default, with the total', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    await bulkMembers(ctx.database, org, 54);
    const whole = (await agents.standard_user.get(dir(org.id))).json() as Entry[];
    expect(whole).toHaveLength(60);

    const first = await agents.standard_user.get(dir(org.id, '?limit=50'));
    expect(first.statusCode).toBe(200);
    const page = first.json() as Page;
    expect(page.total).toBe(60);
    expect(page.items).toHaveLength(50);
    expect(page.nextCursor).toEqual(expect.any(String));
    for (const entry of page.items) directoryEntrySchema.strict().parse(entry);
    expect(first.headers.etag).toBeDefined();

    const pages = await allPages(agents.standard_user, dir(org.id, '?limit=50'));
    expect(pages.map((p) => p.items.length)).toEqual([50, 10]);
    expect(pages[1].nextCursor).toBeNull();
    expect(pages.flatMap((p) => p.items).map((e) => e.userId)).toEqual(whole.map((e) => e.userId));
    // `after` alone asks for a page too, of the default size.
    const second = (await agents.standard_user.get(dir(org.id, `?after=${page.nextCursor}`))).json();
    expect(second.items).toHaveLength(10);
  });

  it('keeps pages stable among equal names, and while members come and go', async () => {
    const org = await buildOrg(ctx.database);
    const reader = await buildUser(ctx.database, { org, firstName: 'Zed' });
    const sams = await bulkMembers(ctx.database, org, 9, { firstName: 'Sam' });
    const agent = await signedIn(ctx, reader, org);

    const pages = await allPages(agent, dir(org.id, '?limit=2&search=sam'));
    expect(pages.every((p) => p.total === 9)).toBe(true);
    const seen = pages.flatMap((p) => p.items.map((e) => e.userId));
    expect(seen).toHaveLength(9);
    expect(new Set(seen)).toEqual(new Set(sams));

    // A member added before the cursor and one removed after it move no page boundary.
    const first = (await agent.get(dir(org.id, '?limit=4&search=sam'))).json() as Page;
    // Sorts before every Sam ("sal" < "sam"), so before the cursor.
    await buildUser(ctx.database, { org, firstName: 'Sal', lastName: 'Sam' });
    const last = first.items[3];
    await ctx.database.query('delete from user_organizations where organization_id = $1 and user_id = $2', [
      org.id,
      sams.find((id) => !first.items.some((e) => e.userId === id)),
    ]);
    const next = (
      await agent.get(dir(org.id, `?limit=4&search=sam&after=${first.nextCursor}`))
    ).json() as Page;
    const rest = seen.slice(seen.indexOf(last.userId) + 1);
    expect(next.items.map((e) => e.userId)).toEqual(
      rest.filter((id) => next.items.some((e) => e.userId === id)),
    );
    expect(next.items.some((e) => first.items.some((f) => f.userId === e.userId))).toBe(false);
    expect(next.total).toBe(9);
  });

  it('searches names, usernames, organization roles, permission levels and team names', async () => {
    const org = await buildOrg(ctx.database);
    const viewer = await buildUser(ctx.database, { org, firstName: 'Viv', lastName: 'Reader' });
    const ann = await buildUser(ctx.database, {
      org,
      firstName: 'Ann',
      lastName: 'Lee',
      organizationRoles: ['Coach'],
    });
    const bo = await buildUser(ctx.database, { org, firstName: 'Bo', role: 'volunteer_coordinator' });
    const cy = await buildUser(ctx.database, { org, firstName: 'Cy' });
    const pct = await buildUser(ctx.database, { org, firstName: '100%' });
    await addTeam(org, 'Lighting Crew', [cy.id]);
    await addTeam(org, 'Gone Team', [ann.id], true);
    const agent = await signedIn(ctx, viewer, org);
    const ids = async (search: string) =>
      (
        (await agent.get(dir(org.id, `?limit=50&search=${encodeURIComponent(search)}`))).json() as Page
      ).items.map((e) => e.userId);

    expect(await ids('ann lee')).toEqual([ann.id]);
    expect(await ids('ANN')).toEqual([ann.id]);
    expect(await ids(viewer.username.toUpperCase())).toEqual([viewer.id]);
    expect(await ids('coach')).toEqual([ann.id]);
    expect(await ids('Volunteer Coordinator')).toEqual([bo.id]);
    expect(await ids('lighting')).toEqual([cy.id]);
    expect(await ids('gone team')).toEqual([]);
    expect(await ids('%')).toEqual([pct.id]);
    // The whole-list form takes the same filters.
    const filtered = (await agent.get(dir(org.id, '?search=coach'))).json() as Entry[];
    expect(filtered.map((e) => e.userId)).toEqual([ann.id]);
  });

  it('filters by permission level, organization role, team and status', async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    const coach = await buildUser(ctx.database, { org, organizationRoles: ['Coach', 'Performer'] });
    const away = await buildUser(ctx.database, { org, status: 'disabled' });
    const waiting = await buildUser(ctx.database, { org, status: 'pending_approval' });
    const team = await addTeam(org, 'Cast', [people.board.id, coach.id]);
    const old = await addTeam(org, 'Old', [coach.id], true);
    const ids = async (agent: Agent, query: string) => {
      const res = await agent.get(dir(org.id, `?limit=50&${query}`));
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      expect(page.total).toBe(page.items.length);
      return page.items.map((e) => e.userId).sort();
    };
    const reader = agents.standard_user;
    expect(await ids(reader, 'role=board')).toEqual([people.board.id]);
    expect(await ids(reader, 'organizationRole=Coach')).toEqual([coach.id]);
    expect(await ids(reader, `team=${team}`)).toEqual([people.board.id, coach.id].sort());
    expect(await ids(reader, `team=${old}`)).toEqual([]);
    expect(await ids(reader, `team=${team}&organizationRole=Coach`)).toEqual([coach.id]);
    expect(await ids(reader, 'status=active')).toHaveLength(7);
    // Disabled and waiting members are for user managers to find.
    expect(await ids(agents.admin, 'status=disabled')).toEqual([away.id]);
    expect(await ids(agents.owner, 'status=pending_approval')).toEqual([waiting.id]);
    const refused = await reader.get(dir(org.id, '?status=disabled'));
    expect(refused.statusCode).toBe(403);
    expect((await agents.team_lead.get(dir(org.id, '?limit=5&status=pending_approval'))).statusCode).toBe(
      403,
    );
  });

  it('answers 400 to bad parameters, naming the field', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['after=not%20a%20cursor', 'after'],
      ['after=abc', 'after'],
      [`after=${cursorOf(['a', 'b'])}`, 'after'],
      [`after=${cursorOf(['a', 'b', 'c'])}`, 'after'],
      ['role=superuser', 'role'],
      ['organizationRole=Wizard', 'organizationRole'],
      ['team=abc', 'team'],
      ['team=0', 'team'],
      ['status=banned', 'status'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await agents.owner.get(dir(org.id, `?${query}`));
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });

  it('answers 401 signed out and 404 for another organization; a system user reads any', async () => {
    const org = await buildOrg(ctx.database);
    await buildUser(ctx.database, { org });
    const other = await buildOrg(ctx.database);
    const url = dir(org.id, '?limit=10&search=a');
    expect((await new Agent(ctx.app, org.host).get(url)).statusCode).toBe(401);
    const outsider = await signedIn(ctx, await buildUser(ctx.database, { org: other, role: 'owner' }), other);
    expect((await outsider.get(url)).statusCode).toBe(404);
    const { agent } = await buildSystemUser(ctx);
    const res = await agent.get(dir(org.id, '?limit=10'));
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
  });

  it('keeps the answer until the organization changes, and answers a repeat with 304', async () => {
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org, firstName: 'Ann' });
    const agent = await signedIn(ctx, ann, org);
    const first = await agent.get(dir(org.id, '?limit=50'));
    const again = await agent.get(dir(org.id, '?limit=50'), { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    await ctx.database.query(`update users set first_name = 'Anna' where id = $1`, [ann.id]);
    await expect
      .poll(async () => ((await agent.get(dir(org.id, '?limit=50'))).json() as Page).items[0].firstName)
      .toBe('Anna');
  });

  it('sends the first page of a 10,000-member directory in under 30 KB', async () => {
    const org = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org, role: 'owner' });
    const ids = await bulkMembers(ctx.database, org, 10_000);
    // Everyone in a team or two, as in a school.
    const [a, b] = [await addTeam(org, 'Year One', []), await addTeam(org, 'Drama Club', [])];
    await ctx.database.query(
      `insert into team_members (organization_id, team_id, user_id, role)
       select $1, case when n % 2 = 0 then $2::int else $3::int end, id, 'member'
       from unnest($4::int[]) with ordinality as m(id, n)`,
      [org.id, a, b, ids],
    );
    const agent = await signedIn(ctx, owner, org);
    const res = await agent.get(dir(org.id, '?limit=50'));
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.total).toBe(10_001);
    expect(page.items).toHaveLength(50);
    expect(res.rawPayload.length).toBeLessThan(30 * 1024);
    const search = (await agent.get(dir(org.id, '?limit=50&search=drama'))).json() as Page;
    expect(search.total).toBe(5_000);
  });
});
