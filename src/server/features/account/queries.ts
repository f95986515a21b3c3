import { and, eq, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sameText } from '../../db/like';
import { users } from '../../db/schema';

const profileFields = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  profilePicture: users.profilePicture,
};

export async function findProfile(database: Database, userId: number) {
  const [row] = await database.db.select(profileFields).from(users).where(eq(users.id, userId));
  return row;
}

/** Which of the two is held by someone else (usernames and e-mails are unique system-wide). */
export async function takenByOthers(database: Database, userId: number, username: string, email: string) {
  const rows = await database.db
    .select({ username: sameText(users.username, username), email: sameText(users.email, email) })
    .from(users)
    .where(and(ne(users.id, userId), or(sameText(users.username, username), sameText(users.email, email))));
  return { username: rows.some((r) => r.username), email: rows.some((r) => r.email) };
}

export async function updateProfile(
  database: Database,
  userId: number,
  p: { username: string; email: string; firstName: string; lastName: string; bio: string | null },
) {
  const [row] = await database.db
    .update(users)
    .set({ username: p.username, email: p.email, firstName: p.firstName, lastName: p.lastName, bio: p.bio })
    .where(eq(users.id, userId))
    .returning(profileFields);
  return row;
}

export async function setPassword(database: Database, userId: number, hashed: string) {
  // A reset link asked for earlier must not outlive the change.
  await database.db
    .update(users)
    .set({ password: hashed, resetToken: null, resetTokenExpiry: null })
    .where(eq(users.id, userId));
}

/** Sets the picture and returns the one it replaced; the row lock keeps two uploads from racing. */
export async function swapProfilePicture(database: Database, userId: number, url: string | null) {
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ previous: users.profilePicture })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx.update(users).set({ profilePicture: url }).where(eq(users.id, userId));
    return row?.previous ?? null;
  });
}
