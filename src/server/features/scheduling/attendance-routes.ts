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
import { csvText, sendCsv } from '../../http/csv';
import { guardOrg, orgAccessOf } from '../../http/guards';
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
    { preValidation: guardOrg(), schema: { params: eventParams, response: list } },
    (request) => getAttendance(database, orgAccessOf(request), request.params.eventId),
  );

  app.put(
    attendance,
    {
      // Attendance is read fresh every time: nothing kept to drop.
      config: { writes: [] },
      preValidation: guardOrg(),
      schema: { params: eventParams, body: attendancePutSchema, response: list },
    },
    (request) => putAttendance(database, orgAccessOf(request), request.params.eventId, request.body),
  );

  app.get(
    '/api/organizations/:orgId/attendance/report',
    {
      preValidation: guardOrg(),
      schema: {
        params: orgParams,
        querystring: attendanceReportQuery,
        response: { 200: attendanceReportSchema },
      },
    },
    (request) => attendanceReport(database, orgAccessOf(request), request.query),
  );

  app.get(
    '/api/organizations/:orgId/attendance/report.csv',
    { preValidation: guardOrg(), schema: { params: orgParams, querystring: attendanceReportQuery } },
    async (request, reply) => {
      const access = orgAccessOf(request);
      const report = await attendanceReport(database, access, request.query);
      const name = `${access.auth.organization?.shortname ?? `organization-${access.organizationId}`}-attendance.csv`;
      return sendCsv(reply, name, csvText(reportRows(report)));
    },
  );

  app.get(
    '/api/organizations/:orgId/calendar/call-sheet',
    {
      preValidation: guardOrg(),
      schema: { params: orgParams, querystring: callSheetQuery, response: { 200: callSheetSchema } },
    },
    (request) => callSheet(database, orgAccessOf(request), request.query.date),
  );
}
