// The checks every route starts with: who is calling, and may they touch this organization.
import type { FastifyRequest } from 'fastify';
import { MAX_DB_ID } from '../../common/ids';
import type { Actor } from '../../common/permissions';
import { AppError, notFound, unauthorized } from './errors';
import { rawPathId } from './params';
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
 * organization; anything else is "not found" so that existence is not revealed.
 * System users may reach any existing organization.
 */
export async function requireOrgAccess(request: FastifyRequest, unverifiedOrgId: number): Promise<OrgAccess> {
  const auth = await requireAuth(request);
  // Beyond the id column's range the database would fail (500); no such organization exists.
  if (!Number.isInteger(unverifiedOrgId) || unverifiedOrgId < 1 || unverifiedOrgId > MAX_DB_ID) {
    throw notFound('Organization not found');
  }
  if (auth.user.isSystemUser) {
    const rows = await request.server.deps.database.query('select 1 from organizations where id = $1', [
      unverifiedOrgId,
    ]);
    if (rows.length === 0) throw notFound('Organization not found');
    return { auth, organizationId: unverifiedOrgId, actor: auth.actor };
  }
  if (!auth.organization || auth.organization.id !== unverifiedOrgId)
    throw notFound('Organization not found');
  return { auth, organizationId: unverifiedOrgId, actor: auth.actor };
}

/** The caller's own organization, for routes whose path names none (e.g. /api/teams/{id}). */
export async function requireMemberOrg(request: FastifyRequest): Promise<OrgAccess> {
  const auth = await requireAuth(request);
  if (!auth.organization) throw notFound();
  return { auth, organizationId: auth.organization.id, actor: auth.actor };
}

const verified = new WeakMap<FastifyRequest, OrgAccess>();

/**
 * A `preValidation` hook for /api/organizations/:orgId/... routes: the organization check and an
 * optional policy run before the body is validated, so a caller who may not act learns nothing
 * about the fields (401/403/404 first, 400 only for someone allowed). Read the result in the
 * handler with `orgAccessOf(request)`.
 */
export function guardOrg(
  allowed?: (actor: Actor) => boolean,
  refusal = 'You do not have permission to do that',
) {
  return async (request: FastifyRequest) => {
    const access = await requireOrgAccess(request, rawPathId(request, 'orgId'));
    if (allowed && !allowed(access.actor)) throw new AppError(403, refusal);
    verified.set(request, access);
  };
}

export function orgAccessOf(request: FastifyRequest): OrgAccess {
  const access = verified.get(request);
  if (!access) throw new AppError(500, 'Organization guard missing on this route');
  return access;
}
