// Proving one's own password again (changing it, turning two-step sign-in off): counted like
// sign-in failures, so a borrowed open session cannot be used to guess it.
import { WRONG_CURRENT_PASSWORD } from '../../../common/schemas/account';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import * as rateLimit from '../../http/rate-limit';
import { verifyPassword } from '../auth/passwords';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_USER } from '../auth/service';

export async function checkOwnPassword(
  database: Database,
  userId: number,
  password: string,
  clientAddress: string,
  refusal = WRONG_CURRENT_PASSWORD,
) {
  const keys = [`password-check:user:${userId}`, `password-check:ip:${clientAddress}`];
  await rateLimit.check(database, keys.slice(0, 1), LOGIN_FAILURES_PER_USER);
  await rateLimit.check(database, keys.slice(1), LOGIN_FAILURES_PER_ADDRESS);
  const [row] = await database.query<{ password: string }>('select password from users where id = $1', [
    userId,
  ]);
  if (!(await verifyPassword(row?.password, password))) {
    await rateLimit.record(database, keys, LOGIN_FAILURES_PER_USER);
    throw badRequest(refusal, { currentPassword: refusal });
  }
}
