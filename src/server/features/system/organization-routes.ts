// The approval queue, all organizations, decisions, and registration by a system user.
import { rejectOrganizationSchema } from '../../../common/schemas/auth';
import {
  type ApprovalDecision,
  decisionResultSchema,
  organizationListQuerySchema,
  organizationListSchema,
  pendingOrganizationListSchema,
  pendingOrganizationsQuerySchema,
  registeredOrganizationSchema,
  suspendOrganizationSchema,
  systemStatsSchema,
  systemRegisterOrganizationSchema,
} from '../../../common/schemas/system';
import { authOf } from '../../http/access';
import { idParams } from '../../http/params';
import type { App } from '../../http/types';
import { pageOf } from '../../http/keyset';
import {
  decideOrganization,
  listOrganizations,
  listPendingOrganizations,
  ORGANIZATIONS_KEYSET,
  PENDING_KEYSET,
} from './organizations';
import { registerApprovedOrganization } from './register-organization';

export async function organizationRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/api/system/stats',
    { config: { access: 'system' }, schema: { response: { 200: systemStatsSchema } } },
    async () => {
      const [row] = await database.query<{
        totalOrganizations: number;
        totalUsers: number;
        totalEvents: number;
        databaseSize: string;
      }>(
        `select (select count(*)::int from organizations) as "totalOrganizations",
        (select count(*)::int from users where not is_system_user) as "totalUsers",
        (select count(*)::int from calendar_events) as "totalEvents",
        pg_size_pretty(pg_database_size(current_database())) as "databaseSize"`,
      );
      return row;
    },
  );

  app.get(
    '/api/system/pending-organizations',
    {
      config: { access: 'system' },
      schema: {
        querystring: pendingOrganizationsQuerySchema,
        response: { 200: pendingOrganizationListSchema },
      },
    },
    async (request) => listPendingOrganizations(database, pageOf(PENDING_KEYSET, request.query)),
  );

  app.get(
    '/api/system/organizations',
    {
      config: { access: 'system' },
      schema: { querystring: organizationListQuerySchema, response: { 200: organizationListSchema } },
    },
    async (request) =>
      listOrganizations(database, request.query, pageOf(ORGANIZATIONS_KEYSET, request.query)),
  );

  app.post(
    '/api/system/organizations',
    {
      config: { access: 'system' },
      schema: { body: systemRegisterOrganizationSchema, response: { 201: registeredOrganizationSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return registerApprovedOrganization(app.deps, authOf(request).user.id, request.body);
    },
  );

  const decide = (decision: ApprovalDecision, id: number, actorId: number, reason?: string | null) =>
    decideOrganization(app.deps, { id, actorId, decision, reason: reason || null });

  app.post(
    '/api/system/organizations/:id/approve',
    { config: { access: 'system' }, schema: { params: idParams, response: { 200: decisionResultSchema } } },
    async (request) => decide('approve', request.params.id, authOf(request).user.id),
  );

  app.post(
    '/api/system/organizations/:id/reject',
    {
      config: { access: 'system' },
      schema: { params: idParams, body: rejectOrganizationSchema, response: { 200: decisionResultSchema } },
    },
    async (request) =>
      decide('reject', request.params.id, authOf(request).user.id, request.body.rejectionReason),
  );

  app.post(
    '/api/system/organizations/:id/suspend',
    {
      config: { access: 'system' },
      schema: { params: idParams, body: suspendOrganizationSchema, response: { 200: decisionResultSchema } },
    },
    async (request) => decide('suspend', request.params.id, authOf(request).user.id, request.body.reason),
  );
}
