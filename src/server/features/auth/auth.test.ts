import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildSystemUser, buildUser, signedIn } from '../../../../tests/support/factories';
import { ChangeFeed } from '../../db/change-feed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('GET /api/me', () => {
  it('answers 401 with the spec message when signed out', async () => {
    const res = await new Agent(ctx.app).get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
  });

  it('returns the session shape for a member, without secrets', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org, role: 'admin' });
    const agent = await signedIn(ctx, user, org);
    const res = await agent.get('/api/me');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user: { id: user.id, username: user.username, email: user.email, isSystemUser: false },
      organization: { id: org.id, shortname: org.shortname, primaryColor: '#6b46c1' },
      role: 'admin',
      isSystemUser: false,
      pendingApproval: false,
    });
    expect(res.body).not.toMatch(/password|argon2|reset_token|resetToken/i);
  });

  it('gives callers whose sessions are looked up at once each their own, and none to an ended one', async () => {
    const [first, second] = [await buildOrg(ctx.database), await buildOrg(ctx.database)];
    const members = [];
    for (const org of [first, first, second]) {
      const user = await buildUser(ctx.database, { org });
      members.push({ user, org, agent: await signedIn(ctx, user, org) });
    }
    const ended = await signedIn(ctx, await buildUser(ctx.database, { org: second }), second);
    const endedCookie = String(ended.cookie);
    expect((await ended.post('/api/logout')).statusCode).toBe(200);
    // As after a start: nothing kept, so every request below looks its session up.
    ChangeFeed.of(ctx.database).reset();
    const answers = await Promise.all([
      ...members.map(({ agent }) => agent.get('/api/me')),
      new Agent(ctx.app, second.host).get('/api/me', { cookie: endedCookie }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401]);
    members.forEach(({ user, org }, i) => {
      expect(answers[i].json()).toMatchObject({ user: { id: user.id }, organization: { id: org.id } });
    });
  });

  it('answers 304 to a conditional GET for the same body', async () => {
    const org = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org }), org);
    const first = await agent.get('/api/me');
    const again = await agent.get('/api/me', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('a system user on an organization address', () => {
  it('is signed in to that organization: /api/me carries it and its screens answer', async () => {
    const org = await buildOrg(ctx.database);
    const system = await buildUser(ctx.database, { isSystemUser: true });
    const agent = await signedIn(ctx, system, org);
    const login = await new Agent(ctx.app, org.host).post('/api/login', {
      username: system.username,
      password: system.password,
    });
    expect(login.json()).toEqual({
      organization: { id: org.id, name: org.name, shortname: org.shortname },
      isSystemUser: true,
    });
    const me = (await agent.get('/api/me')).json();
    expect(me).toMatchObject({ isSystemUser: true, role: null, organization: { id: org.id } });
    expect((await agent.get(`/api/organizations/${org.id}/users`)).statusCode).toBe(200);
  });

  it('on the main site keeps no organization', async () => {
    const { agent } = await buildSystemUser(ctx);
    expect((await agent.get('/api/me')).json().organization).toBeNull();
  });
});

describe('POST /api/login', () => {
  it('signs in on the organization address and sets a host-only httpOnly cookie', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const agent = new Agent(ctx.app, org.host);
    const res = await agent.post('/api/login', { username: user.username, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organization: { id: org.id, name: org.name, shortname: org.shortname },
      isSystemUser: false,
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('signs a member in on the main site with organizationShortname', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const res = await new Agent(ctx.app).post('/api/login', {
      username: user.username,
      password: user.password,
      organizationShortname: org.shortname,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().organization.shortname).toBe(org.shortname);
  });

  it('gives the spec messages for missing fields', async () => {
    const agent = new Agent(ctx.app);
    const res = await agent.post('/api/login', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      username: 'Username is required',
      password: 'Password is required',
    });
    const blank = await agent.post('/api/login', { username: '  ', password: 'x' });
    expect(blank.json().message).toBe('Username is required');
  });

  it('refuses a wrong password with the same message as an unknown user', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const agent = new Agent(ctx.app, org.host);
    const wrong = await agent.post('/api/login', { username: user.username, password: 'nope-nope' });
    const unknown = await agent.post('/api/login', { username: 'nobody-here', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("refuses a member of another organization on this organization's address", async () => {
    const mine = await buildOrg(ctx.database);
    const other = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org: other });
    const res = await new Agent(ctx.app, mine.host).post('/api/login', {
      username: user.username,
      password: user.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You are not a member of this organization');
  });

  it("tells anyone signing in on a pending organization's address that it awaits approval", async () => {
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    const other = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org: other });
    const credentials = { username: user.username, password: user.password };
    const onHost = await new Agent(ctx.app, pending.host).post('/api/login', credentials);
    expect(onHost.statusCode).toBe(403);
    expect(onHost.json()).toEqual({
      message: 'This organization is waiting for approval by a system administrator',
    });
    const named = await new Agent(ctx.app).post('/api/login', {
      ...credentials,
      organizationShortname: pending.shortname,
    });
    expect(named.json()).toEqual(onHost.json());
  });

  it('refuses pending and rejected organizations, telling the owner the reason', async () => {
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    const owner = await buildUser(ctx.database, { org: pending, role: 'owner' });
    const res = await new Agent(ctx.app, pending.host).post('/api/login', {
      username: owner.username,
      password: owner.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your organization is pending approval');

    await ctx.database.query(
      `update organizations set approval_status = 'rejected', rejection_reason = 'Not a theater' where id = $1`,
      [pending.id],
    );
    const rejected = await new Agent(ctx.app, pending.host).post('/api/login', {
      username: owner.username,
      password: owner.password,
    });
    expect(rejected.json().message).toBe("Your organization's registration was rejected: Not a theater");
  });

  it('refuses disabled and not-yet-approved members', async () => {
    const org = await buildOrg(ctx.database);
    const disabled = await buildUser(ctx.database, { org, status: 'disabled' });
    const pending = await buildUser(ctx.database, { org, status: 'pending_approval' });
    const agent = new Agent(ctx.app, org.host);
    expect(
      (await agent.post('/api/login', { username: disabled.username, password: disabled.password })).json(),
    ).toEqual({
      message: 'Your account has been disabled',
    });
    expect(
      (await agent.post('/api/login', { username: pending.username, password: pending.password })).json(),
    ).toEqual({
      message: 'Your membership is pending approval by an administrator',
    });
  });

  it('signs a system user in with no organization', async () => {
    const { agent } = await buildSystemUser(ctx);
    const me = (await agent.get('/api/me')).json();
    expect(me).toMatchObject({ isSystemUser: true, organization: null, role: null });
  });

  it('rotates the session at sign-in: the old cookie stops working', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const agent = await signedIn(ctx, user, org);
    const old = agent.cookie;
    await agent.post('/api/login', { username: user.username, password: user.password });
    expect(agent.cookie).not.toBe(old);
    const stale = await new Agent(ctx.app, org.host).get('/api/me', { cookie: String(old) });
    expect(stale.statusCode).toBe(401);
  });

  it('looks the user up while it counts the attempt, not one after the other', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const query = ctx.database.query.bind(ctx.database);
    let running = 0;
    let most = 0;
    const spy = vi.spyOn(ctx.database, 'query').mockImplementation(async (text, params) => {
      most = Math.max(most, ++running);
      try {
        return await query(text, params);
      } finally {
        running--;
      }
    });
    try {
      const res = await new Agent(ctx.app, org.host).post('/api/login', {
        username: user.username,
        password: user.password,
      });
      expect(res.statusCode).toBe(200);
      expect(most).toBeGreaterThanOrEqual(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 429 with Retry-After after repeated failures for one username', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    let res = await new Agent(ctx.app, org.host).post('/api/login', {
      username: user.username,
      password: 'bad',
    });
    for (let i = 0; i < 10; i++) {
      res = await new Agent(ctx.app, org.host).post('/api/login', {
        username: user.username,
        password: 'bad',
      });
    }
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/Too many attempts/);
  });
});

describe('POST /api/logout', () => {
  it('ends the session', async () => {
    const org = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org }), org);
    const cookie = String(agent.cookie);
    expect((await agent.post('/api/logout')).statusCode).toBe(200);
    const after = await new Agent(ctx.app, org.host).get('/api/me', { cookie });
    expect(after.statusCode).toBe(401);
  });
});

describe('cross-origin protection', () => {
  it('refuses a state change from a sibling organization address', async () => {
    const org = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org }), org);
    const res = await agent.post('/api/logout', {}, { origin: 'http://evil.localhost' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-origin request refused' });
    expect((await agent.get('/api/me')).statusCode).toBe(200);
  });

  it('refuses a state change with neither Origin nor Referer', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 400, never 500, to malformed JSON', async () => {
    const res = await new Agent(ctx.app).request('POST', '/api/login', '{"username":', {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('answers 413 to a huge body', async () => {
    const res = await new Agent(ctx.app).post('/api/login', {
      username: 'x'.repeat(2_000_000),
      password: 'y',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request is too large' });
  });

  it('answers 400 to wrong types', async () => {
    const res = await new Agent(ctx.app).post('/api/login', { username: 42, password: ['a'] });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/health', () => {
  it('reports the database and sets no cookie', async () => {
    const res = await new Agent(ctx.app).get('/api/health');
    expect(res.json()).toEqual({ status: 'ok', database: 'connected' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('carries the security headers on every answer', async () => {
    const res = await new Agent(ctx.app).get('/api/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('sliding expiry', () => {
  it('moves a session that is used on by a week and records the member as active', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const agent = await signedIn(ctx, user, org);
    // Last slid an hour ago, last seen a month ago.
    await ctx.database.query(
      `update session set expire = now() + interval '7 days' - interval '1 hour' where user_id = $1`,
      [user.id],
    );
    await ctx.database.query(
      `update user_organizations set last_active_at = now() - interval '30 days' where user_id = $1`,
      [user.id],
    );
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    await expect
      .poll(async () => {
        const [row] = await ctx.database.query<{ slid: boolean; active: boolean }>(
          `select s.expire > now() + interval '7 days' - interval '1 minute' as slid,
             m.last_active_at > now() - interval '1 minute' as active
           from session s join user_organizations m on m.user_id = s.user_id and m.organization_id = $2
           where s.user_id = $1`,
          [user.id, org.id],
        );
        return row;
      })
      .toEqual({ slid: true, active: true });
  });
});
