// Every route declares who may call it (`config: { access }`, src/server/http/access.ts), and the
// one hook decides each declaration the same way wherever it is used.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/common/permissions';
import { buildApp } from '../../src/server/app';
import {
  type Access,
  decide,
  ORGANIZATION_NOT_FOUND,
  type ObjectRule,
  type OrgAccess,
  registerAccess,
  SYSTEM_ONLY,
} from '../../src/server/http/access';
import { AppError } from '../../src/server/http/errors';
import type { AuthContext } from '../../src/server/http/session';
import type { App, RegisteredRoute } from '../../src/server/http/types';
import { Agent, getTestApp, testConfig } from '../support/app';

const named = (route: RegisteredRoute) => `${route.method} ${route.url}`;

/** How a declaration reads in a list: 'public', "organization path, may manageUsers", … */
function describeAccess(access: Access): string {
  if (typeof access === 'string') return access;
  if (!('organization' in access)) return `signed in, ${access.object.name}`;
  const parts = [`organization ${access.organization}`];
  if (access.may) parts.push(`may ${access.may}`);
  if (access.object) parts.push(access.object.name);
  return parts.join(', ');
}

describe('every route declares its access', () => {
  it('in the route table: none without a declaration, none with an access hook of its own', async () => {
    const { app } = await getTestApp();
    const routes = app.routeTable;
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.filter((r) => r.access === undefined).map(named), 'routes without access').toEqual([]);
    expect(
      routes.filter((r) => r.ownPreValidation).map(named),
      'routes with their own preValidation',
    ).toEqual([]);
    // The organization from the path is read from :orgId; a route without one cannot declare it.
    const pathless = routes.filter(
      (r) =>
        typeof r.access === 'object' &&
        'organization' in r.access &&
        r.access.organization === 'path' &&
        !r.url.includes(':orgId'),
    );
    expect(pathless.map(named), "'path' routes without :orgId").toEqual([]);
    const kinds = new Map<string, number>();
    for (const r of routes) {
      const kind = describeAccess(r.access as Access);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    console.log(
      `route access: ${routes.length} routes\n${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `  ${String(n).padStart(3)}  ${k}`)
        .join('\n')}`,
    );
  });

  it('a route registered without one stops the app, naming the route', () => {
    const app = Fastify() as unknown as App;
    registerAccess(app);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(
      'GET /api/forgotten declares no access: give it config: { access } (http/access.ts)',
    );
    expect(() => app.get('/api/declared', { config: { access: 'public' } }, async () => 'x')).not.toThrow();
  });

  it("the web's built files, served by a plugin's own route, are public through their scope", async () => {
    const ctx = await getTestApp();
    const root = await mkdtemp(path.join(tmpdir(), 'greenroom-web-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Greenroom</title>');
    await writeFile(path.join(root, 'assets', 'app-1234.js'), 'console.log(1);');
    const app = await buildApp({ config: { ...testConfig(), webRoot: root }, database: ctx.database });
    try {
      await app.ready();
      const web = app.routeTable.filter((r) => !r.url.startsWith('/api') && !r.url.startsWith('/files'));
      expect(web.map((r) => `${named(r)} ${describeAccess(r.access as Access)}`)).toEqual(
        expect.arrayContaining(['GET /* public', 'GET / public']),
      );
      const agent = new Agent(app);
      const asset = await agent.get('/assets/app-1234.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const page of ['/', '/calendar']) {
        const res = await agent.get(page);
        expect(res.statusCode, page).toBe(200);
        expect(res.body, page).toContain('<title>Greenroom</title>');
      }
      expect((await agent.get('/assets/missing.js')).statusCode).toBe(404);
    } finally {
      await app.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

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

const orgPath = (orgId: number | string) => ({ orgId: String(orgId) });

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
    expect(await decide(request(auth, orgPath(OWN_ORG)), access)).toMatchObject({ organizationId: OWN_ORG });
    const notFound = { status: 404, message: ORGANIZATION_NOT_FOUND };
    for (const orgId of [OTHER_ORG, 999, 'abc', '0', '99999999999'])
      expect(await refusal(access, request(auth, orgPath(orgId))), String(orgId)).toEqual(notFound);
    expect((await refusal(access, request(null, orgPath(OWN_ORG)))).status).toBe(401);
  });

  it("organization 'path': a system user reaches any organization that exists", async () => {
    const system = caller(null, { system: true, organizationId: null });
    const access: Access = { organization: 'path' };
    expect(await decide(request(system, orgPath(OTHER_ORG)), access)).toMatchObject({
      organizationId: OTHER_ORG,
    });
    expect(await refusal(access, request(system, orgPath(999)))).toEqual({
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
    expect(await refusal(access, request(caller('board'), orgPath(OWN_ORG)))).toEqual({
      status: 403,
      message: 'You do not have permission to do that',
    });
    const worded: Access = { ...access, refusal: 'Only managers' };
    expect(await refusal(worded, request(caller('board'), orgPath(OWN_ORG)))).toEqual({
      status: 403,
      message: 'Only managers',
    });
    // Another organization's admin learns only that there is no such organization.
    expect((await refusal(access, request(caller('admin'), orgPath(OTHER_ORG)))).status).toBe(404);
    expect(await decide(request(caller('admin'), orgPath(OWN_ORG)), access)).toMatchObject({
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
    expect(await refusal(access, request(caller('standard_user'), orgPath(OWN_ORG)))).toMatchObject({
      status: 403,
    });
    expect(seen).toEqual([]);
    expect(await refusal(access, request(caller('admin'), orgPath(OWN_ORG)))).toEqual({
      status: 403,
      message: 'Not yours',
    });
    expect(seen).toHaveLength(1);
    expect(await decide(request(caller('owner'), orgPath(OWN_ORG)), access)).toMatchObject({
      organizationId: OWN_ORG,
    });

    const signedInRule: ObjectRule = { name: 'own thing', check: async () => {} };
    expect((await refusal({ object: signedInRule }, request(null))).status).toBe(401);
    expect(await decide(request(caller('standard_user')), { object: signedInRule })).not.toBeNull();
  });
});
