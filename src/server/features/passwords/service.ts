// Forgot and reset password: random 256-bit tokens, only their SHA-256 stored, one
// hour, single use, voided by a newer one; a reset ends the user's sessions.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import * as rateLimit from '../../http/rate-limit';
import { destroyUserSessions } from '../../http/session';
import {
  accountOrigin,
  findUserByEmail,
  hashPassword,
  newOneTimeToken,
  tokenDigest as digest,
} from '../auth';
import type { Mailer } from '../mail';

export const RESET_TTL_SECONDS = 3600;
export const FORGOT_PER_ADDRESS = { limit: 40, windowSeconds: 3600 };
export const FORGOT_PER_EMAIL = { limit: 5, windowSeconds: 3600 };

export async function requestReset(
  deps: { database: Database; mailer: Mailer; config: Config },
  email: string,
  clientAddress: string,
  log: { error(obj: object, msg: string): void },
) {
  const { database, mailer, config } = deps;
  await rateLimit.reserve(database, [
    { key: `forgot:ip:${clientAddress}`, rule: FORGOT_PER_ADDRESS },
    { key: `forgot:email:${email.toLowerCase()}`, rule: FORGOT_PER_EMAIL },
  ]);
  const user = await findUserByEmail(database, email);
  if (!user) return;
  const token = await issueResetToken(database, user.id, RESET_TTL_SECONDS);
  const origin = await accountOrigin(database, config.publicUrl, user);
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  // Not awaited: waiting for the mail server would make known addresses answer measurably slower
  // than unknown ones, revealing which accounts exist.
  void mailer
    .send({
      to: user.email,
      subject: 'Reset your Greenroom password',
      text: [
        `Hello ${user.username},`,
        '',
        'Someone asked to reset the password of your Greenroom account. To choose a new one, open:',
        link,
        '',
        'The link works once and expires in one hour. If you did not ask for this, ignore this email.',
      ].join('\n'),
    })
    .catch((err: unknown) => log.error({ err }, 'password reset mail failed'));
}

/** A new reset token for the user (voiding any older one); only its digest is stored. */
export async function issueResetToken(database: Database, userId: number, ttlSeconds: number) {
  const { token, digest: stored } = newOneTimeToken();
  await database.db
    .update(users)
    .set({ resetToken: stored, resetTokenExpiry: sql`now() + make_interval(secs => ${ttlSeconds}::int)` })
    .where(eq(users.id, userId));
  return token;
}

/** Which user the token resets: its digest is theirs and has not expired. */
const resetBy = (token: string) =>
  and(eq(users.resetToken, digest(token)), gt(users.resetTokenExpiry, sql`now()`));

export async function tokenIsValid(database: Database, token: string) {
  const rows = await database.db.select({ id: users.id }).from(users).where(resetBy(token));
  return rows.length > 0;
}

export async function resetPassword(database: Database, token: string, password: string) {
  const hashed = await hashPassword(password);
  const [user] = await database.db
    .update(users)
    .set({ password: hashed, resetToken: null, resetTokenExpiry: null })
    .where(resetBy(token))
    .returning({ id: users.id });
  if (!user) throw badRequest('This password reset link is invalid or has expired.');
  await destroyUserSessions(database, user.id);
}
