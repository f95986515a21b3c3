import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { sameText } from '../../db/like';
import { emailChanges, userOrganizations, users } from '../../db/schema';

export async function findAccount(database: Database, userId: number) {
  const [row] = await database.db
    .select({ id: users.id, username: users.username, email: users.email, isSystemUser: users.isSystemUser })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** Whether the account shares an organization with the caller's (any membership state). */
export async function isMemberOf(database: Database, userId: number, organizationId: number) {
  const rows = await database.db
    .select({ id: userOrganizations.id })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.organizationId, organizationId)));
  return rows.length > 0;
}

/** `db`: the database's, or a transaction's. */
export async function emailTakenByOther(db: Db, userId: number, email: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameText(users.email, email), ne(users.id, userId)));
  return rows.length > 0;
}

/** A request neither used nor replaced (its link may still have expired). */
const stillOpen = and(isNull(emailChanges.confirmedAt), isNull(emailChanges.supersededAt));

/**
 * Opens a new request, voiding any open one of the member. The member's row is locked first, so
 * two requests at once end with one open request, the later one.
 */
export async function openEmailChange(
  database: Database,
  change: { userId: number; newEmail: string; tokenHash: string; requestedBy: number; ttlSeconds: number },
) {
  return database.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId)).for('update');
    await tx
      .update(emailChanges)
      .set({ supersededAt: sql`now()` })
      .where(and(eq(emailChanges.userId, change.userId), stillOpen));
    const [row] = await tx
      .insert(emailChanges)
      .values({
        userId: change.userId,
        newEmail: change.newEmail,
        tokenHash: change.tokenHash,
        requestedBy: change.requestedBy,
        expiresAt: sql`now() + make_interval(secs => ${change.ttlSeconds}::int)`,
      })
      .returning({ email: emailChanges.newEmail, expiresAt: emailChanges.expiresAt });
    return row;
  });
}

export async function openEmailChangeOf(database: Database, userId: number) {
  const [row] = await database.db
    .select({ email: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), stillOpen, gt(emailChanges.expiresAt, sql`now()`)));
  return row;
}

/** The request a link names, locked until the transaction `tx` ends, with its state. */
export async function lockEmailChange(tx: Db, tokenHash: string) {
  const [row] = await tx
    .select({
      id: emailChanges.id,
      userId: emailChanges.userId,
      newEmail: emailChanges.newEmail,
      oldEmail: users.email,
      username: users.username,
      expired: sql<boolean>`${emailChanges.expiresAt} <= now()`,
      used: sql<boolean>`${emailChanges.confirmedAt} is not null`,
      superseded: sql<boolean>`${emailChanges.supersededAt} is not null`,
    })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(eq(emailChanges.tokenHash, tokenHash))
    .for('update', { of: [emailChanges, users] });
  return row;
}

export type EmailChangeRow = NonNullable<Awaited<ReturnType<typeof lockEmailChange>>>;

/** The link's address becomes the account's, proven by the link itself. */
export async function applyEmailChange(tx: Db, change: { id: number; userId: number; newEmail: string }) {
  await tx
    .update(users)
    .set({ email: change.newEmail, emailVerifiedAt: sql`now()`, emailVerificationToken: null })
    .where(eq(users.id, change.userId));
  await tx.update(emailChanges).set({ confirmedAt: sql`now()` }).where(eq(emailChanges.id, change.id));
}
