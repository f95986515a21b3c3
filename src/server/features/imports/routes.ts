// Moving in (issue #18): POST a members CSV or a calendar file; ?dryRun=1 previews every row's
// fate without writing anything.
import { policy } from '../../../common/permissions';
import {
  importQuerySchema,
  MAX_IMPORT_BYTES,
  memberImportResultSchema,
} from '../../../common/schemas/imports';
import { guardOrg, orgAccessOf } from '../../http/guards';
import { orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { readUpload } from '../../http/upload';
import { importMembers } from './member-import';

export async function importRoutes(app: App) {
  app.post(
    '/api/organizations/:orgId/users/import',
    {
      preValidation: guardOrg(policy.importData),
      schema: {
        params: orgParams,
        querystring: importQuerySchema,
        response: { 200: memberImportResultSchema },
      },
    },
    async (request) => {
      const { organizationId, actor } = orgAccessOf(request);
      const file = await readUpload(request, 'file', MAX_IMPORT_BYTES, 'Please choose a CSV file');
      return importMembers(app.deps, organizationId, actor, file, request.query.dryRun);
    },
  );
}
