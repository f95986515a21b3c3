// Analytics and the mail outbox: what system users read to watch the platform.
import { z } from 'zod';
import {
  analyticsQuerySchema,
  analyticsSchema,
  outboxEntrySchema,
  outboxListSchema,
  outboxQuerySchema,
} from '../../../common/schemas/system';
import { notFound } from '../../http/errors';
import { authOf } from '../../http/access';
import { idParams, idSchema } from '../../http/params';
import type { App } from '../../http/types';
import { analytics } from './analytics';
import { listOutbox, readOutbox, resendOutbox, withoutDeliveredSecrets } from './outbox';

export async function insightRoutes(app: App) {
  const { database, mailer } = app.deps;

  app.get(
    '/api/system/analytics',
    {
      config: { access: 'system' },
      schema: {
        querystring: analyticsQuerySchema.extend({ organizationId: idSchema.optional() }),
        response: { 200: analyticsSchema },
      },
    },
    async (request) => {
      const { weeks, organizationId } = request.query;
      if (organizationId) {
        const rows = await database.query('select 1 from organizations where id = $1', [organizationId]);
        if (rows.length === 0) throw notFound('Organization not found');
      }
      return analytics(database, weeks, organizationId ?? null);
    },
  );

  app.get(
    '/api/system/outbox',
    {
      config: { access: 'system' },
      schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } },
    },
    async (request) => listOutbox(database, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/system/outbox/:id',
    { config: { access: 'system' }, schema: { params: idParams, response: { 200: outboxEntrySchema } } },
    async (request) => withoutDeliveredSecrets(await readOutbox(database, request.params.id)),
  );

  app.post(
    '/api/system/outbox/:id/resend',
    {
      config: { access: 'system' },
      schema: {
        params: idParams,
        body: z.object({}).optional(),
        response: { 200: outboxEntrySchema.omit({ textBody: true, htmlBody: true }) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      return resendOutbox(database, mailer, user.id, request.params.id);
    },
  );
}
