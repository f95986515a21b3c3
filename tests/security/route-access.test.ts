// Every route declares who may call it (`config: { access }`, src/server/http/access.ts), and the
// one hook decides each declaration the same way wherever it is used.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/common/permissions';
import {
  type Access,
  decide,
  ORGANIZATION_NOT_FOUND,
  type ObjectRule,
  type OrgAccess,
  SYSTEM_ONLY,
} from '../../src/server/http/access';
import { AppError } from '../../src/server/http/errors';
import type { AuthContext } from '../../src/server/http/session';

const OWN_ORG = 7;
const OTHER_ORG = 8;

function caller(role: string | null, opts: { system?: boolean; organizationId?: number | null } = {}) {
  const isSystemUser = opts.system ?? false;
  const organizationId = opts.organizationId === undefined ? OWN_ORG : opts.organizationId;
  const actor: Actor & { userId: number } = { isSystemUser, role, userId: 42 };
  return {
    sid: 'sid',
    user: { id: 42, isSystemUser },
    organization: organizationId === null ? null : { id: organizationId },
    membership: role ? { id: 1, role, status: 'active', organizationRoles: [] } : null,
    actor,
  } as unknown as AuthContext;
}

/** A request as the hook sees it: the caller, the raw path, and a database that knows two organizations. */
function request(auth: AuthContext | null, params: Record<string, string> = {}) {
  const existing = [OWN_ORG, OTHER_ORG];
  return {
    auth: async () => auth,
    params,
    server: {
      deps: {
        database: {
          query: async (_sql: string, args: unknown[]) => (existing.includes(Number(args[0])) ? [{}] : []),
        },
      },
    },
  } as unknown as FastifyRequest;
}

const refusal = async (access: Access, req: FastifyRequest) => {
  try {
    await decide(req, access);
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

const path = (orgId: number | string) => ({ orgId: String(orgId) });

describe('access decisions', () => {
  it('public: anyone, without asking who', async () => {
    let asked = false;
    const auth = async () => {
      asked = true;
      return null;
    };
    const req = { auth } as unknown as FastifyRequest;
    expect(await decide(req, 'public')).toBeNull();
    expect(asked).toBe(false);
  });

  it('signedIn: 401 without a session, the caller with one', async () => {
    expect(await refusal('signedIn', request(null))).toEqual({ status: 401, message: 'Not authenticated' });
    const auth = caller('standard_user');
    expect(await decide(request(auth), 'signedIn')).toEqual({ auth, actor: auth.actor });
  });

  it('system: 401 signed out, 403 for every organization role, the system user through', async () => {
    expect((await refusal('system', request(null))).status).toBe(401);
    for (const role of ['owner', 'admin', 'standard_user'])
      expect(await refusal('system', request(caller(role)))).toEqual({ status: 403, message: SYSTEM_ONLY });
    expect(await decide(request(caller(null, { system: true })), 'system')).not.toBeNull();
  });

  it("organization 'path': the caller's own organization; any other, or no such id, is not found", async () => {
    const access: Access = { organization: 'path' };
    const auth = caller('standard_user');
    expect(await decide(request(auth, path(OWN_ORG)), access)).toMatchObject({ organizationId: OWN_ORG });
    const notFound = { status: 404, message: ORGANIZATION_NOT_FOUND };
    for (const orgId of [OTHER_ORG, 999, 'abc', '0', '99999999999'])
      expect(await refusal(access, request(auth, path(orgId))), String(orgId)).toEqual(notFound);
    expect((await refusal(access, request(null, path(OWN_ORG)))).status).toBe(401);
  });

  it("organization 'path': a system user reaches any organization that exists", async () => {
    const system = caller(null, { system: true, organizationId: null });
    const access: Access = { organization: 'path' };
    expect(await decide(request(system, path(OTHER_ORG)), access)).toMatchObject({
      organizationId: OTHER_ORG,
    });
    expect(await refusal(access, request(system, path(999)))).toEqual({
      status: 404,
      message: ORGANIZATION_NOT_FOUND,
    });
  });

  it("organization 'member': the caller's own organization; none is not found", async () => {
    const access: Access = { organization: 'member' };
    expect(await decide(request(caller('board')), access)).toMatchObject({ organizationId: OWN_ORG });
    const outside = caller(null, { system: true, organizationId: null });
    expect(await refusal(access, request(outside))).toEqual({ status: 404, message: ORGANIZATION_NOT_FOUND });
  });

  it('may: the named policy refuses with 403 and the route’s message, after the organization', async () => {
    const access: Access = { organization: 'path', may: 'manageUsers' };
    expect(await refusal(access, request(caller('board'), path(OWN_ORG)))).toEqual({
      status: 403,
      message: 'You do not have permission to do that',
    });
    const worded: Access = { ...access, refusal: 'Only managers' };
    expect(await refusal(worded, request(caller('board'), path(OWN_ORG)))).toEqual({
      status: 403,
      message: 'Only managers',
    });
    // Another organization's admin learns only that there is no such organization.
    expect((await refusal(access, request(caller('admin'), path(OTHER_ORG)))).status).toBe(404);
    expect(await decide(request(caller('admin'), path(OWN_ORG)), access)).toMatchObject({
      organizationId: OWN_ORG,
    });
  });

  it("an object's rule runs last, with the caller and organization already settled", async () => {
    const seen: OrgAccess[] = [];
    const rule: ObjectRule<OrgAccess> = {
      name: 'test object',
      check: async (_request, reached) => {
        seen.push(reached);
        if (reached.actor.role !== 'owner') throw new AppError(403, 'Not yours');
      },
    };
    const access: Access = { organization: 'path', may: 'editWiki', object: rule };
    expect(await refusal(access, request(caller('standard_user'), path(OWN_ORG)))).toMatchObject({
      status: 403,
    });
    expect(seen).toEqual([]);
    expect(await refusal(access, request(caller('admin'), path(OWN_ORG)))).toEqual({
      status: 403,
      message: 'Not yours',
    });
    expect(seen).toHaveLength(1);
    expect(await decide(request(caller('owner'), path(OWN_ORG)), access)).toMatchObject({
      organizationId: OWN_ORG,
    });

    const signedInRule: ObjectRule = { name: 'own thing', check: async () => {} };
    expect((await refusal({ object: signedInRule }, request(null))).status).toBe(401);
    expect(await decide(request(caller('standard_user')), { object: signedInRule })).not.toBeNull();
  });
});
