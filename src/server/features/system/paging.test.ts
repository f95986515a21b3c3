// The system administrator's lists answer a keyset page at a time, however many organizations
// there are: organizations (newest first, searched and filtered by status), the approval queue
// (the longest waiting first), the per-organization analytics (by name, searched) and the mail
// outbox (newest first). Each page names where the next starts; the total counts the whole answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext, uniqueId } from '../../../../tests/support/app';
import { buildOrg, buildOrgWithRoles, buildSystemUser, buildUser } from '../../../../tests/support/factories';
import { expectNoSecrets } from '../../../../tests/support/secrets';

let ctx: TestContext;
let system: Agent;
beforeAll(async () => {
  ctx = await getTestApp();
  system = (await buildSystemUser(ctx)).agent;
});

interface Page<T = { id: number }> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

/** Every page of a question, following nextCursor. */
async function allPages<T = { id: number }>(agent: Agent, url: string, pick: (body: never) => Page<T>) {
  const pages: Page<T>[] = [];
  let cursor: string | null = null;
  do {
    const res = await agent.get(`${url}${url.includes('?') ? '&' : '?'}${cursor ? `after=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = pick(res.json() as never);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 200);
  return pages;
}

const plain = (body: never) => body as Page;

/** `count` organizations named with `tag`, created at the given times (several may share one). */
async function tagged(tag: string, times: string[], status = 'approved') {
  const orgs = [];
  for (const [i, at] of times.entries()) {
    const org = await buildOrg(ctx.database, { approvalStatus: status });
    const name = `${tag} ${String.fromCharCode(97 + i)} ${org.shortname}`;
    await ctx.database.query('update organizations set name = $2, created_at = $3 where id = $1', [
      org.id,
      name,
      at,
    ]);
    orgs.push({ ...org, name, at });
  }
  return orgs;
}

describe('GET /api/system/organizations a page at a time', () => {
  it('pages newest first (ties by id), totals the whole answer, and counts every status', async () => {
    const tag = `paged-${uniqueId()}`;
    const orgs = await tagged(tag, [
      '2024-03-01T10:00:00.000001Z',
      '2024-03-02T10:00:00Z',
      '2024-03-02T10:00:00Z',
      '2024-03-03T10:00:00Z',
      '2024-03-04T10:00:00.5Z',
      '2024-03-05T10:00:00Z',
      '2024-03-06T10:00:00Z',
    ]);
    const owner = await buildUser(ctx.database, { org: orgs[6], role: 'owner' });
    const expected = [...orgs]
      .sort((a, b) => (a.at === b.at ? b.id - a.id : Date.parse(b.at) - Date.parse(a.at)))
      .map((o) => o.id);

    const pages = await allPages(system, `/api/system/organizations?search=${tag}&limit=3`, plain);
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(pages.every((p) => p.total === 7)).toBe(true);
    expect(pages.flatMap((p) => p.items.map((o) => o.id))).toEqual(expected);
    expect(pages[2].nextCursor).toBeNull();
    const first = pages[0].items[0] as unknown as Record<string, unknown>;
    expect(first).toMatchObject({
      id: orgs[6].id,
      approvalStatus: 'approved',
      userCount: 1,
      owner: { id: owner.id, username: owner.username, email: owner.email },
      createdAt: '2024-03-06T10:00:00.000Z',
    });
    // The counts are over every organization, whatever the search.
    const body = (await system.get(`/api/system/organizations?search=${tag}&limit=3`)).json();
    const [all] = await ctx.database.query<{ n: number }>('select count(*)::int as n from organizations');
    expect(body.counts.total).toBe(all.n);
    await expectNoSecrets(ctx, [JSON.stringify(pages)]);
  });

  it('keeps its place when organizations arrive or go meanwhile, and filters by status and search', async () => {
    const tag = `moving-${uniqueId()}`;
    const orgs = await tagged(tag, [
      '2024-05-01T00:00:00Z',
      '2024-05-02T00:00:00Z',
      '2024-05-03T00:00:00Z',
      '2024-05-04T00:00:00Z',
    ]);
    const first = (await system.get(`/api/system/organizations?search=${tag}&limit=2`)).json() as Page;
    expect(first.items.map((o) => o.id)).toEqual([orgs[3].id, orgs[2].id]);
    // A newer one arrives and one already shown goes: the next page still starts after the cursor.
    await tagged(tag, ['2024-06-01T00:00:00Z']);
    await ctx.database.query('delete from organizations where id = $1', [orgs[3].id]);
    const second = (
      await system.get(`/api/system/organizations?search=${tag}&limit=2&after=${first.nextCursor}`)
    ).json() as Page;
    expect(second.items.map((o) => o.id)).toEqual([orgs[1].id, orgs[0].id]);
    expect(second.total).toBe(4);

    const [rejected] = await tagged(tag, ['2024-04-01T00:00:00Z'], 'rejected');
    const onlyRejected = (
      await system.get(`/api/system/organizations?search=${tag}&status=rejected`)
    ).json() as Page;
    expect(onlyRejected).toMatchObject({ total: 1, nextCursor: null });
    expect(onlyRejected.items.map((o) => o.id)).toEqual([rejected.id]);
    // By shortname too, and `%` is a literal percent sign.
    const byShortname = (await system.get(`/api/system/organizations?search=${orgs[0].shortname}`)).json();
    expect(byShortname.items.map((o: { id: number }) => o.id)).toEqual([orgs[0].id]);
    const literal = (await system.get(`/api/system/organizations?search=${tag}%25`)).json();
    expect(literal).toMatchObject({ items: [], total: 0, nextCursor: null });
  });

  it('asks for 50 when no limit is given', async () => {
    const body = (await system.get('/api/system/organizations')).json() as Page;
    expect(body.items.length).toBeLessThanOrEqual(50);
    const [all] = await ctx.database.query<{ n: number }>('select count(*)::int as n from organizations');
    expect(body.total).toBe(all.n);
    expect(body.nextCursor === null).toBe(all.n <= 50);
  });
});

describe('GET /api/system/pending-organizations a page at a time', () => {
  it('pages the queue, the longest waiting first, with the total of those waiting', async () => {
    const tag = `queue-${uniqueId()}`;
    // Older than anything else waiting, so they open the queue.
    const waiting = await tagged(
      tag,
      ['1990-01-01T00:00:00Z', '1990-01-01T00:00:00Z', '1990-01-02T00:00:00Z'],
      'pending',
    );
    await tagged(tag, ['1990-01-01T00:00:00Z'], 'approved');
    const owner = await buildUser(ctx.database, { org: waiting[0], role: 'owner' });
    const first = (await system.get('/api/system/pending-organizations?limit=2')).json() as Page<{
      id: number;
      owner: unknown;
    }>;
    expect(first.items.map((o) => o.id)).toEqual([waiting[0].id, waiting[1].id]);
    expect(first.items[0].owner).toEqual({ id: owner.id, username: owner.username, email: owner.email });
    expect(first.items[1].owner).toBeNull();
    const second = (
      await system.get(`/api/system/pending-organizations?limit=2&after=${first.nextCursor}`)
    ).json() as Page;
    expect(second.items[0].id).toBe(waiting[2].id);

    const [{ n }] = await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from organizations where approval_status = 'pending'",
    );
    const pages = await allPages(system, '/api/system/pending-organizations?limit=100', plain);
    const ids = pages.flatMap((p) => p.items.map((o) => o.id));
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
    expect(pages[0].total).toBe(n);
  });
});

describe('GET /api/system/analytics: the per-organization table a page at a time', () => {
  it('pages by name with the figures of each, searched, and sends the charts with the first page only', async () => {
    const tag = `figures-${uniqueId()}`;
    const orgs = await tagged(tag, [
      '2024-01-01T00:00:00Z',
      '2024-01-01T00:00:00Z',
      '2024-01-01T00:00:00Z',
      '2024-01-01T00:00:00Z',
      '2024-01-01T00:00:00Z',
    ]);
    const member = await buildUser(ctx.database, { org: orgs[1] });
    await buildUser(ctx.database, { org: orgs[1] });
    await ctx.database.query(
      `insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time, reserved_by)
       values ($1, 'Show', '{Main Stage}', now(), now() + interval '1 hour', $2)`,
      [orgs[1].id, member.id],
    );
    const url = `/api/system/analytics?weeks=4&search=${tag}&limit=2`;
    const first = (await system.get(url)).json();
    expect(first.series.members).toHaveLength(4);
    expect(first.organization).toBeNull();
    const pages = await allPages(system, url, (body: { organizations: Page }) => body.organizations);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.items.map((o) => o.id))).toEqual(orgs.map((o) => o.id));
    expect(pages[0].items[1]).toMatchObject({ id: orgs[1].id, members: 2, events: 1, activeMembers: 0 });
    expect(pages.every((p) => p.total === 5)).toBe(true);
    const later = (await system.get(`${url}&after=${first.organizations.nextCursor}`)).json();
    expect(later.series).toBeNull();
    expect(later.organizations.items[0].id).toBe(orgs[2].id);
  });
});

describe('GET /api/system/outbox a page at a time', () => {
  it('pages newest first and totals every message', async () => {
    const to = `paged-${uniqueId()}@example.test`;
    for (const n of [1, 2, 3, 4, 5])
      await ctx.app.deps.mailer.send({ to, subject: `Message ${n}`, text: 'x' });
    const ids = (
      await ctx.database.query<{ id: number }>(
        'select id from mail_outbox where to_address = $1 order by id desc',
        [to],
      )
    ).map((r) => r.id);
    const first = (await system.get('/api/system/outbox?limit=2')).json() as Page<{
      id: number;
      subject: string;
    }>;
    expect(first.items.map((m) => m.id)).toEqual(ids.slice(0, 2));
    expect(first.items[0].subject).toBe('Message 5');
    const second = (await system.get(`/api/system/outbox?limit=2&after=${first.nextCursor}`)).json() as Page;
    expect(second.items.map((m) => m.id)).toEqual(ids.slice(2, 4));
    const [{ n }] = await ctx.database.query<{ n: number }>('select count(*)::int as n from mail_outbox');
    expect(second.total).toBe(n);
  });
});

const LISTS = [
  '/api/system/organizations',
  '/api/system/pending-organizations',
  '/api/system/analytics',
  '/api/system/outbox',
];

describe('the system lists refuse', () => {
  it('a limit out of range and a cursor the server did not make, with 400', async () => {
    const cursor = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
    for (const url of LISTS) {
      for (const [query, field] of [
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['after=not%20a%20cursor', 'after'],
        [`after=${cursor(['a', 'b', 'c'])}`, 'after'],
        [`after=${cursor([1.5])}`, 'after'],
      ]) {
        const res = await system.get(`${url}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(Object.keys(res.json().errors)).toEqual([field]);
      }
    }
    // A time in another spelling than the server's is not one of its cursors either.
    for (const url of ['/api/system/organizations', '/api/system/pending-organizations']) {
      const res = await system.get(`${url}?after=${cursor(['2024-01-01 00:00:00+00', 1])}`);
      expect(res.statusCode).toBe(400);
    }
  });

  it('anyone signed out (401) and every organization role (403)', async () => {
    const { agents } = await buildOrgWithRoles(ctx);
    for (const url of LISTS) {
      const anonymous = await new Agent(ctx.app).get(url);
      expect(anonymous.statusCode).toBe(401);
      for (const agent of Object.values(agents)) {
        const res = await agent.get(`${url}?limit=5`);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'System administrator access required' });
      }
    }
  });
});
