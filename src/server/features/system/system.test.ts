import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import {
  type BuiltOrg,
  type BuiltUser,
  buildOrg,
  buildOrgWithRoles,
  buildSystemUser,
  buildUser,
} from '../../../../tests/support/factories';
import { expectNoSecrets } from '../../../../tests/support/secrets';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const SYSTEM_ONLY = { message: 'System administrator access required' };

async function pendingOrgWithOwner(): Promise<{ org: BuiltOrg; owner: BuiltUser }> {
  const org = await buildOrg(ctx.database, { approvalStatus: 'pending' });
  await ctx.database.query('update organizations set approved_at = null where id = $1', [org.id]);
  const owner = await buildUser(ctx.database, { org, role: 'owner' });
  return { org, owner };
}

const ownerLogin = (org: BuiltOrg, owner: BuiltUser) =>
  new Agent(ctx.app, org.host).post('/api/login', { username: owner.username, password: owner.password });

async function count(sql: string) {
  const [row] = await ctx.database.query<{ n: number }>(sql);
  return row.n;
}

describe('who may use the system routes', () => {
  const settings = {
    host: '127.0.0.1',
    port: 5432,
    database: 'postgres',
    username: 'postgres',
    password: 'x',
    ssl: false,
    maxConnections: 5,
    connectionTimeout: 2000,
  };
  // Every /api/system/* call, each with a body that a system user's call would act on.
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/system/stats'],
    ['GET', '/api/system/pending-organizations'],
    ['GET', '/api/system/organizations'],
    [
      'POST',
      '/api/system/organizations',
      {
        organizationName: 'X',
        organizationShortname: 'xyz-abc',
        ownerUsername: 'someone',
        ownerEmail: 'someone@example.test',
      },
    ],
    ['POST', '/api/system/organizations/ID/approve', {}],
    ['POST', '/api/system/organizations/ID/reject', { approvalStatus: 'rejected', rejectionReason: 'x' }],
    ['POST', '/api/system/organizations/ID/suspend', { reason: 'x' }],
    ['GET', '/api/system/database/tables'],
    ['GET', '/api/system/database/table/organizations'],
    ['GET', '/api/system/database/table/organizations/export'],
    ['GET', '/api/system/database/schema/organizations'],
    ['POST', '/api/system/database/table/team_links', { url: 'https://x.test' }],
    ['PATCH', '/api/system/database/table/organizations/ID', { name: 'Hacked' }],
    ['DELETE', '/api/system/database/table/organizations/ID'],
    ['GET', '/api/system/info'],
    ['GET', '/api/system/database-settings'],
    ['PATCH', '/api/system/database-settings', settings],
    ['POST', '/api/system/test-connection', settings],
    ['GET', '/api/system/analytics'],
    ['GET', '/api/system/outbox'],
    ['GET', '/api/system/outbox/1'],
    ['POST', '/api/system/outbox/1/resend', {}],
  ];

  it('answers 401 when signed out', async () => {
    const { org } = await pendingOrgWithOwner();
    for (const [method, url, body] of routes) {
      const res = await new Agent(ctx.app).request(method as 'GET', url.replace('ID', String(org.id)), body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authenticated' });
    }
    expect(
      (
        await ctx.database.query('select approval_status, name from organizations where id = $1', [org.id])
      )[0],
    ).toEqual({ approval_status: 'pending', name: org.name });
  });

  it("answers 403 to every organization role, owners included, even on their own organization's id", async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const { org: pending } = await pendingOrgWithOwner();
    for (const agent of Object.values(agents)) {
      for (const [method, url, body] of routes) {
        for (const id of [org.id, pending.id]) {
          const res = await agent.request(method as 'GET', url.replace('ID', String(id)), body);
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual(SYSTEM_ONLY);
        }
      }
    }
    const [row] = await ctx.database.query<{ approval_status: string; name: string }>(
      'select approval_status, name from organizations where id = $1',
      [pending.id],
    );
    expect(row).toEqual({ approval_status: 'pending', name: pending.name });
    const [own] = await ctx.database.query('select approval_status, name from organizations where id = $1', [
      org.id,
    ]);
    expect(own).toEqual({ approval_status: 'approved', name: org.name });
    const registered = await ctx.database.query("select 1 from organizations where shortname = 'xyz-abc'");
    expect(registered).toEqual([]);
    // No refused call left a trace: no audited change (settings, records, decisions, resends).
    const traces = await ctx.database.query('select action from audit_log where actor_id = any($1::int[])', [
      Object.values(people).map((p) => p.id),
    ]);
    expect(traces).toEqual([]);
  });
});

describe('GET /api/system/stats', () => {
  it('gives a system user the system-wide figures', async () => {
    const { agent } = await buildSystemUser(ctx);
    await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const orgsBefore = await count('select count(*)::int as n from organizations');
    const usersBefore = await count('select count(*)::int as n from users where not is_system_user');
    const eventsBefore = await count('select count(*)::int as n from calendar_events');
    const res = await agent.get('/api/system/stats');
    const orgsAfter = await count('select count(*)::int as n from organizations');
    const usersAfter = await count('select count(*)::int as n from users where not is_system_user');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(Object.keys(stats).sort()).toEqual([
      'databaseSize',
      'totalEvents',
      'totalOrganizations',
      'totalUsers',
    ]);
    // Other test files may add rows meanwhile (one PostgreSQL database for all workers).
    expect(stats.totalOrganizations).toBeGreaterThanOrEqual(orgsBefore);
    expect(stats.totalOrganizations).toBeLessThanOrEqual(orgsAfter);
    expect(stats.totalUsers).toBeGreaterThanOrEqual(usersBefore);
    expect(stats.totalUsers).toBeLessThanOrEqual(usersAfter);
    expect(stats.totalEvents).toBeGreaterThanOrEqual(eventsBefore);
    expect(stats.databaseSize).toMatch(/^\d+(\.\d+)? ?(bytes|kB|MB|GB|TB)$/);
  });
});

describe('GET /api/system/pending-organizations', () => {
  it('lists pending organizations with their owner, and no others', async () => {
    const { agent } = await buildSystemUser(ctx);
    const { org, owner } = await pendingOrgWithOwner();
    const approved = await buildOrg(ctx.database);
    const rejected = await buildOrg(ctx.database, { approvalStatus: 'rejected' });
    const res = await agent.get('/api/system/pending-organizations');
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: { id: number }[]; total: number; nextCursor: string | null };
    const list = page.items;
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(list.find((o) => o.id === org.id)).toEqual({
      id: org.id,
      name: org.name,
      shortname: org.shortname,
      contactEmail: null,
      createdAt: expect.any(String),
      owner: { id: owner.id, username: owner.username, email: owner.email },
    });
    const ids = list.map((o) => o.id);
    expect(ids).not.toContain(approved.id);
    expect(ids).not.toContain(rejected.id);
    await expectNoSecrets(ctx, [res.body]);
  });
});

describe('POST /api/system/organizations/:id/approve', () => {
  it('approves: the owner can then sign in on the address, is mailed, and it is audited', async () => {
    const { user: admin, agent } = await buildSystemUser(ctx);
    const { org, owner } = await pendingOrgWithOwner();
    expect((await ownerLogin(org, owner)).statusCode).toBe(403);

    const res = await agent.post(`/api/system/organizations/${org.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: org.id,
      name: org.name,
      shortname: org.shortname,
      approvalStatus: 'approved',
      rejectionReason: null,
    });

    const [row] = await ctx.database.query<{
      approval_status: string;
      approved_by: number;
      approved_at: unknown;
    }>('select approval_status, approved_by, approved_at from organizations where id = $1', [org.id]);
    expect(row).toMatchObject({ approval_status: 'approved', approved_by: admin.id });
    expect(row.approved_at).not.toBeNull();

    const login = await ownerLogin(org, owner);
    expect(login.statusCode).toBe(200);
    expect(login.json().organization).toEqual({ id: org.id, name: org.name, shortname: org.shortname });

    const mail = ctx.mail.filter((m) => m.to === owner.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`${org.name} is approved`);
    expect(mail[0].text).toContain(`http://${org.shortname}.localhost:5000/login`);

    const audit = await ctx.database.query(
      'select actor_id, action, target_type, target_id from audit_log where organization_id = $1',
      [org.id],
    );
    expect(audit).toEqual([
      { actor_id: admin.id, action: 'organization.approved', target_type: 'organization', target_id: org.id },
    ]);

    const queueRes = await agent.get('/api/system/pending-organizations?limit=100');
    const queue = (queueRes.json() as { items: { id: number }[] }).items;
    expect(queue.map((o) => o.id)).not.toContain(org.id);
    const stats = await agent.get('/api/system/stats');
    await expectNoSecrets(ctx, [res.body, login.body, queueRes.body, stats.body]);
    const context = await new Agent(ctx.app, org.host).get('/api/organization-context');
    expect(context.json().organization.shortname).toBe(org.shortname);
  });

  it('answers 404 for an unknown organization and 400 for a malformed id', async () => {
    const { agent } = await buildSystemUser(ctx);
    for (const id of ['999999999', '2147483647']) {
      const res = await agent.post(`/api/system/organizations/${id}/approve`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Organization not found' });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await agent.post(`/api/system/organizations/${id}/approve`)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/system/organizations/:id/reject', () => {
  it('rejects with a reason the owner is told at sign-in and by mail; it is audited', async () => {
    const { user: admin, agent } = await buildSystemUser(ctx);
    const { org, owner } = await pendingOrgWithOwner();
    const res = await agent.post(`/api/system/organizations/${org.id}/reject`, {
      approvalStatus: 'rejected',
      rejectionReason: '  Not a performing-arts group  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: org.id,
      name: org.name,
      shortname: org.shortname,
      approvalStatus: 'rejected',
      rejectionReason: 'Not a performing-arts group',
    });
    const login = await ownerLogin(org, owner);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      message: "Your organization's registration was rejected: Not a performing-arts group",
    });
    const mail = ctx.mail.filter((m) => m.to === owner.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`${org.name} was not approved`);
    expect(mail[0].text).toContain('Reason: Not a performing-arts group');
    const audit = await ctx.database.query<{ action: string; actor_id: number; details: unknown }>(
      'select action, actor_id, details from audit_log where organization_id = $1',
      [org.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'organization.rejected', actor_id: admin.id });
    const details = typeof audit[0].details === 'string' ? JSON.parse(audit[0].details) : audit[0].details;
    expect(details).toEqual({ reason: 'Not a performing-arts group', from: 'pending', to: 'rejected' });
    const queue = (
      (await agent.get('/api/system/pending-organizations?limit=100')).json() as {
        items: { id: number }[];
      }
    ).items;
    expect(queue.map((o) => o.id)).not.toContain(org.id);
  });

  it('rejects without a reason', async () => {
    const { agent } = await buildSystemUser(ctx);
    const { org, owner } = await pendingOrgWithOwner();
    const res = await agent.post(`/api/system/organizations/${org.id}/reject`, {
      approvalStatus: 'rejected',
    });
    expect(res.json()).toMatchObject({ approvalStatus: 'rejected', rejectionReason: null });
    expect((await ownerLogin(org, owner)).json()).toEqual({
      message: "Your organization's registration was rejected",
    });
    expect(ctx.mail.filter((m) => m.to === owner.email)[0].text).not.toContain('Reason');
  });

  it('answers 404 for an unknown organization and 400 for an overlong reason', async () => {
    const { agent } = await buildSystemUser(ctx);
    const unknown = await agent.post('/api/system/organizations/999999999/reject', { rejectionReason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Organization not found' });
    const { org } = await pendingOrgWithOwner();
    const long = await agent.post(`/api/system/organizations/${org.id}/reject`, {
      rejectionReason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Reason is too long');
    const [row] = await ctx.database.query<{ approval_status: string }>(
      'select approval_status from organizations where id = $1',
      [org.id],
    );
    expect(row.approval_status).toBe('pending');
  });
});
