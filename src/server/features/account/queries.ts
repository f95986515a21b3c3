import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

const USER_COLUMNS = `id, username, email, first_name as "firstName", last_name as "lastName", bio,
  profile_picture as "profilePicture"`;

export interface ProfileRow {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  profilePicture: string | null;
}

export async function findProfile(database: Database, userId: number) {
  const [row] = await database.query<ProfileRow>(`select ${USER_COLUMNS} from users where id = $1`, [userId]);
  return row;
}

/** Which of the two is held by someone else (usernames and e-mails are unique system-wide). */
export async function takenByOthers(database: Database, userId: number, username: string, email: string) {
  const rows = await database.query<{ username: boolean; email: boolean }>(
    `select lower(username) = lower($2) as username, lower(email) = lower($3) as email
     from users where id <> $1 and (lower(username) = lower($2) or lower(email) = lower($3))`,
    [userId, username, email],
  );
  return { username: rows.some((r) => r.username), email: rows.some((r) => r.email) };
}

export async function updateProfile(
  database: Database,
  userId: number,
  p: { username: string; email: string; firstName: string; lastName: string; bio: string | null },
) {
  const [row] = await database.query<ProfileRow>(
    `update users set username = $2, email = $3, first_name = $4, last_name = $5, bio = $6
     where id = $1 returning ${USER_COLUMNS}`,
    [userId, p.username, p.email, p.firstName, p.lastName, p.bio],
  );
  return row;
}

export async function setPassword(database: Database, userId: number, hashed: string) {
  // A reset link asked for earlier must not outlive the change.
  await database.query(
    'update users set password = $2, reset_token = null, reset_token_expiry = null where id = $1',
    [userId, hashed],
  );
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
