import { policy } from '../../../common/permissions';
import { auditPageSchema, auditQuerySchema } from '../../../common/schemas/admin';
import { guardOrg, orgAccessOf } from '../../http/guards';
import { orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { listAudit } from './queries';

export async function auditRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/api/organizations/:orgId/audit',
    {
      preValidation: guardOrg(policy.viewAuditLog),
      schema: { params: orgParams, querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => {
      const { organizationId } = orgAccessOf(request);
      const { page, pageSize, action } = request.query;
      const { items, total } = await listAudit(database, organizationId, { page, pageSize, action });
      return { items, total, page, pageSize };
    },
  );
}
