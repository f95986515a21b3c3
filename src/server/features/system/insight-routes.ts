// Analytics and the mail outbox: what system users read to watch the platform.
import { z } from 'zod';
import type { Analytics } from '../../../common/schemas/system';
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
import { pageOf } from '../../http/keyset';
import { analytics, FIGURES_KEYSET } from './analytics';
import { listOutbox, OUTBOX_KEYSET, readOutbox, resendOutbox, withoutDeliveredSecrets } from './outbox';

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
      const { weeks, organizationId, search } = request.query;
      let organization: Analytics['organization'] = null;
      if (organizationId) {
        [organization] = await database.query<NonNullable<Analytics['organization']>>(
          'select id, name, shortname from organizations where id = $1',
          [organizationId],
        );
        if (!organization) throw notFound('Organization not found');
      }
      const page = pageOf(FIGURES_KEYSET, request.query);
      return analytics(database, { weeks, organization, search, ...page });
    },
  );

  app.get(
    '/api/system/outbox',
    {
      config: { access: 'system' },
      schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } },
    },
    async (request) => listOutbox(database, pageOf(OUTBOX_KEYSET, request.query)),
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
