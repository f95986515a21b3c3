// Changing an account's e-mail address: the caller proves their password (and two-step code),
// a link goes to the new address and the old one is told; nothing changes until the link is
// followed. Links are one-time tokens that expire, and a newer request voids an older one.
// Whether the address is free is checked when asked and again when confirmed.
import { EMAIL_CHANGE_TTL_HOURS, EMAIL_TAKEN, SAME_EMAIL } from '../../../common/account';
import type { Config } from '../../config';
import { ChangeFeed, userScope } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import * as rateLimit from '../../http/rate-limit';
import { accountOrigin, newOneTimeToken, tokenDigest } from '../auth';
import type { Mailer } from '../mail';
import {
  applyEmailChange,
  emailTakenByOther,
  findAccount,
  lockEmailChange,
  openEmailChange,
  openEmailChangeOf,
} from './email-change-queries';
import { emailChanged, emailChangeLink, emailChangeRequested } from './notices';
import { proveCaller } from './prove-caller';

/** Each request mails two addresses: a few an hour are plenty for typing mistakes. */
export const EMAIL_CHANGES_PER_USER = { limit: 5, windowSeconds: 3600 };

/** Why a link was refused, for the confirmation page to say so. */
export const LINK_REFUSALS = {
  invalid: 'This confirmation link is not valid.',
  used: 'This confirmation link was already used.',
  superseded: 'A newer confirmation link was sent for this account. Use the link in the newest email.',
  expired: 'This confirmation link has expired. Ask for a new one in Account Settings.',
} as const;

const refused = (reason: keyof typeof LINK_REFUSALS) =>
  new AppError(400, LINK_REFUSALS[reason], { data: { reason } });

type Deps = { database: Database; mailer: Mailer; config: Config };

const asPending = (row: { email: string; expiresAt: Date | string }) => ({
  email: row.email,
  expiresAt: new Date(row.expiresAt).toISOString(),
});

export async function requestEmailChange(
  deps: Deps,
  callerId: number,
  userId: number,
  input: { email: string; currentPassword: string; code?: string },
  clientAddress: string,
) {
  const { database, mailer, config } = deps;
  const account = await findAccount(database, userId);
  if (!account) throw notFound('User not found');
  await proveCaller(database, callerId, input, clientAddress);
  if (account.email.toLowerCase() === input.email.toLowerCase())
    throw badRequest(SAME_EMAIL, { email: SAME_EMAIL });
  if (await emailTakenByOther(database.db, userId, input.email)) throw conflict(EMAIL_TAKEN);
  await rateLimit.reserve(database, [{ key: `email-change:user:${userId}`, rule: EMAIL_CHANGES_PER_USER }]);
  const { token, digest } = newOneTimeToken();
  const pending = await openEmailChange(database, {
    userId,
    newEmail: input.email,
    tokenHash: digest,
    requestedBy: callerId,
    ttlSeconds: EMAIL_CHANGE_TTL_HOURS * 3600,
  });
  const link = `${await accountOrigin(database, config.publicUrl, account)}/confirm-email?token=${encodeURIComponent(token)}`;
  const byAdministrator = callerId !== userId;
  await mailer.send(emailChangeLink(input.email, account.username, link, byAdministrator));
  await mailer.send(emailChangeRequested(account.email, account.username, input.email, byAdministrator));
  return asPending(pending);
}

/** The open request of an account, if its link can still be followed. */
export async function pendingEmailChange(database: Database, userId: number) {
  if (!(await findAccount(database, userId))) throw notFound('User not found');
  const row = await openEmailChangeOf(database, userId);
  return row ? asPending(row) : null;
}

export async function confirmEmailChange(deps: Deps, token: string) {
  const { database, mailer } = deps;
  const change = await database.db
    .transaction(async (tx) => {
      const row = await lockEmailChange(tx, tokenDigest(token));
      if (!row) throw refused('invalid');
      if (row.used) throw refused('used');
      if (row.superseded) throw refused('superseded');
      if (row.expired) throw refused('expired');
      if (await emailTakenByOther(tx, row.userId, row.newEmail)) throw conflict(EMAIL_TAKEN);
      await applyEmailChange(tx, row);
      return row;
    })
    .catch((err: unknown) => {
      // Another account took the address between the check and the write: the index decides.
      if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
      throw err;
    });
  // The link comes without a session, so no caller of this request is dropped by the app: this
  // instance forgets the member as kept now, the others on the write's notification.
  ChangeFeed.of(database).changed(userScope(change.userId));
  await mailer.send(emailChanged(change.oldEmail, change.username, change.newEmail));
  return { email: change.newEmail };
}
