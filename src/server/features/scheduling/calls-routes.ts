// Conflicts while booking and calls; rules and rights in the services.
import { z } from 'zod';
import {
  callEntrySchema,
  callsAnswerSchema,
  callsPutSchema,
  conflictsRequestSchema,
  myCallSchema,
  myCallsQuery,
  respondLinkInfoSchema,
  respondLinkQuery,
  respondLinkSchema,
  respondSchema,
  conflictReportSchema,
} from '../../../common/schemas/scheduling';
import { sendKept } from '../../http/etag';
import { accessOf } from '../../http/access';
import { idSchema, orgParams } from '../../http/params';
import { errorsAsPage } from '../../http/link-page';
import type { App } from '../../http/types';
import { checkEventScenes } from '../breakdown';
import { listCalls, myCalls, putCalls, respondToCall } from './calls';
import { findPeopleConflicts } from './people-conflicts';
import { answerRespondLink, readRespondLink } from './respond-link';

const eventParams = orgParams.extend({ eventId: idSchema });

export async function callRoutes(app: App) {
  const { database, sessionSecret } = app.deps;
  const calls = '/api/organizations/:orgId/calendar/events/:eventId/calls';

  app.post(
    '/api/organizations/:orgId/calendar/conflicts',
    {
      // Asks, changes nothing: its answers are kept until the data they are read from changes.
      config: { readsOnly: true, access: { organization: 'path' } },
      // Answered with kept bytes of a ConflictReport (people-conflicts.ts), which fastify sends as
      // they are: the schema describes them and is never walked (that cost more than the check).
      schema: { params: orgParams, body: conflictsRequestSchema, response: { 200: conflictReportSchema } },
    },
    async (request, reply) => {
      const access = accessOf(request);
      await checkEventScenes(database, access.organizationId, request.body.teamIds, request.body.sceneIds);
      // A member's session already holds their organization's zone (one query fewer per check).
      const own = access.auth.organization?.id === access.organizationId ? access.auth.organization : null;
      const body = await findPeopleConflicts(database, { ...access, timeZone: own?.timezone }, request.body);
      return sendKept(request, reply, body);
    },
  );

  app.get(
    calls,
    {
      config: { access: { organization: 'path' } },
      schema: { params: eventParams, response: { 200: callsAnswerSchema } },
    },
    (request) => listCalls(database, accessOf(request), request.params.eventId),
  );

  app.put(
    calls,
    {
      config: { writes: ['scheduling'], access: { organization: 'path' } },
      schema: { params: eventParams, body: callsPutSchema, response: { 200: callsAnswerSchema } },
    },
    (request) => putCalls(database, accessOf(request), request.params.eventId, request.body),
  );

  app.post(
    `${calls}/respond`,
    {
      config: { writes: ['scheduling'], access: { organization: 'path' } },
      schema: { params: eventParams, body: respondSchema, response: { 200: callEntrySchema } },
    },
    (request) => respondToCall(database, accessOf(request), request.params.eventId, request.body),
  );

  app.get(
    '/api/organizations/:orgId/calls/mine',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, querystring: myCallsQuery, response: { 200: z.array(myCallSchema) } },
    },
    (request) => myCalls(database, accessOf(request), request.query),
  );

  // The mail's one-click links: no session; the signed token is the whole authority.
  app.get(
    '/api/calls/respond-link',
    {
      config: { access: 'public' },
      schema: { querystring: respondLinkQuery, response: { 200: respondLinkInfoSchema } },
      onSend: errorsAsPage('This link cannot be used'),
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
      return readRespondLink(database, sessionSecret, request.query.token);
    },
  );

  app.post(
    '/api/calls/respond-link',
    {
      config: { access: 'public' },
      schema: { body: respondLinkSchema, response: { 200: respondLinkInfoSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answerRespondLink(database, sessionSecret, request.body.token, request.body.status);
    },
  );
}
