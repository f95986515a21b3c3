// Small factories: each test builds its own organization and people, so none depends on another.
import type { PermissionRole } from '../../src/common/permissions';
import type { Database } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/features/auth/passwords';
import { Agent, type TestContext, uniqueId } from './app';

export const PASSWORD = 'Correct-horse-9';
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

export interface BuiltOrg {
  id: number;
  name: string;
  shortname: string;
  host: string;
}

export async function buildOrg(
  database: Database,
  overrides: Partial<{
    approvalStatus: string;
    enablePublicRegistration: boolean;
    requireAdminApproval: boolean;
    defaultRole: string;
  }> = {},
): Promise<BuiltOrg> {
  const shortname = `org-${uniqueId()}`;
  const [org] = await database.query<{ id: number; name: string; shortname: string }>(
    `insert into organizations (name, shortname, approval_status, approved_at, enable_public_registration,
       require_admin_approval, default_role)
     values ($1, $2, $3, now(), $4, $5, $6) returning id, name, shortname`,
    [
      `Theater ${shortname}`,
      shortname,
      overrides.approvalStatus ?? 'approved',
      overrides.enablePublicRegistration ?? false,
      overrides.requireAdminApproval ?? true,
      overrides.defaultRole ?? 'standard_user',
    ],
  );
  return { ...org, host: `${shortname}.localhost` };
}

export interface BuiltUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

export async function buildUser(
  database: Database,
  opts: {
    org?: BuiltOrg;
    role?: PermissionRole;
    status?: 'active' | 'disabled' | 'pending_approval';
    firstName?: string;
    lastName?: string;
    organizationRoles?: string[];
    isSystemUser?: boolean;
  } = {},
): Promise<BuiltUser> {
  const username = `user_${uniqueId()}`;
  const email = `${username}@example.test`;
  const [user] = await database.query<{ id: number }>(
    `insert into users (username, email, password, first_name, last_name, is_system_user)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      username,
      email,
      await hashed(),
      opts.firstName ?? 'Test',
      opts.lastName ?? 'Person',
      opts.isSystemUser ?? false,
    ],
  );
  if (opts.org) {
    const status = opts.status ?? 'active';
    await database.query(
      `insert into user_organizations (user_id, organization_id, role, organization_roles, status, is_active, approved_at)
       values ($1, $2, $3, $4, $5, $6, now())`,
      [
        user.id,
        opts.org.id,
        opts.role ?? 'standard_user',
        opts.organizationRoles ?? [],
        status,
        status === 'active',
      ],
    );
  }
  return { id: user.id, username, email, password: PASSWORD };
}

/** An agent signed in as the user, on the organization's own address (or the main site). */
export async function signedIn(ctx: TestContext, user: BuiltUser, org?: BuiltOrg): Promise<Agent> {
  const agent = new Agent(ctx.app, org?.host ?? 'localhost');
  const res = await agent.post('/api/login', { username: user.username, password: user.password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return agent;
}

/** An organization with one member of each permission role, each signed in. */
export async function buildOrgWithRoles(ctx: TestContext) {
  const org = await buildOrg(ctx.database);
  const people = {} as Record<PermissionRole, BuiltUser>;
  const agents = {} as Record<PermissionRole, Agent>;
  for (const role of [
    'owner',
    'admin',
    'board',
    'volunteer_coordinator',
    'team_lead',
    'standard_user',
  ] as const) {
    people[role] = await buildUser(ctx.database, { org, role });
    agents[role] = await signedIn(ctx, people[role], org);
  }
  return { org, people, agents };
}

export async function buildSystemUser(ctx: TestContext) {
  const user = await buildUser(ctx.database, { isSystemUser: true });
  return { user, agent: await signedIn(ctx, user) };
}
