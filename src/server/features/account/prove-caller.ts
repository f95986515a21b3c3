// Changing what signs in to an account (its username, its e-mail) needs the caller to prove
// themself again: an open session someone borrowed must not be enough to take the account.
import type { Database } from '../../db/client';
import { checkOwnCode } from '../two-factor';
import { checkOwnPassword } from './current-password';

export async function proveCaller(
  database: Database,
  callerId: number,
  proof: { currentPassword: string; code?: string },
  clientAddress: string,
) {
  await checkOwnPassword(database, callerId, proof.currentPassword, clientAddress);
  await checkOwnCode(database, callerId, proof.code, clientAddress);
}
