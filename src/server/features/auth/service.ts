// Sign-in: who may open a session, in which organization, and the refusals in plain words.
import type { HostContext } from '../../../common/tenancy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, unauthorized } from '../../http/errors';
import * as rateLimit from '../../http/rate-limit';
import { createSession } from '../../http/session';
import { verifyPassword } from './passwords';
import type { Mailer } from '../mail';
import {
  findUserByUsername,
  isPendingOrganization,
  type MembershipRow,
  membershipsOf,
  organizationByShortname,
} from './queries';
import { resendVerification } from './verification';

// Failures only: a username is locked after 10 wrong passwords in 15 minutes, an
// address after 100 (a school lab shares one).
export const LOGIN_FAILURES_PER_USER = { limit: 10, windowSeconds: 15 * 60 };
export const LOGIN_FAILURES_PER_ADDRESS = { limit: 100, windowSeconds: 15 * 60 };

export const PENDING_ORGANIZATION = 'This organization is waiting for approval by a system administrator';

export interface LoginResult {
  /** The session, or null when two-step sign-in asks for a code first (see `pending`). */
  sid: string | null;
  pending?: { userId: number; organizationId: number | null };
  organization: { id: number; name: string; shortname: string } | null;
  isSystemUser: boolean;
}

export async function signIn(
  deps: { database: Database; mailer: Mailer; config: Config },
  input: { username: string; password: string; organizationShortname?: string | null },
  host: HostContext,
  clientAddress: string,
): Promise<LoginResult> {
  const { database } = deps;
  // The user is looked up while the attempt is counted: on a busy server each statement waits for
  // a pooled connection, and these two need nothing of each other. Should the count refuse the
  // attempt first (429), the lookup's own failure is not left unhandled.
  const found = findUserByUsername(database, input.username);
  found.catch(() => {});
  const ok = await rateLimit.countFailures(
    database,
    [
      { key: `login:user:${input.username.toLowerCase()}`, rule: LOGIN_FAILURES_PER_USER },
      { key: `login:ip:${clientAddress}`, rule: LOGIN_FAILURES_PER_ADDRESS },
    ],
    async () => verifyPassword((await found)?.password, input.password),
  );
  const user = await found;
  if (!user || !ok) throw unauthorized('Invalid username or password');
  if (user.isSystemUser) {
    // On an organization's address a system user works in that organization:
    // its screens, menu and branding come from the session like a member's.
    const organization = host.shortname
      ? ((await organizationByShortname(database, host.shortname)) ?? null)
      : null;
    if (user.twoFactorEnabled)
      return {
        sid: null,
        pending: { userId: user.id, organizationId: organization?.id ?? null },
        organization,
        isSystemUser: true,
      };
    const sid = await createSession(database, user.id, organization?.id ?? null);
    return { sid, organization, isSystemUser: true };
  }
  // On an organization's own address only its members may sign in.
  const wanted = host.shortname ?? input.organizationShortname?.toLowerCase() ?? null;
  const memberships = await membershipsOf(database, user.id);
  const membership = wanted
    ? memberships.find((m) => m.shortname === wanted)
    : (memberships.find((m) => m.status === 'active' && m.approvalStatus === 'approved') ?? memberships[0]);
  if (!membership) {
    // Nobody is a member yet but its owner: say why the address does not let anyone in.
    if (wanted && (await isPendingOrganization(database, wanted)))
      throw new AppError(403, PENDING_ORGANIZATION);
    throw new AppError(
      403,
      wanted ? 'You are not a member of this organization' : 'You are not a member of any organization',
    );
  }
  assertOrganizationOpen(membership);
  if (membership.requireEmailVerification && user.emailUnverified) {
    await resendVerification(deps, user, membership);
    throw new AppError(
      403,
      'Please verify your email address before signing in. We have sent a new verification link to your email.',
    );
  }
  assertMembershipActive(membership);
  const organization = {
    id: membership.organizationId,
    name: membership.name,
    shortname: membership.shortname,
  };
  if (user.twoFactorEnabled) {
    return {
      sid: null,
      pending: { userId: user.id, organizationId: organization.id },
      organization,
      isSystemUser: false,
    };
  }
  const sid = await createSession(database, user.id, membership.organizationId);
  return {
    sid,
    organization: { id: membership.organizationId, name: membership.name, shortname: membership.shortname },
    isSystemUser: false,
  };
}

function assertOrganizationOpen(m: MembershipRow) {
  if (m.approvalStatus === 'pending') throw new AppError(403, 'Your organization is pending approval');
  if (m.approvalStatus === 'rejected') {
    const reason = m.rejectionReason ? `: ${m.rejectionReason}` : '';
    throw new AppError(403, `Your organization's registration was rejected${reason}`);
  }
  if (m.approvalStatus !== 'approved') throw new AppError(403, 'Your organization has been suspended');
}

function assertMembershipActive(m: MembershipRow) {
  if (m.status === 'pending_approval') {
    throw new AppError(403, 'Your membership is pending approval by an administrator');
  }
  if (m.status !== 'active') throw new AppError(403, 'Your account has been disabled');
}
