// User Management asked a page at a time: keyset pages of membership rows with the matching
// total, the same filters as the directory, and a large organization's first page kept small.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildOrgWithRoles, buildSystemUser, buildUser } from '../../../../tests/support/factories';
import { bulkMembers } from '../../../../tests/support/members';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const users = (orgId: number, query = '') => `/api/organizations/${orgId}/users${query}`;

interface Page {
  items: { id: number; userId: number; status: string }[];
  total: number;
  nextCursor: string | null;
}

async function allPages(agent: Agent, url: string) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await agent.get(`${url}${cursor ? `&after=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    pages.push(res.json() as Page);
    cursor = pages[pages.length - 1].nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('GET /api/organizations/{orgId}/users (keyset pages)', () => {
  it('pages every member once, waiting approvals first, among equal names', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    await bulkMembers(ctx.database, org, 17, { firstName: 'Sam' });
    const waiting = await bulkMembers(ctx.database, org, 2, { firstName: 'Sam', status: 'pending_approval' });
    const whole = (await agents.admin.get(users(org.id))).json() as { id: number }[];

    const pages = await allPages(agents.admin, users(org.id, '?limit=4'));
    expect(pages.every((p) => p.total === 25)).toBe(true);
    expect(pages.map((p) => p.items.length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    const rows = pages.flatMap((p) => p.items);
    expect(rows.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    expect(new Set(rows.slice(0, 2).map((r) => r.userId))).toEqual(new Set(waiting));
    expect(pages[0].items[0]).toMatchObject({ status: 'pending_approval', user: { firstName: 'Sam' } });
    // Without limit the default page is 50.
    const first = (await agents.admin.get(users(org.id, `?after=${pages[0].nextCursor}`))).json() as Page;
    expect(first.items).toHaveLength(21);
  });

  it('filters by search, permission level, organization role, team and status', async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    const coach = await buildUser(ctx.database, { org, firstName: 'Cora', organizationRoles: ['Coach'] });
    const away = await buildUser(ctx.database, { org, status: 'disabled' });
    const [team] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, 'Cast', $2) returning id`,
      [org.id, `cast-${org.id}`],
    );
    await ctx.database.query(
      `insert into team_members (organization_id, team_id, user_id, role) values ($1, $2, $3, 'member')`,
      [org.id, team.id, people.board.id],
    );
    const ids = async (query: string) => {
      const page = (await agents.owner.get(users(org.id, `?limit=50&${query}`))).json() as Page;
      expect(page.total).toBe(page.items.length);
      return page.items.map((r) => r.userId);
    };
    expect(await ids('search=cora')).toEqual([coach.id]);
    expect(await ids('role=board')).toEqual([people.board.id]);
    expect(await ids('organizationRole=Coach')).toEqual([coach.id]);
    expect(await ids(`team=${team.id}`)).toEqual([people.board.id]);
    expect(await ids('status=disabled')).toEqual([away.id]);
    // The older numbered pages take the new filters too.
    const numbered = await agents.owner.get(users(org.id, '?page=1&pageSize=5&organizationRole=Coach'));
    expect(numbered.headers['x-total-count']).toBe('1');
  });

  it('answers 400 to bad parameters and to both kinds of paging at once', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=500', 'limit'],
      ['after=%2A%2A', 'after'],
      ['after=bm90LWpzb24', 'after'],
      [`after=${Buffer.from('[true,"a","b","c","d"]').toString('base64url')}`, 'after'],
      ['page=2&limit=10', 'page'],
      ['team=x', 'team'],
      ['organizationRole=Wizard', 'organizationRole'],
    ] as const) {
      const res = await agents.owner.get(users(org.id, `?${query}`));
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });

  it('is refused to signed-out callers (401), lower roles (403) and other organizations (404)', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const url = users(org.id, '?limit=10');
    expect((await new Agent(ctx.app, org.host).get(url)).statusCode).toBe(401);
    expect((await agents.team_lead.get(url)).statusCode).toBe(403);
    expect((await agents.standard_user.get(url)).statusCode).toBe(403);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.get(url)).statusCode).toBe(404);
    const { agent } = await buildSystemUser(ctx);
    expect((await agent.get(url)).json().total).toBe(6);
  });

  it('sends the first page of a 10,000-member organization in under 30 KB', async () => {
    const org = await buildOrg(ctx.database);
    const { agent } = await buildSystemUser(ctx);
    await buildUser(ctx.database, { org, role: 'owner' });
    await bulkMembers(ctx.database, org, 10_000);
    const res = await agent.get(users(org.id, '?limit=50'));
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.total).toBe(10_001);
    expect(page.items).toHaveLength(50);
    expect(res.rawPayload.length).toBeLessThan(30 * 1024);
  });
});
