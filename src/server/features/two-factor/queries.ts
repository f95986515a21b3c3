import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userRecoveryCodes, users } from '../../db/schema';

export interface TotpState {
  username: string;
  email: string;
  secret: string | null;
  pendingSecret: string | null;
  lastTimeStep: number | null;
}

export async function totpState(database: Database, userId: number) {
  const [row] = await database.query<TotpState>(
    `select username, email, totp_secret as secret, totp_pending_secret as "pendingSecret",
       totp_last_time_step as "lastTimeStep" from users where id = $1`,
    [userId],
  );
  return row;
}

/** Records the step a code was used for; false when that step (or a later one) already was. */
export async function claimTimeStep(database: Database, userId: number, step: number) {
  const rows = await database.query(
    `update users set totp_last_time_step = $2
     where id = $1 and (totp_last_time_step is null or totp_last_time_step < $2) returning id`,
    [userId, step],
  );
  return rows.length > 0;
}

export async function spendRecoveryCode(database: Database, userId: number, codeHash: string) {
  const rows = await database.query(
    `update user_recovery_codes set used_at = now()
     where user_id = $1 and code_hash = $2 and used_at is null returning id`,
    [userId, codeHash],
  );
  return rows.length > 0;
}

export async function recoveryCodesLeft(database: Database, userId: number) {
  const [row] = await database.query<{ n: number }>(
    'select count(*)::int as n from user_recovery_codes where user_id = $1 and used_at is null',
    [userId],
  );
  return row.n;
}

export async function setPendingSecret(database: Database, userId: number, secret: string) {
  await database.query('update users set totp_pending_secret = $2 where id = $1 and totp_secret is null', [
    userId,
    secret,
  ]);
}

/** Turns the confirmed pending secret on and replaces the recovery codes, in one transaction. */
export async function enableTotp(
  database: Database,
  userId: number,
  pendingSecret: string,
  step: number,
  codeHashes: string[],
) {
  return database.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        totpSecret: sql`${users.totpPendingSecret}`,
        totpPendingSecret: null,
        totpEnabledAt: sql`now()`,
        totpLastTimeStep: step,
      })
      .where(and(eq(users.id, userId), eq(users.totpPendingSecret, pendingSecret), isNull(users.totpSecret)))
      .returning({ id: users.id });
    if (rows.length === 0) return false;
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

export async function disableTotp(database: Database, userId: number) {
  await database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastTimeStep: null })
      .where(eq(users.id, userId));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  });
}
