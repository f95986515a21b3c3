// Rehearsal reports, their notes by department, and the departments setting.
import { z } from 'zod';
import {
  departmentAnswerSchema,
  departmentsPutSchema,
  reportNoteListItemSchema,
  reportNotePatchSchema,
  reportNotesQuery,
  reportPutSchema,
  reportSchema,
} from '../../../common/schemas/breakdown';
import { accessOf } from '../../http/access';
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
    {
      config: { access: { organization: 'path' } },
      schema: { params: eventParams, response: { 200: reportSchema } },
    },
    (request) => readReport(database, accessOf(request), request.params.eventId),
  );

  app.put(
    report,
    {
      config: { ...reportWrites, access: { organization: 'path' } },
      schema: { params: eventParams, body: reportPutSchema, response: { 200: reportSchema } },
    },
    (request) => putReport(database, accessOf(request), request.params.eventId, request.body),
  );

  app.post(
    `${report}/publish`,
    {
      config: { ...reportWrites, access: { organization: 'path' } },
      schema: { params: eventParams, response: { 200: reportSchema } },
    },
    (request) => publishReport(database, accessOf(request), request.params.eventId),
  );

  app.get(
    '/api/organizations/:orgId/report-notes',
    {
      config: { access: { organization: 'path' } },
      schema: {
        params: orgParams,
        querystring: reportNotesQuery,
        response: { 200: z.array(reportNoteListItemSchema) },
      },
    },
    (request) => listNotes(database, accessOf(request), request.query),
  );

  app.patch(
    '/api/organizations/:orgId/report-notes/:noteId',
    {
      config: { ...reportWrites, access: { organization: 'path' } },
      schema: {
        params: noteParams,
        body: reportNotePatchSchema,
        response: { 200: reportNoteListItemSchema },
      },
    },
    (request) => answerNote(database, accessOf(request), request.params.noteId, request.body),
  );

  app.get(
    '/api/organizations/:orgId/report-departments',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: z.array(departmentAnswerSchema) } },
    },
    (request) => readDepartments(database, accessOf(request).organizationId),
  );

  app.put(
    '/api/organizations/:orgId/report-departments',
    {
      config: {
        ...reportWrites,
        access: { organization: 'path', may: 'manageSettings', refusal: DEPARTMENTS_REFUSED },
      },
      schema: {
        params: orgParams,
        body: departmentsPutSchema,
        response: { 200: z.array(departmentAnswerSchema) },
      },
    },
    (request) => writeDepartments(database, accessOf(request).organizationId, request.body),
  );
}
