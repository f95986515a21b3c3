// The approval queue, all organizations, decisions, and registration by a system user.
import type { z } from 'zod';
import { rejectOrganizationSchema } from '../../../common/schemas/auth';
import {
  type ApprovalDecision,
  decisionResultSchema,
  organizationListQuerySchema,
  organizationListSchema,
  pendingOrganizationsSchema,
  registeredOrganizationSchema,
  suspendOrganizationSchema,
  systemStatsSchema,
  systemRegisterOrganizationSchema,
} from '../../../common/schemas/system';
import { authOf } from '../../http/access';
import { idParams } from '../../http/params';
import type { App } from '../../http/types';
import { decideOrganization, listOrganizations } from './organizations';
import { registerApprovedOrganization } from './register-organization';

type PendingOrganizationRow = z.output<typeof pendingOrganizationsSchema>[number];

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
    { config: { access: 'system' }, schema: { response: { 200: pendingOrganizationsSchema } } },
    async () =>
      database.query<PendingOrganizationRow>(
        `select o.id, o.name, o.shortname, o.contact_email as "contactEmail", o.created_at as "createdAt",
         json_build_object('id', u.id, 'username', u.username, 'email', u.email) as owner
       from organizations o
       left join user_organizations m on m.organization_id = o.id and m.role = 'owner'
       left join users u on u.id = m.user_id
       where o.approval_status = 'pending' order by o.created_at, o.id`,
      ),
  );

  app.get(
    '/api/system/organizations',
    {
      config: { access: 'system' },
      schema: { querystring: organizationListQuerySchema, response: { 200: organizationListSchema } },
    },
    async (request) => listOrganizations(database, request.query),
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
