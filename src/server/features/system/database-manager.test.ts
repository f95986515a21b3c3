import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext, uniqueId } from '../../../../tests/support/app';
import { buildOrg, buildSystemUser, buildUser } from '../../../../tests/support/factories';
import { expectNoSecrets } from '../../../../tests/support/secrets';
import { OWNERLESS_ORGANIZATION, ownerlessOrganization, sqlState } from '../../db/errors';
import { isSecretColumn, managedTableNames } from './tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const SPEC_TABLES = [
  'users',
  'organizations',
  'user_organizations',
  'teams',
  'team_members',
  'team_links',
  'team_assets',
  'calendar_events',
  'calendar_event_teams',
  'calendar_event_followers',
];

async function teamIn(orgId: number) {
  const [team] = await ctx.database.query<{ id: number }>(
    `insert into teams (organization_id, name, handle) values ($1, 'Crew', $2) returning id`,
    [orgId, `crew-${uniqueId()}`],
  );
  return team.id;
}

describe('the allow-list', () => {
  it("offers the spec's tables (not the session store or feed tokens)", async () => {
    const { agent } = await buildSystemUser(ctx);
    const res = await agent.get('/api/system/database/tables');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { name: string; rowCount: number }[]).map((t) => t.name);
    for (const t of SPEC_TABLES) expect(names).toContain(t);
    for (const t of ['session', 'calendar_feed_tokens', 'app_secrets', 'mail_outbox', 'stored_files'])
      expect(names).not.toContain(t);
    expect(names).toEqual(managedTableNames());
  });

  it('shows, exports and edits no secret column in any table', async () => {
    const { agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    await ctx.database.query(
      `update users set reset_token = 'digest-of-a-reset-token', email_verification_token = 'digest-of-verify'
       where id = $1`,
      [user.id],
    );
    const bodies: string[] = [];
    for (const table of managedTableNames()) {
      const schema = await agent.get(`/api/system/database/schema/${table}`);
      expect(schema.statusCode).toBe(200);
      const columns = (schema.json().columns as { column_name: string }[]).map((c) => c.column_name);
      expect(columns.length).toBeGreaterThan(0);
      expect(columns.filter((c) => isSecretColumn(table, c))).toEqual([]);
      const list = await agent.get(`/api/system/database/table/${table}?pageSize=100`);
      expect(list.statusCode).toBe(200);
      for (const record of list.json().records as Record<string, unknown>[]) {
        expect(Object.keys(record).filter((c) => isSecretColumn(table, c))).toEqual([]);
      }
      const exported = await agent.get(`/api/system/database/table/${table}/export`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toBe(`attachment; filename="${table}_export.json"`);
      bodies.push(schema.body, list.body, exported.body);
    }
    const users = await agent.get(`/api/system/database/table/users?search=${user.username}`);
    expect(users.json().records).toHaveLength(1);
    expect(Object.keys(users.json().records[0])).not.toContain('password');
    const edited = await agent.patch(`/api/system/database/table/users/${user.id}`, { bio: 'Edited' });
    expect(edited.statusCode).toBe(200);
    bodies.push(users.body, edited.body);
    for (const body of bodies) {
      expect(body).not.toContain('digest-of-a-reset-token');
      expect(body).not.toContain('digest-of-verify');
      expect(body).not.toMatch(/"(password|reset_token|email_verification_token|sess|sid|token_hash)"/);
    }
    await expectNoSecrets(ctx, bodies);
    // The audit trail of that edit does not keep the secrets either.
    const [audit] = await ctx.database.query<{ details: unknown }>(
      `select details from audit_log where action = 'database.record_updated' and target_type = 'users'
       and target_id = $1`,
      [user.id],
    );
    expect(JSON.stringify(audit.details)).not.toMatch(/password|reset_token|\$argon2/);
  });

  it('refuses writing secret columns by name, and hidden ones added later by pattern', async () => {
    const { agent } = await buildSystemUser(ctx);
    const user = await buildUser(ctx.database);
    for (const column of ['password', 'reset_token', 'totp_secret', 'recovery_codes', 'api_key']) {
      const res = await agent.patch(`/api/system/database/table/users/${user.id}`, { [column]: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${column}: This column cannot be written here`);
    }
    expect(isSecretColumn('users', 'totp_secret')).toBe(true);
    expect(isSecretColumn('users', 'mfa_recovery_codes')).toBe(true);
    expect(isSecretColumn('users', 'username')).toBe(false);
    const [row] = await ctx.database.query<{ password: string }>('select password from users where id = $1', [
      user.id,
    ]);
    expect(row.password).toMatch(/^\$argon2/);
  });
});

describe('hostile and malformed input', () => {
  it('answers 4xx with a message for unknown tables and hostile identifiers', async () => {
    const { agent } = await buildSystemUser(ctx);
    const names = [
      'pg_shadow',
      'session',
      'calendar_feed_tokens',
      'app_secrets',
      'users%3Bdrop%20table%20users',
      '%22users%22',
      'information_schema.tables',
      'constructor',
      '__proto__',
      'toString',
      'USERS',
    ];
    for (const name of names) {
      for (const url of [
        `/api/system/database/table/${name}`,
        `/api/system/database/schema/${name}`,
        `/api/system/database/table/${name}/export`,
      ]) {
        const res = await agent.get(url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(typeof res.json().message).toBe('string');
      }
      const write = await agent.post(`/api/system/database/table/${name}`, { name: 'x' });
      expect([400, 404]).toContain(write.statusCode);
    }
    const [users] = await ctx.database.query<{ n: number }>('select count(*)::int as n from users');
    expect(users.n).toBeGreaterThan(0);
  });

  it('answers 400 for wrong-type ids, values and unknown columns; 404 for a missing row', async () => {
    const { agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', "1';drop"]) {
      const res = await agent.patch(`/api/system/database/table/organizations/${id}`, { name: 'x' });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ require_admin_approval: 'yes' }, 'require_admin_approval: Invalid value for boolean'],
      [{ shortname: 'x'.repeat(51) }, 'shortname: Shortname must be at most 50 characters'],
      [{ name: null }, 'name: Organization name is required'],
      [{ 'name"; drop table users; --': 'x' }, 'name"; drop table users; --: Unknown column'],
      [{ id: 5 }, 'id: The id cannot be changed'],
      [{}, 'No values to save'],
    ];
    for (const [body, message] of cases) {
      const res = await agent.patch(`/api/system/database/table/organizations/${org.id}`, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const team = await teamIn(org.id);
    for (const [value, message] of [
      ['one', 'archived_at: Invalid value for timestamp with time zone'],
      ['yesterday', 'archived_at: Invalid value for timestamp with time zone'],
    ]) {
      const res = await agent.patch(`/api/system/database/table/teams/${team}`, { archived_at: value });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const value of ['one', 2 ** 40]) {
      const res = await agent.post('/api/system/database/table/team_links', {
        organization_id: value,
        team_id: team,
        url: 'https://x.test',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('organization_id: Invalid value for integer');
    }
    const missing = await agent.patch('/api/system/database/table/organizations/2147483647', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Record not found' });
    const huge = await agent.patch(`/api/system/database/table/organizations/${org.id}`, {
      description: 'x'.repeat(300 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    const array = await agent.request('PATCH', `/api/system/database/table/organizations/${org.id}`, [1, 2]);
    expect(array.statusCode).toBe(400);
    const [row] = await ctx.database.query('select name, description from organizations where id = $1', [
      org.id,
    ]);
    expect(row).toEqual({ name: org.name, description: null });
    const audit = await ctx.database.query('select 1 from audit_log where organization_id = $1', [org.id]);
    expect(audit).toEqual([]);
  });

  it('turns constraint failures into 400/409, never 500', async () => {
    const { agent } = await buildSystemUser(ctx);
    const a = await buildOrg(ctx.database);
    const b = await buildOrg(ctx.database);
    const dup = await agent.patch(`/api/system/database/table/organizations/${b.id}`, {
      shortname: a.shortname,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'A record with these values already exists' });
    const team = await teamIn(a.id);
    const badRef = await agent.post('/api/system/database/table/team_links', {
      organization_id: a.id,
      team_id: 2147483000,
      url: 'https://x.test',
    });
    expect(badRef.statusCode).toBe(400);
    const missing = await agent.post('/api/system/database/table/team_links', {
      organization_id: a.id,
      team_id: team,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('url: This column is required');
    const users = await agent.post('/api/system/database/table/users', { username: 'x', email: 'x@x.test' });
    expect(users.statusCode).toBe(400);
    expect(users.json().message).toBe(
      'Records of users cannot be created here; use the screens made for them',
    );
  });
});

describe('self lock-out', () => {
  it('refuses deleting or demoting the signed-in system user through the manager', async () => {
    const { user, agent } = await buildSystemUser(ctx);
    const del = await agent.delete(`/api/system/database/table/users/${user.id}`);
    expect(del.statusCode).toBe(400);
    expect(del.json()).toEqual({ message: 'You cannot remove your own system access here' });
    const demote = await agent.patch(`/api/system/database/table/users/${user.id}`, {
      is_system_user: false,
    });
    expect(demote.statusCode).toBe(403);
    const bio = await agent.patch(`/api/system/database/table/users/${user.id}`, { bio: 'Ops' });
    expect(bio.statusCode).toBe(200);
    const [row] = await ctx.database.query('select is_system_user from users where id = $1', [user.id]);
    expect(row).toEqual({ is_system_user: true });
  });
});

describe('records: list, add, edit, delete', () => {
  it('pages and searches on the server', async () => {
    const { agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    const team = await teamIn(org.id);
    const tag = uniqueId();
    for (let i = 0; i < 7; i++) {
      await ctx.database.query(
        `insert into team_links (organization_id, team_id, url, label) values ($1, $2, $3, $4)`,
        [org.id, team, `https://x.test/${i}`, `link ${tag} ${i}`],
      );
    }
    const first = await agent.get(`/api/system/database/table/team_links?search=${tag}&pageSize=3&page=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ table: 'team_links', total: 7, page: 1, pageSize: 3 });
    expect(first.json().records).toHaveLength(3);
    expect(first.json().columns).toEqual(['id', 'organization_id', 'team_id', 'url', 'label', 'created_at']);
    const third = await agent.get(`/api/system/database/table/team_links?search=${tag}&pageSize=3&page=3`);
    expect(third.json().records).toHaveLength(1);
    const pct = await agent.get(`/api/system/database/table/team_links?search=${tag}%25`);
    expect(pct.json().total).toBe(0);
    expect((await agent.get('/api/system/database/table/team_links?pageSize=1000')).statusCode).toBe(400);
  });

  it('adds, edits and deletes with the before and after values audited in the same transaction', async () => {
    const { user: admin, agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    const team = await teamIn(org.id);
    const created = await agent.post('/api/system/database/table/team_links', {
      organization_id: org.id,
      team_id: team,
      url: 'https://example.test/a',
      label: 'A',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ organization_id: org.id, team_id: team, label: 'A' });

    const edited = await agent.patch(`/api/system/database/table/team_links/${id}`, { label: 'B' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, label: 'B', url: 'https://example.test/a' });

    const deleted = await agent.delete(`/api/system/database/table/team_links/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, deleted: true });
    expect(await ctx.database.query('select 1 from team_links where id = $1', [id])).toEqual([]);
    expect((await agent.delete(`/api/system/database/table/team_links/${id}`)).statusCode).toBe(404);

    const audit = await ctx.database.query<{ action: string; actor_id: number; details: unknown }>(
      `select action, actor_id, details from audit_log where organization_id = $1 and target_type = 'team_links'
       order by id`,
      [org.id],
    );
    const parsed = audit.map((a) => ({
      ...a,
      details: (typeof a.details === 'string' ? JSON.parse(a.details) : a.details) as {
        before: { label: string } | null;
        after: { label: string } | null;
      },
    }));
    expect(parsed.map((a) => [a.action, a.actor_id])).toEqual([
      ['database.record_created', admin.id],
      ['database.record_updated', admin.id],
      ['database.record_deleted', admin.id],
    ]);
    expect([parsed[0].details.before, parsed[0].details.after?.label]).toEqual([null, 'A']);
    expect([parsed[1].details.before?.label, parsed[1].details.after?.label]).toEqual(['A', 'B']);
    expect([parsed[2].details.before?.label, parsed[2].details.after]).toEqual(['B', null]);
  });

  it('converts typed values: timestamps, arrays and JSON', async () => {
    const { agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    const res = await agent.patch(`/api/system/database/table/teams/${await teamIn(org.id)}`, {
      archived_at: '2026-01-02T03:04:05Z',
      description: 'Edited in the manager',
    });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().archived_at).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    const user = await buildUser(ctx.database, { org });
    const tags = await agent.patch(`/api/system/database/table/users/${user.id}`, {
      roles: ['Performer'],
      notification_settings: { emailNotifications: false },
    });
    expect(tags.statusCode).toBe(200);
    expect(tags.json()).toMatchObject({
      roles: ['Performer'],
      notification_settings: { emailNotifications: false },
    });
    const bad = await agent.patch(`/api/system/database/table/users/${user.id}`, { roles: [1] });
    expect(bad.statusCode).toBe(400);
  });
});

/** An organization with its owner and one standard member, as registration and joining leave it. */
async function ownedOrg() {
  const org = await buildOrg(ctx.database);
  const owner = await buildUser(ctx.database, { org, role: 'owner' });
  const member = await buildUser(ctx.database, { org, role: 'standard_user' });
  const membershipOf = async (userId: number) => {
    const [row] = await ctx.database.query<{ id: number; role: string; status: string; is_active: boolean }>(
      'select id, role, status, is_active from user_organizations where organization_id = $1 and user_id = $2',
      [org.id, userId],
    );
    return row;
  };
  return { org, owner, member, membershipOf };
}

const OWNER_KEPT = 'An organization must keep an active owner.';

describe('columns that carry authority are read-only here', () => {
  it('refuses making anyone a system user, and changing sign-in factors', async () => {
    const { agent } = await buildSystemUser(ctx);
    const user = await buildUser(ctx.database);
    const cases: [Record<string, unknown>, string][] = [
      [{ is_system_user: true }, 'is_system_user'],
      [{ email: 'taken-over@example.test' }, 'email'],
      [{ email_verified_at: '2026-01-01T00:00:00Z' }, 'email_verified_at'],
      [{ bio: 'fine', is_system_user: true }, 'is_system_user'],
    ];
    for (const [body, column] of cases) {
      const res = await agent.patch(`/api/system/database/table/users/${user.id}`, body);
      expect(res.statusCode, column).toBe(403);
      expect(res.json().message).toMatch(new RegExp(`^${column}: .*cannot be changed here`));
    }
    const [row] = await ctx.database.query('select is_system_user, email, bio from users where id = $1', [
      user.id,
    ]);
    expect(row).toEqual({ is_system_user: false, email: user.email, bio: null });
  });

  it('refuses demoting the owner, promoting a member, disabling or moving a membership', async () => {
    const { agent } = await buildSystemUser(ctx);
    const { owner, member, membershipOf } = await ownedOrg();
    const other = await buildOrg(ctx.database);
    const ownerRow = await membershipOf(owner.id);
    const memberRow = await membershipOf(member.id);
    const cases: [number, Record<string, unknown>, string][] = [
      [ownerRow.id, { role: 'standard_user' }, 'role'],
      [memberRow.id, { role: 'owner' }, 'role'],
      [memberRow.id, { role: 'admin' }, 'role'],
      [ownerRow.id, { status: 'disabled' }, 'status'],
      [ownerRow.id, { is_active: false }, 'is_active'],
      [memberRow.id, { organization_id: other.id }, 'organization_id'],
      [memberRow.id, { user_id: owner.id }, 'user_id'],
      [memberRow.id, { approved_by: owner.id }, 'approved_by'],
    ];
    for (const [id, body, column] of cases) {
      const res = await agent.patch(`/api/system/database/table/user_organizations/${id}`, body);
      expect(res.statusCode, column).toBe(403);
      expect(res.json().message).toMatch(new RegExp(`^${column}: `));
    }
    expect(await membershipOf(owner.id)).toEqual(ownerRow);
    expect(await membershipOf(member.id)).toEqual(memberRow);
  });

  it('refuses adding memberships (the Users screen adds people)', async () => {
    const { agent } = await buildSystemUser(ctx);
    const { org } = await ownedOrg();
    const outsider = await buildUser(ctx.database);
    const res = await agent.post('/api/system/database/table/user_organizations', {
      user_id: outsider.id,
      organization_id: org.id,
      role: 'owner',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Records of user_organizations cannot be created here; use the screens made for them',
    );
    expect(
      await ctx.database.query('select 1 from user_organizations where user_id = $1', [outsider.id]),
    ).toEqual([]);
  });

  it('refuses approval columns; the approval queue decides', async () => {
    const { agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    for (const body of [{ approval_status: 'approved' }, { approved_by: 1 }, { rejection_reason: 'x' }]) {
      const res = await agent.patch(`/api/system/database/table/organizations/${org.id}`, body);
      expect(res.statusCode).toBe(403);
    }
    const [row] = await ctx.database.query('select approval_status from organizations where id = $1', [
      org.id,
    ]);
    expect(row).toEqual({ approval_status: 'pending' });
  });

  it('describes which columns may be written, so the screen shows the rest read-only', async () => {
    const { agent } = await buildSystemUser(ctx);
    const res = await agent.get('/api/system/database/schema/user_organizations');
    expect(res.statusCode).toBe(200);
    const columns = res.json().columns as {
      column_name: string;
      editable: boolean;
      readOnlyReason: string | null;
    }[];
    const byName = Object.fromEntries(columns.map((c) => [c.column_name, c]));
    expect(byName.role.editable).toBe(false);
    expect(byName.role.readOnlyReason).toMatch(/cannot be changed here/);
    expect(byName.organization_roles.editable).toBe(true);
    const users = await agent.get('/api/system/database/schema/users');
    const userColumns = users.json().columns as { column_name: string; editable: boolean }[];
    expect(userColumns.find((c) => c.column_name === 'is_system_user')?.editable).toBe(false);
    expect(userColumns.find((c) => c.column_name === 'bio')?.editable).toBe(true);
  });
});

describe("writes follow the app's own input rules", () => {
  it('checks organization columns with the settings and branding rules', async () => {
    const { agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    const cases: [Record<string, unknown>, string][] = [
      [{ shortname: 'BAD NAME!!' }, 'shortname: Only lowercase letters, numbers, and hyphens allowed'],
      [{ shortname: 'x'.repeat(51) }, 'shortname: Shortname must be at most 50 characters'],
      [
        { primary_color: 'red;background:url(https://evil.test)' },
        'primary_color: Must be a valid hex color',
      ],
      [{ text_color: '#12345' }, 'text_color: Must be a valid hex color'],
      [{ contact_email: 'not-an-address' }, 'contact_email: Invalid email'],
      [{ timezone: 'Mars/Olympus' }, 'timezone: Please choose a valid time zone'],
      [{ default_role: 'owner' }, 'default_role: This role cannot be assigned'],
      [{ logo_url: 'javascript:alert(1)' }, 'logo_url: Must be a valid URL'],
      [{ theme: 'neon' }, 'theme: Theme must be light, dark or auto'],
    ];
    for (const [body, message] of cases) {
      const res = await agent.patch(`/api/system/database/table/organizations/${org.id}`, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const [row] = await ctx.database.query(
      'select shortname, primary_color, contact_email from organizations where id = $1',
      [org.id],
    );
    expect(row).toEqual({ shortname: org.shortname, primary_color: '#6b46c1', contact_email: null });
  });

  it('checks user columns with the profile rules', async () => {
    const { agent } = await buildSystemUser(ctx);
    const user = await buildUser(ctx.database);
    const bad = await agent.patch(`/api/system/database/table/users/${user.id}`, { username: 'bad name!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'username: Username can only contain letters, numbers, dots, underscores and hyphens',
    );
    const [row] = await ctx.database.query('select username from users where id = $1', [user.id]);
    expect(row).toEqual({ username: user.username });
  });

  it('checks inserted rows with the same rules, and leaves nothing behind', async () => {
    const { agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    const handle = `bad handle ${uniqueId()}`;
    const res = await agent.post('/api/system/database/table/teams', {
      organization_id: org.id,
      name: 'Crew',
      handle,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'handle: Handle can only contain letters, numbers, underscores, and hyphens',
    );
    const link = await agent.post('/api/system/database/table/team_links', {
      organization_id: org.id,
      team_id: await teamIn(org.id),
      url: 'javascript:alert(1)',
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toBe('url: Please enter a valid URL');
    expect(await ctx.database.query('select 1 from teams where handle = $1', [handle])).toEqual([]);
    const good = await agent.post('/api/system/database/table/teams', {
      organization_id: org.id,
      name: 'Crew',
      handle: `crew-${uniqueId()}`,
    });
    expect(good.statusCode).toBe(201);
  });

  it("refuses a new row naming another organization's team or a non-member", async () => {
    const { agent } = await buildSystemUser(ctx);
    const { org, member } = await ownedOrg();
    const other = await buildOrg(ctx.database);
    const theirTeam = await teamIn(other.id);
    const outsider = await buildUser(ctx.database, { org: other });
    const cases: [string, Record<string, unknown>, string][] = [
      ['team_links', { organization_id: org.id, team_id: theirTeam, url: 'https://x.test' }, 'team_id'],
      ['team_members', { organization_id: org.id, team_id: theirTeam, user_id: member.id }, 'team_id'],
      [
        'team_members',
        { organization_id: org.id, team_id: await teamIn(org.id), user_id: outsider.id },
        'user_id',
      ],
    ];
    for (const [table, body, column] of cases) {
      const res = await agent.post(`/api/system/database/table/${table}`, body);
      expect(res.statusCode, `${table}.${column}`).toBe(400);
      expect(res.json().message).toBe(`${column}: Must be in the same organization as the record`);
    }
    expect(
      await ctx.database.query('select 1 from team_members where organization_id = $1', [org.id]),
    ).toEqual([]);
    const good = await agent.post('/api/system/database/table/team_members', {
      organization_id: org.id,
      team_id: await teamIn(org.id),
      user_id: member.id,
    });
    expect(good.statusCode).toBe(201);
    expect(good.json()).toMatchObject({ role: 'member' });
  });

  it('still saves a valid edit of a harmless column', async () => {
    const { agent } = await buildSystemUser(ctx);
    const { org, owner, membershipOf } = await ownedOrg();
    const res = await agent.patch(`/api/system/database/table/organizations/${org.id}`, {
      description: 'Community theater',
      primary_color: '#123456',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Community theater', primary_color: '#123456' });
    const roles = await agent.patch(
      `/api/system/database/table/user_organizations/${(await membershipOf(owner.id)).id}`,
      { organization_roles: ['Administration'] },
    );
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toMatchObject({ role: 'owner', organization_roles: ['Administration'] });
  });
});

describe('every organization keeps an active owner', () => {
  it("refuses deleting the owner's membership or the owner's account through the manager", async () => {
    const { agent } = await buildSystemUser(ctx);
    const { org, owner, member, membershipOf } = await ownedOrg();
    const ownerRow = await membershipOf(owner.id);
    const membership = await agent.delete(`/api/system/database/table/user_organizations/${ownerRow.id}`);
    expect(membership.statusCode).toBe(409);
    expect(membership.json()).toEqual({ message: OWNER_KEPT });
    const account = await agent.delete(`/api/system/database/table/users/${owner.id}`);
    expect(account.statusCode).toBe(409);
    expect(account.json()).toEqual({ message: OWNER_KEPT });
    expect(await membershipOf(owner.id)).toEqual(ownerRow);
    const audit = await ctx.database.query(
      `select 1 from audit_log where organization_id = $1 and action = 'database.record_deleted'`,
      [org.id],
    );
    expect(audit).toEqual([]);
    // A member who is not the owner can still be removed.
    const removed = await agent.delete(
      `/api/system/database/table/user_organizations/${(await membershipOf(member.id)).id}`,
    );
    expect(removed.statusCode).toBe(200);
  });

  it('is enforced by the database: raw deletes and updates of the last owner fail', async () => {
    const { org, owner, membershipOf } = await ownedOrg();
    const ownerRow = await membershipOf(owner.id);
    const attempts = [
      ['delete from user_organizations where id = $1', [ownerRow.id]],
      [`update user_organizations set role = 'admin' where id = $1`, [ownerRow.id]],
      [`update user_organizations set status = 'disabled' where id = $1`, [ownerRow.id]],
      ['update user_organizations set is_active = false where id = $1', [ownerRow.id]],
      ['delete from users where id = $1', [owner.id]],
    ] as const;
    for (const [text, params] of attempts) {
      const failed = await ctx.database.query(text, [...params]).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(sqlState(failed), text).toBe(OWNERLESS_ORGANIZATION);
      expect(ownerlessOrganization(failed), text).toBe(true);
    }
    expect(await membershipOf(owner.id)).toEqual(ownerRow);
    expect(await ctx.database.query('select 1 from organizations where id = $1', [org.id])).toHaveLength(1);
  });

  it('allows handing ownership over in one transaction, and deleting a whole organization', async () => {
    const { org, owner, member, membershipOf } = await ownedOrg();
    await ctx.database.transaction(async (q) => {
      await q.query(
        `update user_organizations set role = 'admin' where organization_id = $1 and user_id = $2`,
        [org.id, owner.id],
      );
      await q.query(
        `update user_organizations set role = 'owner' where organization_id = $1 and user_id = $2`,
        [org.id, member.id],
      );
    });
    expect((await membershipOf(member.id)).role).toBe('owner');
    // The former owner is now an ordinary member and may leave.
    await ctx.database.query('delete from users where id = $1', [owner.id]);
    await ctx.database.query('delete from organizations where id = $1', [org.id]);
    expect(
      await ctx.database.query('select 1 from user_organizations where organization_id = $1', [org.id]),
    ).toEqual([]);
    // An organization that never had an owner (built directly in tests) is not held to it.
    const bare = await buildOrg(ctx.database);
    const lone = await buildUser(ctx.database, { org: bare, role: 'admin' });
    await ctx.database.query('delete from users where id = $1', [lone.id]);
  });
});
