import type { Database, Runner } from '../../db/client';

export interface AccountRow {
  id: number;
  username: string;
  email: string;
  isSystemUser: boolean;
}

export async function findAccount(database: Database, userId: number) {
  const [row] = await database.query<AccountRow>(
    `select id, username, email, is_system_user as "isSystemUser" from users where id = $1`,
    [userId],
  );
  return row;
}

/** Whether the account shares an organization with the caller's (any membership state). */
export async function isMemberOf(database: Database, userId: number, organizationId: number) {
  const rows = await database.query(
    'select 1 from user_organizations where user_id = $1 and organization_id = $2',
    [userId, organizationId],
  );
  return rows.length > 0;
}

export async function emailTakenByOther(q: Runner, userId: number, email: string) {
  const rows = await q.query('select 1 from users where lower(email) = lower($2) and id <> $1', [
    userId,
    email,
  ]);
  return rows.length > 0;
}

/**
 * Opens a new request, voiding any open one of the member. The member's row is locked first, so
 * two requests at once end with one open request, the later one.
 */
export async function openEmailChange(
  database: Database,
  change: { userId: number; newEmail: string; tokenHash: string; requestedBy: number; ttlSeconds: number },
) {
  return database.transaction(async (q) => {
    await q.query('select 1 from users where id = $1 for update', [change.userId]);
    await q.query(
      `update email_changes set superseded_at = now()
       where user_id = $1 and confirmed_at is null and superseded_at is null`,
      [change.userId],
    );
    const [row] = await q.query<{ email: string; expiresAt: Date | string }>(
      `insert into email_changes (user_id, new_email, token_hash, requested_by, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5::int))
       returning new_email as email, expires_at as "expiresAt"`,
      [change.userId, change.newEmail, change.tokenHash, change.requestedBy, change.ttlSeconds],
    );
    return row;
  });
}

export async function openEmailChangeOf(database: Database, userId: number) {
  const [row] = await database.query<{ email: string; expiresAt: Date | string }>(
    `select new_email as email, expires_at as "expiresAt" from email_changes
     where user_id = $1 and confirmed_at is null and superseded_at is null and expires_at > now()`,
    [userId],
  );
  return row;
}

export interface EmailChangeRow {
  id: number;
  userId: number;
  newEmail: string;
  oldEmail: string;
  username: string;
  expired: boolean;
  used: boolean;
  superseded: boolean;
}

/** The request a link names, locked until the transaction ends, with its state. */
export async function lockEmailChange(q: Runner, tokenHash: string) {
  const [row] = await q.query<EmailChangeRow>(
    `select c.id, c.user_id as "userId", c.new_email as "newEmail", u.email as "oldEmail", u.username,
       c.expires_at <= now() as expired, c.confirmed_at is not null as used,
       c.superseded_at is not null as superseded
     from email_changes c join users u on u.id = c.user_id
     where c.token_hash = $1 for update of c, u`,
    [tokenHash],
  );
  return row;
}

/** The link's address becomes the account's, proven by the link itself. */
export async function applyEmailChange(q: Runner, change: { id: number; userId: number; newEmail: string }) {
  await q.query(
    `update users set email = $2, email_verified_at = now(), email_verification_token = null where id = $1`,
    [change.userId, change.newEmail],
  );
  await q.query('update email_changes set confirmed_at = now() where id = $1', [change.id]);
}
