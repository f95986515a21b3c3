import { auditPageSchema, auditQuerySchema } from '../../../common/schemas/admin';
import { accessOf } from '../../http/access';
import { orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { listAudit } from './queries';

export async function auditRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/api/organizations/:orgId/audit',
    {
      config: { access: { organization: 'path', may: 'viewAuditLog' } },
      schema: { params: orgParams, querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => {
      const { organizationId } = accessOf(request);
      const { page, pageSize, action } = request.query;
      const { items, total } = await listAudit(database, organizationId, { page, pageSize, action });
      return { items, total, page, pageSize };
    },
  );
}
