import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userRecoveryCodes, users } from '../../db/schema';

export type TotpState = NonNullable<Awaited<ReturnType<typeof totpState>>>;

export async function totpState(database: Database, userId: number) {
  const [row] = await database.db
    .select({
      username: users.username,
      email: users.email,
      secret: users.totpSecret,
      pendingSecret: users.totpPendingSecret,
      lastTimeStep: users.totpLastTimeStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Records the step a code was used for; false when that step (or a later one) already was. */
export async function claimTimeStep(database: Database, userId: number, step: number) {
  const rows = await database.db
    .update(users)
    .set({ totpLastTimeStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastTimeStep), lt(users.totpLastTimeStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The user's code that is not yet used. */
const unusedCode = (userId: number) =>
  and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt));

export async function spendRecoveryCode(database: Database, userId: number, codeHash: string) {
  const rows = await database.db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(unusedCode(userId), eq(userRecoveryCodes.codeHash, codeHash)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(database: Database, userId: number) {
  const [row] = await database.db.select({ n: count() }).from(userRecoveryCodes).where(unusedCode(userId));
  return row.n;
}

export async function setPendingSecret(database: Database, userId: number, secret: string) {
  await database.db
    .update(users)
    .set({ totpPendingSecret: secret })
    .where(and(eq(users.id, userId), isNull(users.totpSecret)));
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
