// Two-step sign-in: set-up (a secret shown once, confirmed with a code), the second step of
// sign-in (a code or a one-time recovery code), and turning it off (with the password). Wrong
// codes are counted like wrong passwords; the secret is never sent again nor logged.
import { CODE_REQUIRED } from '../../../common/account';
import { INVALID_CODE, RECOVERY_CODE_COUNT, SIGN_IN_AGAIN } from '../../../common/schemas/account';
import type { Database } from '../../db/client';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors';
import * as rateLimit from '../../http/rate-limit';
import { createSession } from '../../http/session';
import { checkOwnPassword } from '../account';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_USER } from '../auth';
import type { Mailer } from '../mail';
import { readLoginToken } from './login-token';
import {
  claimTimeStep,
  disableTotp,
  enableTotp,
  recoveryCodesLeft,
  setPendingSecret,
  type TotpState,
  totpState,
  spendRecoveryCode,
} from './queries';
import {
  checkCode,
  looksLikeRecoveryCode,
  newRecoveryCode,
  newSecret,
  otpauthUrl,
  recoveryCodeHash,
} from './totp';

const ISSUER = 'Greenroom';
export const ALREADY_ON = 'Two-step sign-in is already on';
export const NOT_STARTED = 'Start the set-up again: no code was expected';

/** Refuses while too many wrong codes were sent; `attempt` runs the check and counts a failure. */
async function limitedAttempt(
  database: Database,
  userId: number,
  clientAddress: string,
  attempt: () => Promise<boolean>,
) {
  return rateLimit.countFailures(
    database,
    [
      { key: `totp:user:${userId}`, rule: LOGIN_FAILURES_PER_USER },
      { key: `totp:ip:${clientAddress}`, rule: LOGIN_FAILURES_PER_ADDRESS },
    ],
    attempt,
  );
}

export async function status(database: Database, userId: number) {
  const state = await totpState(database, userId);
  return {
    enabled: state?.secret != null,
    recoveryCodesLeft: state?.secret ? await recoveryCodesLeft(database, userId) : 0,
  };
}

export async function startSetup(database: Database, userId: number) {
  const state = await totpState(database, userId);
  if (!state) throw unauthorized();
  if (state.secret) throw conflict(ALREADY_ON);
  const secret = newSecret();
  await setPendingSecret(database, userId, secret);
  return { secret, otpauthUrl: otpauthUrl(secret, state.email, ISSUER) };
}

export async function confirmSetup(database: Database, userId: number, code: string, clientAddress: string) {
  const state = await totpState(database, userId);
  if (!state) throw unauthorized();
  if (state.secret) throw conflict(ALREADY_ON);
  if (!state.pendingSecret) throw badRequest(NOT_STARTED);
  const pending = state.pendingSecret;
  let step: number | null = null;
  const ok = await limitedAttempt(database, userId, clientAddress, async () => {
    step = await checkCode(pending, code, null);
    return step !== null;
  });
  if (!ok || step === null) throw badRequest(INVALID_CODE, { code: INVALID_CODE });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await enableTotp(database, userId, pending, step, codes.map(recoveryCodeHash));
  if (!enabled) throw conflict(ALREADY_ON);
  return { recoveryCodes: codes };
}

export async function turnOff(
  deps: { database: Database; mailer: Mailer },
  userId: number,
  password: string,
  clientAddress: string,
) {
  const { database, mailer } = deps;
  await checkOwnPassword(database, userId, password, clientAddress, 'Incorrect password');
  await disableTotp(database, userId);
  // Someone with the password and an open session could do this: the member hears of it.
  const state = await totpState(database, userId);
  if (state) {
    await mailer.send({
      to: state.email,
      subject: 'Two-step sign-in was turned off',
      text: [
        `Hello ${state.username},`,
        '',
        'Two-step sign-in was just turned off for your Greenroom account, so signing in now needs',
        'only your password.',
        '',
        'If this was not you, change your password at once and turn two-step sign-in on again in',
        'Account Settings.',
      ].join('\n'),
    });
  }
}

/** The second step of sign-in: a valid token from the first and a fresh code open the session. */
export async function completeSignIn(
  database: Database,
  secret: string,
  input: { token: string; code: string },
  clientAddress: string,
) {
  const pending = readLoginToken(secret, input.token);
  if (!pending) throw unauthorized(SIGN_IN_AGAIN);
  const { userId } = pending;
  const state = await totpState(database, userId);
  if (!state?.secret) throw unauthorized(SIGN_IN_AGAIN);
  if (!(await codeAccepted(database, userId, state.secret, state.lastTimeStep, input.code, clientAddress)))
    throw new AppError(401, INVALID_CODE);
  return createSession(database, userId, pending.organizationId);
}

/** A code (or an unused recovery code) for a member with two-step sign-in on; spends what it accepts. */
async function codeAccepted(
  database: Database,
  userId: number,
  secret: string,
  lastTimeStep: TotpState['lastTimeStep'],
  code: string,
  clientAddress: string,
) {
  return limitedAttempt(database, userId, clientAddress, async () => {
    if (looksLikeRecoveryCode(code)) return spendRecoveryCode(database, userId, recoveryCodeHash(code));
    const step = await checkCode(secret, code.replace(/\s/g, ''), lastTimeStep);
    return step !== null && (await claimTimeStep(database, userId, step));
  });
}

/**
 * Proving the second step again before a change of what signs in to the account: a member with
 * two-step sign-in on must give a fresh code; for everyone else there is nothing to prove.
 */
export async function checkOwnCode(
  database: Database,
  userId: number,
  code: string | undefined,
  clientAddress: string,
) {
  const state = await totpState(database, userId);
  if (!state?.secret) return;
  if (!code) throw badRequest(CODE_REQUIRED, { code: CODE_REQUIRED });
  if (!(await codeAccepted(database, userId, state.secret, state.lastTimeStep, code, clientAddress)))
    throw badRequest(INVALID_CODE, { code: INVALID_CODE });
}
