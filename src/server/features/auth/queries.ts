import type { Database } from '../../db/client';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  password: string;
  isSystemUser: boolean;
  emailUnverified: boolean;
  twoFactorEnabled: boolean;
}

export interface MembershipRow {
  organizationId: number;
  name: string;
  shortname: string;
  approvalStatus: string;
  rejectionReason: string | null;
  role: string;
  status: string;
  disabledReason: string | null;
  requireEmailVerification: boolean;
}

export async function findUserByUsername(database: Database, username: string) {
  const [row] = await database.query<UserRow>(
    `select id, username, email, password, is_system_user as "isSystemUser",
       email_verification_token is not null as "emailUnverified",
       totp_secret is not null as "twoFactorEnabled" from users where lower(username) = lower($1)`,
    [username],
  );
  return row;
}

export async function findUserByEmail(database: Database, email: string) {
  const [row] = await database.query<UserRow>(
    `select id, username, email, password, is_system_user as "isSystemUser",
       email_verification_token is not null as "emailUnverified",
       totp_secret is not null as "twoFactorEnabled" from users where lower(email) = lower($1)`,
    [email],
  );
  return row;
}

/** The user's memberships, oldest first, with their organizations' approval state. */
export async function membershipsOf(database: Database, userId: number) {
  return database.query<MembershipRow>(
    `select o.id as "organizationId", o.name, o.shortname, o.approval_status as "approvalStatus",
       o.rejection_reason as "rejectionReason", m.role, m.status, m.disabled_reason as "disabledReason",
       o.require_email_verification as "requireEmailVerification"
     from user_organizations m join organizations o on o.id = m.organization_id
     where m.user_id = $1 order by m.created_at, m.id`,
    [userId],
  );
}

export async function usernameOrEmailTaken(database: Database, username: string, email: string) {
  const rows = await database.query<{ username: boolean; email: boolean }>(
    `select lower(username) = lower($1) as username, lower(email) = lower($2) as email
     from users where lower(username) = lower($1) or lower(email) = lower($2)`,
    [username, email],
  );
  return { username: rows.some((r) => r.username), email: rows.some((r) => r.email) };
}

/** The organization an address names, whatever its approval state (system users manage any). */
export async function organizationByShortname(database: Database, shortname: string) {
  const [row] = await database.query<{ id: number; name: string; shortname: string }>(
    'select id, name, shortname from organizations where shortname = $1',
    [shortname],
  );
  return row;
}

/** Whether the organization an address names was registered and still awaits approval. */
export async function isPendingOrganization(database: Database, shortname: string) {
  const rows = await database.query(
    `select 1 from organizations where shortname = $1 and approval_status = 'pending'`,
    [shortname],
  );
  return rows.length > 0;
}
