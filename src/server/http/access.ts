// Who may call a route is declared beside it, in its options: `config: { access }`. One
// preValidation hook decides before any field is validated, so a caller who may not act learns
// nothing from field errors (401, 403 and 404 come before 400); handlers read the outcome with
// accessOf or authOf. A route registered without a declaration stops the app at startup.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_DB_ID } from '../../common/ids';
import { type Actor, policy } from '../../common/permissions';
import { AppError, forbidden, notFound, unauthorized } from './errors';
import { rawPathId } from './params';
import type { AuthContext } from './session';
import type { App } from './types';

/** The policies of the one policy table that decide on the caller alone, so a route can name them. */
export type ActorPolicy = {
  [K in keyof typeof policy]: (typeof policy)[K] extends (actor: Actor) => boolean ? K : never;
}[keyof typeof policy];

export interface SignedIn {
  auth: AuthContext;
  actor: Actor & { userId: number };
}

export interface OrgAccess extends SignedIn {
  organizationId: number;
}

/**
 * A rule on what the path names (a team, an account) that must hold before the body is read:
 * checked by the same hook once the caller's own access is settled. A rule that needs the loaded
 * object after validation is a plain policy call in the handler or service instead.
 */
export interface ObjectRule<Caller = SignedIn> {
  /** How the route table and its test name the rule. */
  readonly name: string;
  /** Refuses (403, 404) unless the caller may go on; may keep what it loaded for the handler. */
  check(request: FastifyRequest, caller: Caller): Promise<void>;
}

export interface OrganizationAccess {
  /**
   * 'path': the :orgId in the path, which must be the caller's own organization (404 for any
   * other, so existence is not revealed; system users reach any existing one). 'member': the
   * caller's own organization, for paths that name none.
   */
  organization: 'path' | 'member';
  /** A policy of the table in src/common/permissions.ts the caller must pass: else 403. */
  may?: ActorPolicy;
  /** The 403 message when `may` refuses. */
  refusal?: string;
  object?: ObjectRule<OrgAccess>;
}

export type Access =
  /** Anyone. A route that takes a credential other than the session (a signed link, a feed's secret) checks it itself. */
  | 'public'
  | 'signedIn'
  | 'system'
  /** Signed in, and the rule of what the path names. */
  | { object: ObjectRule }
  | OrganizationAccess;

export const SYSTEM_ONLY = 'System administrator access required';
export const ORGANIZATION_NOT_FOUND = 'Organization not found';
const REFUSED = 'You do not have permission to do that';

/**
 * The :orgId of the path checked against the session, read before validation: anything that is
 * not an id in the column's range names no organization.
 */
async function pathOrganization(request: FastifyRequest, auth: AuthContext): Promise<number> {
  const unverifiedOrgId = rawPathId(request, 'orgId');
  if (unverifiedOrgId < 1 || unverifiedOrgId > MAX_DB_ID) throw notFound(ORGANIZATION_NOT_FOUND);
  if (auth.user.isSystemUser) {
    const rows = await request.server.deps.database.query('select 1 from organizations where id = $1', [
      unverifiedOrgId,
    ]);
    if (rows.length === 0) throw notFound(ORGANIZATION_NOT_FOUND);
    return unverifiedOrgId;
  }
  if (auth.organization?.id !== unverifiedOrgId) throw notFound(ORGANIZATION_NOT_FOUND);
  return unverifiedOrgId;
}

function ownOrganization(auth: AuthContext): number {
  if (!auth.organization) throw notFound(ORGANIZATION_NOT_FOUND);
  return auth.organization.id;
}

/** What a declaration lets through for this request, or the refusal it throws. */
export async function decide(request: FastifyRequest, access: Access): Promise<SignedIn | OrgAccess | null> {
  if (access === 'public') return null;
  const auth = await request.auth();
  if (!auth) throw unauthorized();
  const caller: SignedIn = { auth, actor: auth.actor };
  if (access === 'signedIn') return caller;
  if (access === 'system') {
    if (!auth.user.isSystemUser) throw new AppError(403, SYSTEM_ONLY);
    return caller;
  }
  if (!('organization' in access)) {
    await access.object.check(request, caller);
    return caller;
  }
  const organizationId =
    access.organization === 'path' ? await pathOrganization(request, auth) : ownOrganization(auth);
  const reached: OrgAccess = { ...caller, organizationId };
  if (access.may && !policy[access.may](auth.actor)) throw forbidden(access.refusal ?? REFUSED);
  await access.object?.check(request, reached);
  return reached;
}

const decided = new WeakMap<FastifyRequest, SignedIn | OrgAccess>();
const pluginRoutes = new WeakMap<FastifyInstance, Access>();

/** 'GET /api/…' for messages: the methods of a route and its URL pattern. */
const routeName = (route: { method: string | string[]; url: string }) =>
  `${[route.method].flat().join(',')} ${route.url}`;

/**
 * Registered once on the app, before any route: refuses a route without a declaration as it is
 * added, and decides every request's access before its validation.
 */
export function registerAccess(app: App) {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const access = route.config?.access ?? pluginRoutes.get(this);
    if (access === undefined)
      throw new Error(`${routeName(route)} declares no access: give it config: { access } (http/access.ts)`);
    route.config = { ...route.config, access };
  });
  app.addHook('preValidation', async (request) => {
    // Every route has a declaration; only the not-found handler has none, and answers 404 anyway.
    const access = request.routeOptions.config?.access;
    if (access === undefined) return;
    const outcome = await decide(request, access);
    if (outcome) decided.set(request, outcome);
  });
}

/**
 * Routes a plugin adds for itself (the web's static files) cannot carry our options: the scope
 * they are registered in declares their access instead.
 */
export function declarePluginRoutes(scope: FastifyInstance, access: Access) {
  pluginRoutes.set(scope, access);
}

/** The caller of a route declared with an organization, and that organization. */
export function accessOf(request: FastifyRequest): OrgAccess {
  const outcome = decided.get(request);
  if (!outcome || !('organizationId' in outcome))
    throw new AppError(500, 'This route declares no organization access');
  return outcome;
}

/** The caller of any route that is not public. */
export function authOf(request: FastifyRequest): AuthContext {
  const outcome = decided.get(request);
  if (!outcome) throw new AppError(500, 'This route declares no signed-in access');
  return outcome.auth;
}
