// The checks every route starts with: who is calling, and may they touch this organization.
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../common/permissions';
import { AppError, notFound, unauthorized } from './errors';
import type { AuthContext } from './session';

export async function requireAuth(request: FastifyRequest): Promise<AuthContext> {
  const auth = await request.auth();
  if (!auth) throw unauthorized();
  return auth;
}

export async function requireSystemUser(request: FastifyRequest): Promise<AuthContext> {
  const auth = await requireAuth(request);
  if (!auth.user.isSystemUser) throw new AppError(403, 'System administrator access required');
  return auth;
}

export interface OrgAccess {
  auth: AuthContext;
  organizationId: number;
  actor: Actor & { userId: number };
}

/**
 * An {orgId} from a path is checked against the session: a member reaches only their own
 * organization; anything else is "not found" so that existence is not revealed (DESIGN §4).
 * System users may reach any existing organization.
 */
export async function requireOrgAccess(request: FastifyRequest, unverifiedOrgId: number): Promise<OrgAccess> {
  const auth = await requireAuth(request);
  if (auth.user.isSystemUser) {
    const rows = await request.server.deps.database.query('select 1 from organizations where id = $1', [
      unverifiedOrgId,
    ]);
    if (rows.length === 0) throw notFound('Organization not found');
    return { auth, organizationId: unverifiedOrgId, actor: auth.actor };
  }
  if (!auth.organization || auth.organization.id !== unverifiedOrgId) throw notFound('Organization not found');
  return { auth, organizationId: unverifiedOrgId, actor: auth.actor };
}

/** The caller's own organization, for routes whose path names none (e.g. /api/teams/{id}). */
export async function requireMemberOrg(request: FastifyRequest): Promise<OrgAccess> {
  const auth = await requireAuth(request);
  if (!auth.organization) throw notFound();
  return { auth, organizationId: auth.organization.id, actor: auth.actor };
}
