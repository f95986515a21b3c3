// Attendance and the call sheet; rules and rights in the services.
import { z } from 'zod';
import {
  attendanceEntrySchema,
  attendancePutSchema,
  attendanceReportQuery,
  attendanceReportSchema,
  callSheetQuery,
  callSheetSchema,
} from '../../../common/schemas/scheduling';
import { textAnswer } from '../../../common/schemas/answers';
import { csvText, sendCsv } from '../../http/csv';
import { accessOf } from '../../http/access';
import { idSchema, orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { attendanceReport, getAttendance, putAttendance, reportRows } from './attendance';
import { callSheet } from './call-sheet';

const eventParams = orgParams.extend({ eventId: idSchema });

export async function attendanceRoutes(app: App) {
  const { database } = app.deps;
  const attendance = '/api/organizations/:orgId/calendar/events/:eventId/attendance';
  const list = { 200: z.array(attendanceEntrySchema) };

  app.get(
    attendance,
    { config: { access: { organization: 'path' } }, schema: { params: eventParams, response: list } },
    (request) => getAttendance(database, accessOf(request), request.params.eventId),
  );

  app.put(
    attendance,
    {
      // Attendance is read fresh every time: nothing kept to drop.
      config: { writes: [], access: { organization: 'path' } },
      schema: { params: eventParams, body: attendancePutSchema, response: list },
    },
    (request) => putAttendance(database, accessOf(request), request.params.eventId, request.body),
  );

  app.get(
    '/api/organizations/:orgId/attendance/report',
    {
      config: { access: { organization: 'path' } },
      schema: {
        params: orgParams,
        querystring: attendanceReportQuery,
        response: { 200: attendanceReportSchema },
      },
    },
    (request) => attendanceReport(database, accessOf(request), request.query),
  );

  app.get(
    '/api/organizations/:orgId/attendance/report.csv',
    {
      config: { access: { organization: 'path' } },
      schema: {
        params: orgParams,
        querystring: attendanceReportQuery,
        response: { 200: textAnswer('text/csv', 'The report, one row per person and occurrence') },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const report = await attendanceReport(database, access, request.query);
      const name = `${access.auth.organization?.shortname ?? `organization-${access.organizationId}`}-attendance.csv`;
      return sendCsv(reply, name, csvText(reportRows(report)));
    },
  );

  app.get(
    '/api/organizations/:orgId/calendar/call-sheet',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, querystring: callSheetQuery, response: { 200: callSheetSchema } },
    },
    (request) => callSheet(database, accessOf(request), request.query.date),
  );
}
