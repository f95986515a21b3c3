import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Agent, getTestApp, type TestContext, testConfig, uniqueId } from '../../../../tests/support/app';
import { buildApp } from '../../app';
import type { App } from '../../http/types';
import {
  buildOrg,
  buildOrgWithRoles,
  buildSystemUser,
  buildUser,
  signedIn,
} from '../../../../tests/support/factories';

let ctx: TestContext;
let live: App | undefined;
beforeAll(async () => {
  ctx = await getTestApp();
});
afterAll(async () => {
  await live?.close();
});

const users = (orgId: number) => `/api/organizations/${orgId}/users`;

async function auditActions(orgId: number) {
  const rows = await ctx.database.query<{ action: string; details: Record<string, unknown> }>(
    'select action, details from audit_log where organization_id = $1 order by id',
    [orgId],
  );
  return rows;
}

describe('GET /api/organizations/{orgId}/users', () => {
  it('lists membership rows for the owner and an admin, with real last activity', async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    for (const role of ['owner', 'admin'] as const) {
      const res = await agents[role].get(users(org.id));
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('6');
      const rows = res.json();
      expect(rows).toHaveLength(6);
      const owner = rows.find((r: { userId: number }) => r.userId === people.owner.id);
      expect(owner).toMatchObject({
        role: 'owner',
        status: 'active',
        isActive: true,
        user: { id: people.owner.id, username: people.owner.username, email: people.owner.email },
      });
      // Each of them signed in just now: that is their last activity, not a placeholder.
      expect(Date.now() - new Date(owner.lastActiveAt).getTime()).toBeLessThan(60_000);
      expect(res.body).not.toMatch(/argon2|password/i);
    }
  });

  it('filters by status, role and search, and pages for real', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const pending = await buildUser(ctx.database, { org, status: 'pending_approval', firstName: 'Penelope' });
    const admin = agents.admin;

    const byStatus = (await admin.get(`${users(org.id)}?status=pending_approval`)).json();
    expect(byStatus.map((r: { userId: number }) => r.userId)).toEqual([pending.id]);

    const byRole = (await admin.get(`${users(org.id)}?role=board`)).json();
    expect(byRole).toHaveLength(1);
    expect(byRole[0].role).toBe('board');

    const bySearch = (await admin.get(`${users(org.id)}?search=penel`)).json();
    expect(bySearch.map((r: { userId: number }) => r.userId)).toEqual([pending.id]);
    const noWildcards = (await admin.get(`${users(org.id)}?search=%25`)).json();
    expect(noWildcards).toEqual([]);

    const page1 = await admin.get(`${users(org.id)}?page=1&pageSize=3`);
    const page3 = await admin.get(`${users(org.id)}?page=3&pageSize=3`);
    expect(page1.headers['x-total-count']).toBe('7');
    expect(page1.headers['x-page-size']).toBe('3');
    expect(page1.json()).toHaveLength(3);
    // The person waiting for approval comes first, so they are never lost on a later page.
    expect(page1.json()[0].userId).toBe(pending.id);
    expect(page3.json()).toHaveLength(1);
    const all = [
      ...page1.json(),
      ...(await admin.get(`${users(org.id)}?page=2&pageSize=3`)).json(),
      ...page3.json(),
    ];
    expect(new Set(all.map((r: { id: number }) => r.id)).size).toBe(7);
  });

  it('answers 400 to an unknown status filter', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    expect((await agents.admin.get(`${users(org.id)}?status=banned`)).statusCode).toBe(400);
  });

  it('is refused to signed-out callers (401), lower roles (403) and other organizations (404)', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    expect((await new Agent(ctx.app, org.host).get(users(org.id))).statusCode).toBe(401);
    for (const role of ['board', 'volunteer_coordinator', 'team_lead', 'standard_user'] as const) {
      const res = await agents[role].get(users(org.id));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do that' });
    }
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.get(users(org.id))).statusCode).toBe(404);
  });

  it('is open to a system user for any organization', async () => {
    const { org } = await buildOrgWithRoles(ctx);
    const { agent } = await buildSystemUser(ctx);
    const res = await agent.get(users(org.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(6);
  });
});

describe('POST /api/organizations/{orgId}/users (Add user)', () => {
  it('creates an active member who can then sign in', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const username = `new_${uniqueId()}`;
    const res = await agents.admin.post(users(org.id), {
      username,
      email: `${username}@example.test`,
      password: 'Stage-door-42',
      firstName: 'Nina',
      lastName: '',
      role: 'team_lead',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'team_lead',
      status: 'active',
      approvedBy: people.admin.id,
      user: { username, firstName: 'Nina', lastName: null },
    });
    const login = await new Agent(ctx.app, org.host).post('/api/login', {
      username,
      password: 'Stage-door-42',
    });
    expect(login.statusCode).toBe(200);
    expect((await auditActions(org.id)).map((a) => a.action)).toContain('user.created');
  });

  it('gives the spec messages, with the raised password minimum', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const res = await agents.owner.post(users(org.id), { username: 'ab', email: 'nope', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      username: 'Username must be at least 3 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
      role: 'Role is required',
    });
    const owner = await agents.owner.post(users(org.id), {
      username: `u_${uniqueId()}`,
      email: `${uniqueId()}@example.test`,
      password: 'Stage-door-42',
      role: 'owner',
    });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().errors.role).toBe('This role cannot be assigned');
  });

  it('refuses a username or email taken anywhere in the system', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const elsewhere = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const sameName = await agents.owner.post(users(org.id), {
      username: elsewhere.username.toUpperCase(),
      email: `${uniqueId()}@example.test`,
      password: 'Stage-door-42',
      role: 'standard_user',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('Username already exists');
    const sameEmail = await agents.owner.post(users(org.id), {
      username: `u_${uniqueId()}`,
      email: elsewhere.email,
      password: 'Stage-door-42',
      role: 'standard_user',
    });
    expect(sameEmail.json().message).toBe('Email already exists');
  });

  it('is refused before validation to lower roles, other organizations and signed-out callers', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    expect((await agents.team_lead.post(users(org.id), {})).statusCode).toBe(403);
    expect((await new Agent(ctx.app, org.host).post(users(org.id), {})).statusCode).toBe(401);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.admin.post(users(org.id), {})).statusCode).toBe(404);
  });
});

describe('approve, disable, enable', () => {
  it('approves a pending member, once', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const pending = await buildUser(ctx.database, { org, status: 'pending_approval' });
    const res = await agents.admin.post(`${users(org.id)}/${pending.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', isActive: true, approvedBy: people.admin.id });
    expect((await new Agent(ctx.app, org.host).post('/api/login', pending)).statusCode).toBe(200);
    const again = await agents.admin.post(`${users(org.id)}/${pending.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User is not pending approval');
    // Told once, by e-mail, with the organization's own sign-in address.
    const mail = ctx.mail.filter((m) => m.to === pending.email);
    expect(mail.map((m) => m.subject)).toEqual([`Your membership of ${org.name} is approved`]);
    expect(mail[0].text).toContain(`http://${org.shortname}.localhost:5000/login`);
  });

  it('disables with a reason: the member is signed out at once and cannot sign in again', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const member = agents.standard_user;
    expect((await member.get('/api/me')).statusCode).toBe(200);

    const blank = await agents.admin.post(`${users(org.id)}/${people.standard_user.id}/disable`, {
      reason: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please provide a reason for disabling this user');

    const res = await agents.admin.post(`${users(org.id)}/${people.standard_user.id}/disable`, {
      reason: ' Missed every rehearsal ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'disabled',
      isActive: false,
      disabledBy: people.admin.id,
      disabledReason: 'Missed every rehearsal',
    });
    expect((await member.get('/api/me')).statusCode).toBe(401);
    const login = await new Agent(ctx.app, org.host).post('/api/login', people.standard_user);
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('Your account has been disabled');

    const enabled = await agents.admin.post(`${users(org.id)}/${people.standard_user.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ status: 'active', disabledReason: null, disabledAt: null });
    expect((await new Agent(ctx.app, org.host).post('/api/login', people.standard_user)).statusCode).toBe(
      200,
    );

    const log = await auditActions(org.id);
    expect(log.find((a) => a.action === 'user.disabled')?.details).toMatchObject({
      reason: 'Missed every rehearsal',
      username: people.standard_user.username,
    });
    expect(log.map((a) => a.action)).toContain('user.enabled');
  });

  it("closes the disabled member's live connection", async () => {
    live = await buildApp({ config: testConfig(), database: ctx.database });
    await live.listen({ port: 0, host: '127.0.0.1' });
    const port = (live.server.address() as AddressInfo).port;
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: {
        host: `${org.host}:${port}`,
        origin: `http://${org.host}:${port}`,
        cookie: agents.standard_user.cookie!,
      },
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'authenticate', sessionId: 'ignored', currentPage: '/dashboard' }));
    await agents.admin.post(`${users(org.id)}/${people.standard_user.id}/disable`, { reason: 'Left' });
    expect(await closed).toBe(4001);
  });

  it('keeps the member signed in to their other organizations', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const otherOrg = await buildOrg(ctx.database);
    const person = await buildUser(ctx.database, { org });
    await ctx.database.query(
      `insert into user_organizations (user_id, organization_id, role, status) values ($1, $2, 'standard_user', 'active')`,
      [person.id, otherOrg.id],
    );
    const elsewhere = await signedIn(ctx, person, otherOrg);
    await agents.owner.post(`${users(org.id)}/${person.id}/disable`, { reason: 'Left the company' });
    expect((await elsewhere.get('/api/me')).statusCode).toBe(200);
  });

  it('refuses wrong transitions with 409', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const enable = await agents.admin.post(`${users(org.id)}/${people.board.id}/enable`);
    expect(enable.statusCode).toBe(409);
    expect(enable.json().message).toBe('User is not disabled');
    const pending = await buildUser(ctx.database, { org, status: 'pending_approval' });
    const disable = await agents.admin.post(`${users(org.id)}/${pending.id}/disable`, { reason: 'x' });
    expect(disable.statusCode).toBe(409);
  });

  it('protects the owner and the caller themself', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const disableOwner = await agents.admin.post(`${users(org.id)}/${people.owner.id}/disable`, {
      reason: 'coup',
    });
    expect(disableOwner.statusCode).toBe(403);
    expect(disableOwner.json().message).toBe('The organization owner cannot be disabled');
    const self = await agents.admin.post(`${users(org.id)}/${people.admin.id}/disable`, { reason: 'oops' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot disable your own account');
  });

  it('answers 403 to lower roles and 404 for people of another organization', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    for (const action of ['approve', 'enable', 'disable'] as const) {
      const res = await agents.board.post(`${users(org.id)}/${people.standard_user.id}/${action}`, {
        reason: 'r',
      });
      expect(res.statusCode).toBe(403);
    }
    const other = await buildOrgWithRoles(ctx);
    // Their own organization in the path, someone else's member as the target.
    const foreign = await other.agents.admin.post(
      `${users(other.org.id)}/${people.standard_user.id}/disable`,
      {
        reason: 'r',
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('User not found');
    // Someone else's organization in the path.
    expect(
      (await other.agents.admin.post(`${users(org.id)}/${people.standard_user.id}/enable`)).statusCode,
    ).toBe(404);
  });
});

describe('PATCH /api/organizations/{orgId}/users/{userId}/role', () => {
  it('changes the role among the assignable ones', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const res = await agents.admin.patch(`${users(org.id)}/${people.standard_user.id}/role`, {
      role: 'board',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('board');
    // Their next request already carries the new role.
    expect((await agents.standard_user.get('/api/me')).json().role).toBe('board');
    const log = await auditActions(org.id);
    expect(log.find((a) => a.action === 'user.role_changed')?.details).toMatchObject({
      from: 'standard_user',
      to: 'board',
    });
  });

  it('never makes anyone owner, and never changes the owner or oneself', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const toOwner = await agents.owner.patch(`${users(org.id)}/${people.admin.id}/role`, { role: 'owner' });
    expect(toOwner.statusCode).toBe(400);
    expect(toOwner.json().message).toBe('This role cannot be assigned');
    const missing = await agents.owner.patch(`${users(org.id)}/${people.admin.id}/role`, {});
    expect(missing.json().message).toBe('Role is required');
    const ofOwner = await agents.admin.patch(`${users(org.id)}/${people.owner.id}/role`, { role: 'admin' });
    expect(ofOwner.statusCode).toBe(403);
    expect(ofOwner.json().message).toBe("The organization owner's role cannot be changed");
    const own = await agents.owner.patch(`${users(org.id)}/${people.owner.id}/role`, { role: 'admin' });
    expect(own.statusCode).toBe(403);
    const self = await agents.admin.patch(`${users(org.id)}/${people.admin.id}/role`, { role: 'board' });
    expect(self.json().message).toBe('You cannot change your own role');
  });

  it('answers 403 to lower roles and 404 across organizations', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    expect(
      (
        await agents.volunteer_coordinator.patch(`${users(org.id)}/${people.standard_user.id}/role`, {
          role: 'admin',
        })
      ).statusCode,
    ).toBe(403);
    const other = await buildOrgWithRoles(ctx);
    expect(
      (await other.agents.owner.patch(`${users(org.id)}/${people.standard_user.id}/role`, { role: 'admin' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await agents.owner.patch(`${users(org.id)}/${other.people.standard_user.id}/role`, { role: 'admin' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/organizations/{orgId}/users/{userId}', () => {
  it('removes the member for good: signed out, gone from the list, cannot sign in', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const res = await agents.admin.delete(`${users(org.id)}/${people.team_lead.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted', accountDeleted: true });
    expect((await agents.team_lead.get('/api/me')).statusCode).toBe(401);
    const list = (await agents.admin.get(users(org.id))).json();
    expect(list.map((r: { userId: number }) => r.userId)).not.toContain(people.team_lead.id);
    expect((await new Agent(ctx.app, org.host).post('/api/login', people.team_lead)).statusCode).toBe(401);
    const log = await auditActions(org.id);
    expect(log.find((a) => a.action === 'user.deleted')?.details).toMatchObject({
      username: people.team_lead.username,
    });
  });

  it('keeps the account of someone who belongs to another organization too', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const otherOrg = await buildOrg(ctx.database);
    const person = await buildUser(ctx.database, { org: otherOrg });
    await ctx.database.query(
      `insert into user_organizations (user_id, organization_id, role, status) values ($1, $2, 'standard_user', 'active')`,
      [person.id, org.id],
    );
    const res = await agents.owner.delete(`${users(org.id)}/${person.id}`);
    expect(res.json().accountDeleted).toBe(false);
    expect((await new Agent(ctx.app, otherOrg.host).post('/api/login', person)).statusCode).toBe(200);
  });

  it('never deletes the owner or oneself; lower roles 403; other organizations 404', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const owner = await agents.admin.delete(`${users(org.id)}/${people.owner.id}`);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().message).toBe('The organization owner cannot be deleted');
    expect((await agents.admin.delete(`${users(org.id)}/${people.admin.id}`)).statusCode).toBe(403);
    expect((await agents.standard_user.delete(`${users(org.id)}/${people.board.id}`)).statusCode).toBe(403);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.delete(`${users(org.id)}/${people.board.id}`)).statusCode).toBe(404);
    expect((await agents.owner.delete(`${users(org.id)}/999999999`)).statusCode).toBe(404);
  });
});

describe('GET /api/organizations/{orgId}/users.csv', () => {
  it('exports the member list as CSV, defusing spreadsheet formulas', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    await buildUser(ctx.database, { org, firstName: '=HYPERLINK("http://evil")', lastName: '+1' });
    const res = await agents.admin.get(`/api/organizations/${org.id}/users.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${org.shortname}-members.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Username","Email","First Name","Last Name","Role","Status","Joined","Last Active","Disabled Reason"',
    );
    expect(lines).toHaveLength(8);
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil"")","\'+1"');
    expect(res.body).toContain('"Volunteer Coordinator"');
  });

  it('is for user managers only', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    expect((await agents.board.get(`/api/organizations/${org.id}/users.csv`)).statusCode).toBe(403);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.get(`/api/organizations/${org.id}/users.csv`)).statusCode).toBe(404);
  });
});
