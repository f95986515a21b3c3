// Proving one's own password again (changing it, turning two-step sign-in off): counted like
// sign-in failures, so a borrowed open session cannot be used to guess it.
import { eq } from 'drizzle-orm';
import { WRONG_CURRENT_PASSWORD } from '../../../common/schemas/account';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import * as rateLimit from '../../http/rate-limit';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_USER, verifyPassword } from '../auth';

export async function checkOwnPassword(
  database: Database,
  userId: number,
  password: string,
  clientAddress: string,
  refusal = WRONG_CURRENT_PASSWORD,
) {
  const [row] = await database.db
    .select({ password: users.password })
    .from(users)
    .where(eq(users.id, userId));
  const ok = await rateLimit.countFailures(
    database,
    [
      { key: `password-check:user:${userId}`, rule: LOGIN_FAILURES_PER_USER },
      { key: `password-check:ip:${clientAddress}`, rule: LOGIN_FAILURES_PER_ADDRESS },
    ],
    () => verifyPassword(row?.password, password),
  );
  if (!ok) throw badRequest(refusal, { currentPassword: refusal });
}
