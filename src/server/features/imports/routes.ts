// Moving in: POST a members CSV or a calendar file; ?dryRun=1 previews every row's
// fate without writing anything.
import {
  CALENDAR_IMPORT_FIELDS_INVALID,
  calendarImportFieldsSchema,
  calendarImportResultSchema,
  importQuerySchema,
  MAX_IMPORT_BYTES,
  memberImportResultSchema,
} from '../../../common/schemas/imports';
import { accessOf } from '../../http/access';
import { orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { readUpload } from '../../http/upload';
import { badRequest } from '../../http/errors';
import { importCalendar } from './calendar-import';
import { importMembers } from './member-import';

export async function importRoutes(app: App) {
  app.post(
    '/api/organizations/:orgId/users/import',
    {
      config: { access: { organization: 'path', may: 'importData' } },
      schema: {
        params: orgParams,
        querystring: importQuerySchema,
        response: { 200: memberImportResultSchema },
      },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      const file = await readUpload(request, 'file', MAX_IMPORT_BYTES, 'Please choose a CSV file');
      return importMembers(app.deps, organizationId, actor, file, request.query.dryRun);
    },
  );

  app.post(
    '/api/organizations/:orgId/calendar/import',
    {
      config: { access: { organization: 'path', may: 'importData' } },
      schema: {
        params: orgParams,
        querystring: importQuerySchema,
        response: { 200: calendarImportResultSchema },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const file = await readUpload(request, 'file', MAX_IMPORT_BYTES, 'Please choose an .ics file');
      // The plain fields come with the file (sent before it in the form).
      const fields = calendarImportFieldsSchema.safeParse({
        space: file.fields.space || undefined,
        eventType: file.fields.eventType || undefined,
        allowConflicts: file.fields.allowConflicts === 'true' || file.fields.allowConflicts === '1',
      });
      if (!fields.success)
        throw badRequest(fields.error.issues[0]?.message ?? CALENDAR_IMPORT_FIELDS_INVALID);
      return importCalendar(app.deps.database, access, file, fields.data, request.query.dryRun);
    },
  );
}
