import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext, uniqueId } from '../../../../tests/support/app';
import {
  type BuiltOrg,
  buildOrg,
  buildSystemUser,
  buildUser,
  signedIn,
} from '../../../../tests/support/factories';
import { expectNoSecrets } from '../../../../tests/support/secrets';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const statusOf = async (org: BuiltOrg) =>
  (
    await ctx.database.query<{ approval_status: string }>(
      'select approval_status from organizations where id = $1',
      [org.id],
    )
  )[0].approval_status;

const auditOf = (org: BuiltOrg) =>
  ctx.database.query<{ action: string; actor_id: number }>(
    'select action, actor_id from audit_log where organization_id = $1 order by id',
    [org.id],
  );

describe('GET /api/system/organizations', () => {
  it('lists every organization with user counts, owner and dates, filtered by search and status', async () => {
    const { agent } = await buildSystemUser(ctx);
    const tag = uniqueId();
    const approved = await buildOrg(ctx.database);
    await ctx.database.query('update organizations set name = $2 where id = $1', [
      approved.id,
      `Alpha ${tag}`,
    ]);
    const owner = await buildUser(ctx.database, { org: approved, role: 'owner' });
    await buildUser(ctx.database, { org: approved });
    const rejected = await buildOrg(ctx.database, { approvalStatus: 'rejected' });
    await ctx.database.query('update organizations set name = $2 where id = $1', [
      rejected.id,
      `Beta ${tag}`,
    ]);

    const res = await agent.get(`/api/system/organizations?search=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((o: { id: number }) => o.id).sort()).toEqual([approved.id, rejected.id].sort());
    const alpha = body.items.find((o: { id: number }) => o.id === approved.id);
    expect(alpha).toMatchObject({
      name: `Alpha ${tag}`,
      shortname: approved.shortname,
      approvalStatus: 'approved',
      userCount: 2,
      owner: { id: owner.id, username: owner.username, email: owner.email },
    });
    expect(new Date(alpha.createdAt).getTime()).toBeGreaterThan(0);
    // The counts cover every organization, whatever the filters.
    const [all] = await ctx.database.query<{ n: number }>('select count(*)::int as n from organizations');
    expect(body.counts.total).toBeGreaterThanOrEqual(2);
    expect(body.counts.total).toBeLessThanOrEqual(all.n);
    expect(Object.keys(body.counts).sort()).toEqual([
      'approved',
      'pending',
      'rejected',
      'suspended',
      'total',
    ]);

    const onlyRejected = (await agent.get(`/api/system/organizations?search=${tag}&status=rejected`)).json();
    expect(onlyRejected.items.map((o: { id: number }) => o.id)).toEqual([rejected.id]);
    // Search is text, not a pattern: % matches only a literal percent sign.
    const literal = (await agent.get(`/api/system/organizations?search=${tag}%25`)).json();
    expect(literal.items).toEqual([]);
    await expectNoSecrets(ctx, [res.body]);
  });

  it('refuses an unknown status filter and an overlong search with 400', async () => {
    const { agent } = await buildSystemUser(ctx);
    expect((await agent.get('/api/system/organizations?status=deleted')).statusCode).toBe(400);
    const long = await agent.get(`/api/system/organizations?search=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Search is too long');
  });
});

describe('approval transitions', () => {
  it('re-approves a rejected organization, suspends an approved one and restores it; each audited and mailed', async () => {
    const { user: admin, agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database, { approvalStatus: 'rejected' });
    const owner = await buildUser(ctx.database, { org, role: 'owner' });

    const again = await agent.post(`/api/system/organizations/${org.id}/approve`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ approvalStatus: 'approved', rejectionReason: null });
    const member = await signedIn(ctx, owner, org);
    expect((await member.get('/api/me')).statusCode).toBe(200);

    const suspended = await agent.post(`/api/system/organizations/${org.id}/suspend`, { reason: 'Unpaid' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ approvalStatus: 'suspended', rejectionReason: 'Unpaid' });
    expect(await statusOf(org)).toBe('suspended');
    // Signed out at once, cannot sign in again, and the public pages are gone.
    expect((await member.get('/api/me')).statusCode).toBe(401);
    const login = await new Agent(ctx.app, org.host).post('/api/login', {
      username: owner.username,
      password: owner.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: 'Your organization has been suspended' });
    expect((await new Agent(ctx.app).get(`/api/public/${org.shortname}/calendar`)).statusCode).toBe(404);

    const restored = await agent.post(`/api/system/organizations/${org.id}/approve`);
    expect(restored.json()).toMatchObject({ approvalStatus: 'approved' });
    expect((await signedIn(ctx, owner, org).then((a) => a.get('/api/me'))).statusCode).toBe(200);
    expect((await new Agent(ctx.app).get(`/api/public/${org.shortname}/calendar`)).statusCode).toBe(200);

    expect(await auditOf(org)).toEqual([
      { action: 'organization.approved', actor_id: admin.id },
      { action: 'organization.suspended', actor_id: admin.id },
      { action: 'organization.approved', actor_id: admin.id },
    ]);
    const subjects = ctx.mail.filter((m) => m.to === owner.email).map((m) => m.subject);
    expect(subjects).toEqual([
      `${org.name} is approved`,
      `${org.name} has been suspended`,
      `${org.name} is approved`,
    ]);
    expect(ctx.mail.filter((m) => m.to === owner.email)[1].text).toContain('Reason: Unpaid');
  });

  it('refuses decisions the state does not allow with 409 and changes nothing', async () => {
    const { agent } = await buildSystemUser(ctx);
    const approved = await buildOrg(ctx.database);
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    const rejected = await buildOrg(ctx.database, { approvalStatus: 'rejected' });
    const cases: [BuiltOrg, string, string][] = [
      [approved, 'approve', 'This organization is already approved'],
      [approved, 'reject', 'Only a pending organization can be rejected'],
      [rejected, 'reject', 'Only a pending organization can be rejected'],
      [pending, 'suspend', 'Only an approved organization can be suspended'],
      [rejected, 'suspend', 'Only an approved organization can be suspended'],
    ];
    for (const [org, decision, message] of cases) {
      const before = await statusOf(org);
      const res = await agent.post(`/api/system/organizations/${org.id}/${decision}`, {});
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message });
      expect(await statusOf(org)).toBe(before);
      expect(await auditOf(org)).toEqual([]);
    }
    const unknown = await agent.post('/api/system/organizations/999999999/suspend', {});
    expect(unknown.statusCode).toBe(404);
    const long = await agent.post(`/api/system/organizations/${approved.id}/suspend`, {
      reason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Reason is too long');
  });
});

describe('POST /api/system/organizations (Organization Registration)', () => {
  it('creates an approved organization and its owner, who sets a password from the mailed link', async () => {
    const { user: admin, agent } = await buildSystemUser(ctx);
    const id = uniqueId();
    const input = {
      organizationName: `Riverside ${id}`,
      organizationShortname: `rs-${id}`,
      ownerUsername: `owner_${id}`,
      ownerEmail: `owner_${id}@example.test`,
      ownerFirstName: 'Rita',
    };
    const res = await agent.post('/api/system/organizations', input);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: input.organizationName,
      shortname: input.organizationShortname,
      approvalStatus: 'approved',
      owner: { username: input.ownerUsername, email: input.ownerEmail },
    });
    const mail = ctx.mail.filter((m) => m.to === input.ownerEmail);
    expect(mail).toHaveLength(1);
    const link = /\/reset-password\?token=([\w-]+)/.exec(mail[0].text);
    expect(mail[0].text).toContain(
      `http://${input.organizationShortname}.localhost:5000/reset-password?token=`,
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);
    const password = 'A-new-password-1';
    const reset = await new Agent(ctx.app, `${input.organizationShortname}.localhost`).post(
      '/api/reset-password',
      { token, password, confirmPassword: password },
    );
    expect(reset.statusCode).toBe(200);
    const login = await new Agent(ctx.app, `${input.organizationShortname}.localhost`).post('/api/login', {
      username: input.ownerUsername,
      password,
    });
    expect(login.statusCode).toBe(200);
    const me = await ctx.database.query(
      `select m.role from user_organizations m where m.organization_id = $1 and m.user_id = $2`,
      [created.id, created.owner.id],
    );
    expect(me).toEqual([{ role: 'owner' }]);
    const audit = await ctx.database.query<{ action: string; actor_id: number }>(
      'select action, actor_id from audit_log where organization_id = $1',
      [created.id],
    );
    expect(audit).toEqual([{ action: 'organization.registered', actor_id: admin.id }]);
    await expectNoSecrets(ctx, [res.body], [token]);
  });

  it('refuses taken names and invalid input, creating nothing', async () => {
    const { agent } = await buildSystemUser(ctx);
    const existing = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org: existing });
    const id = uniqueId();
    const base = {
      organizationName: 'New',
      organizationShortname: `n-${id}`,
      ownerUsername: `o_${id}`,
      ownerEmail: `o_${id}@example.test`,
    };
    const taken = [
      [{ ...base, organizationShortname: existing.shortname }, 'Organization shortname is not available'],
      [{ ...base, ownerUsername: owner.username }, 'Username already exists'],
      [{ ...base, ownerEmail: owner.email }, 'Email already exists'],
    ] as const;
    for (const [body, message] of taken) {
      const res = await agent.post('/api/system/organizations', body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message });
    }
    const invalid = [
      [{ ...base, organizationName: ' ' }, 'Organization name is required'],
      [{ ...base, ownerEmail: 'nope' }, 'Invalid email address'],
      [
        { ...base, organizationShortname: 'Bad Name' },
        'Only lowercase letters, numbers, and hyphens allowed',
      ],
      [{ ...base, ownerUsername: 'ab' }, 'Username must be at least 3 characters'],
    ] as const;
    for (const [body, message] of invalid) {
      const res = await agent.post('/api/system/organizations', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const rows = await ctx.database.query('select 1 from organizations where shortname = $1', [
      base.organizationShortname,
    ]);
    expect(rows).toEqual([]);
  });
});
