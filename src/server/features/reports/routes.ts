// Rehearsal reports, their notes by department, and the departments setting.
import { z } from 'zod';
import { policy } from '../../../common/permissions';
import {
  departmentAnswerSchema,
  departmentsPutSchema,
  reportNoteListItemSchema,
  reportNotePatchSchema,
  reportNotesQuery,
  reportPutSchema,
  reportSchema,
} from '../../../common/schemas/breakdown';
import { guardOrg, orgAccessOf } from '../../http/guards';
import { idSchema, orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { readDepartments, writeDepartments } from './departments';
import { answerNote, listNotes, publishReport, putReport, readReport } from './service';

const eventParams = orgParams.extend({ eventId: idSchema });
const noteParams = orgParams.extend({ noteId: idSchema });
const DEPARTMENTS_REFUSED = 'Only owners and admins may change the departments';

// Reports, their notes and departments are read fresh every time: nothing kept to drop.
const reportWrites = { writes: [] } as const;

export async function reportRoutes(app: App) {
  const { database } = app.deps;
  const report = '/api/organizations/:orgId/calendar/events/:eventId/report';

  app.get(
    report,
    { preValidation: guardOrg(), schema: { params: eventParams, response: { 200: reportSchema } } },
    (request) => readReport(database, orgAccessOf(request), request.params.eventId),
  );

  app.put(
    report,
    {
      config: reportWrites,
      preValidation: guardOrg(),
      schema: { params: eventParams, body: reportPutSchema, response: { 200: reportSchema } },
    },
    (request) => putReport(database, orgAccessOf(request), request.params.eventId, request.body),
  );

  app.post(
    `${report}/publish`,
    {
      config: reportWrites,
      preValidation: guardOrg(),
      schema: { params: eventParams, response: { 200: reportSchema } },
    },
    (request) => publishReport(database, orgAccessOf(request), request.params.eventId),
  );

  app.get(
    '/api/organizations/:orgId/report-notes',
    {
      preValidation: guardOrg(),
      schema: {
        params: orgParams,
        querystring: reportNotesQuery,
        response: { 200: z.array(reportNoteListItemSchema) },
      },
    },
    (request) => listNotes(database, orgAccessOf(request), request.query),
  );

  app.patch(
    '/api/organizations/:orgId/report-notes/:noteId',
    {
      config: reportWrites,
      preValidation: guardOrg(),
      schema: {
        params: noteParams,
        body: reportNotePatchSchema,
        response: { 200: reportNoteListItemSchema },
      },
    },
    (request) => answerNote(database, orgAccessOf(request), request.params.noteId, request.body),
  );

  app.get(
    '/api/organizations/:orgId/report-departments',
    {
      preValidation: guardOrg(),
      schema: { params: orgParams, response: { 200: z.array(departmentAnswerSchema) } },
    },
    (request) => readDepartments(database, orgAccessOf(request).organizationId),
  );

  app.put(
    '/api/organizations/:orgId/report-departments',
    {
      config: reportWrites,
      preValidation: guardOrg(policy.manageSettings, DEPARTMENTS_REFUSED),
      schema: {
        params: orgParams,
        body: departmentsPutSchema,
        response: { 200: z.array(departmentAnswerSchema) },
      },
    },
    (request) => writeDepartments(database, orgAccessOf(request).organizationId, request.body),
  );
}
