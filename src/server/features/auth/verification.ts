// E-mail verification for organizations that require it (organizations.require_email_verification).
// Only people who join by public registration carry a pending token; everyone else (owners who
// created an organization, members added by an administrator) is vouched for already.
import { SUPERSEDED_VERIFICATION_LINK } from '../../../common/email-verification';
import { organizationOrigin } from '../../../common/tenancy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import * as rateLimit from '../../http/rate-limit';
import type { Mailer } from '../mail';
import { newOneTimeToken, tokenDigest as digest } from './one-time-token';

export const RESENDS_PER_USER = { limit: 5, windowSeconds: 3600 };
// Enough to recognise every link of the last hour's resends.
const SUPERSEDED_KEPT = RESENDS_PER_USER.limit + 1;

export async function sendVerification(
  deps: { database: Database; mailer: Mailer; config: Config },
  user: { id: number; email: string; username: string },
  organization: { name: string; shortname: string },
) {
  const { token, digest: stored } = newOneTimeToken();
  // The link this one replaces is remembered (as a digest), so opening it says a newer one exists.
  await deps.database.query(
    `update users set email_verification_token = $2,
       email_verification_superseded = case when email_verification_token is null
         then email_verification_superseded
         else (array_prepend(email_verification_token, email_verification_superseded))[1:$3] end
     where id = $1`,
    [user.id, stored, SUPERSEDED_KEPT],
  );
  const link = `${organizationOrigin(deps.config.publicUrl, organization.shortname)}/verify-email?token=${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: `Confirm your email address for ${organization.name}`,
    text: [
      `Hello ${user.username},`,
      '',
      `${organization.name} asks its members to confirm their email address. To confirm yours, open:`,
      link,
      '',
      'If you did not sign up, ignore this email.',
    ].join('\n'),
  });
}

/** At sign-in: a fresh link for someone still unverified, at most a few per hour. */
export async function resendVerification(
  deps: { database: Database; mailer: Mailer; config: Config },
  user: { id: number; email: string; username: string },
  organization: { name: string; shortname: string },
) {
  try {
    await rateLimit.reserve(deps.database, [{ key: `verify:user:${user.id}`, rule: RESENDS_PER_USER }]);
  } catch {
    return; // The refusal message already tells them to look for the link sent earlier.
  }
  await sendVerification(deps, user, organization);
}

export async function verifyEmail(database: Database, token: string) {
  const rows = await database.query(
    `update users set email_verified_at = now(), email_verification_token = null,
       email_verification_superseded = '{}'
     where email_verification_token = $1 returning id`,
    [digest(token)],
  );
  if (rows.length > 0) return;
  const replaced = await database.query(
    'select 1 from users where email_verification_superseded @> array[$1::text]',
    [digest(token)],
  );
  if (replaced.length > 0) throw badRequest(SUPERSEDED_VERIFICATION_LINK);
  throw badRequest('This verification link is invalid or has already been used.');
}
