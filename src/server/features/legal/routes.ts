// The Terms of Service and Privacy Policy, readable by anyone: the sign-up forms link to them
// before there is an account. The system user edits them (system/settings-routes.ts).
import { legalKindParamsSchema, legalPageSchema } from '../../../common/schemas/legal';
import type { App } from '../../http/types';
import { legalPage } from '../system';

export async function legalRoutes(app: App) {
  const { database } = app.deps;
  app.get(
    '/api/legal/:kind',
    {
      config: { access: 'public' },
      schema: { params: legalKindParamsSchema, response: { 200: legalPageSchema } },
    },
    async (request) => legalPage(database, request.params.kind),
  );
}
