// When an organization requires two-step sign-in for owners and admins, one who has not set it
// up may use only what it takes to set it up (their own account, sign-in and sign-out): every
// other call is refused until then, whatever the web app shows.
import type { FastifyRequest } from 'fastify';
import { TWO_FACTOR_REQUIRED_FOR_ROLE, twoFactorSetupRequired } from '../../common/schemas/account';
import { AppError } from './errors';
import { matchedRoute } from './request-target';
import type { AuthContext } from './session';

export function setupRequired(auth: AuthContext): boolean {
  return twoFactorSetupRequired({
    role: auth.membership?.role ?? null,
    organizationRequires: auth.organization?.requireTwoFactorForAdmins ?? false,
    enabled: auth.user.twoFactorEnabled,
  });
}

const OPEN_PATHS = /^\/api\/(me(\/.*)?|login(\/.*)?|logout|health|organization-context|public\/.*)$/;

/**
 * Decided on the route the router matched, never on the raw target, which may be spelled
 * differently (request-target.ts). Only API calls made with a session cookie are looked at.
 */
export async function enforceTwoFactorSetup(request: FastifyRequest) {
  const route = matchedRoute(request);
  if (!route?.startsWith('/api/') || OPEN_PATHS.test(route)) return;
  const auth = await request.auth();
  if (auth && setupRequired(auth)) throw new AppError(403, TWO_FACTOR_REQUIRED_FOR_ROLE);
}
