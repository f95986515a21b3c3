// Volunteering's routes: thin, each its access, a schema and one service call. Positions, shifts,
// places and the hours ledger are for coordinators (policy.manageVolunteers); holding a place is
// for members (policy.volunteer).
import { z } from 'zod';
import {
  checkInPutSchema,
  hoursQuery,
  hoursSchema,
  positionSchema,
  positionsPutSchema,
  shiftCopySchema,
  shiftCreateSchema,
  shiftPatchSchema,
  shiftListSchema,
  shiftSchema,
  shiftsCopiedSchema,
  shiftsQuery,
  volunteersPutSchema,
} from '../../../common/schemas/volunteer';
import { noContent, textAnswer } from '../../../common/schemas/answers';
import { csvText, sendCsv } from '../../http/csv';
import { sendKept } from '../../http/etag';
import { accessOf } from '../../http/access';
import { idSchema, orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { checkIn } from './check-in';
import { hoursLedger, hoursRows } from './hours';
import { COORDINATORS_ONLY, listPositions, putPositions } from './positions';
import { cancelSignup, ONLY_MEMBERS, offer, setVolunteers, signUp, take } from './signups';
import { copyShifts, createShift, deleteShift, keptShiftList, updateShift } from './shifts';

const eventParams = orgParams.extend({ eventId: idSchema });
const eventShiftParams = eventParams.extend({ shiftId: idSchema });
const shiftParams = orgParams.extend({ shiftId: idSchema });
const one = { 200: shiftSchema };
// Every write here is to the volunteer tables alone, whose triggers announce it; the caller's own
// next read drops what was kept of them at once (app.ts).
const volunteering = { writes: ['volunteer'] } as const;

export async function volunteerRoutes(app: App) {
  const { database } = app.deps;
  const org = '/api/organizations/:orgId';
  const eventShifts = `${org}/calendar/events/:eventId/shifts`;
  const shift = `${org}/shifts/:shiftId`;

  app.get(
    `${org}/volunteer-positions`,
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: z.array(positionSchema) } },
    },
    (request) => listPositions(database, accessOf(request).organizationId),
  );
  app.put(
    `${org}/volunteer-positions`,
    {
      config: {
        ...volunteering,
        access: { organization: 'path', may: 'manageVolunteers', refusal: COORDINATORS_ONLY },
      },
      schema: { params: orgParams, body: positionsPutSchema, response: { 200: z.array(positionSchema) } },
    },
    (request) => putPositions(database, accessOf(request), request.body),
  );

  app.post(
    eventShifts,
    {
      config: {
        ...volunteering,
        access: { organization: 'path', may: 'manageVolunteers', refusal: COORDINATORS_ONLY },
      },
      schema: { params: eventParams, body: shiftCreateSchema, response: { 201: shiftSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createShift(database, accessOf(request), request.params.eventId, request.body)),
  );
  app.post(
    `${eventShifts}/copy`,
    {
      config: {
        ...volunteering,
        access: { organization: 'path', may: 'manageVolunteers', refusal: COORDINATORS_ONLY },
      },
      schema: {
        params: eventParams,
        body: shiftCopySchema,
        response: { 200: shiftsCopiedSchema },
      },
    },
    (request) => copyShifts(database, accessOf(request), request.params.eventId, request.body),
  );
  app.patch(
    `${eventShifts}/:shiftId`,
    {
      config: {
        ...volunteering,
        access: { organization: 'path', may: 'manageVolunteers', refusal: COORDINATORS_ONLY },
      },
      schema: { params: eventShiftParams, body: shiftPatchSchema, response: one },
    },
    (request) =>
      updateShift(database, accessOf(request), request.params.eventId, request.params.shiftId, request.body),
  );
  app.delete(
    `${eventShifts}/:shiftId`,
    {
      config: {
        ...volunteering,
        access: { organization: 'path', may: 'manageVolunteers', refusal: COORDINATORS_ONLY },
      },
      schema: { params: eventShiftParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await deleteShift(database, accessOf(request), request.params.eventId, request.params.shiftId);
      return reply.code(204).send();
    },
  );

  app.get(
    `${org}/shifts`,
    {
      config: { access: { organization: 'path' } },
      // Answered with kept bytes of a Shift list (shifts.ts), checked against its schema when kept.
      schema: { params: orgParams, querystring: shiftsQuery, response: { 200: shiftListSchema } },
    },
    async (request, reply) =>
      sendKept(request, reply, await keptShiftList(database, accessOf(request), request.query)),
  );
  app.post(
    `${shift}/signup`,
    {
      config: { ...volunteering, access: { organization: 'path', may: 'volunteer', refusal: ONLY_MEMBERS } },
      schema: { params: shiftParams, response: { 201: shiftSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await signUp(database, accessOf(request), request.params.shiftId)),
  );
  app.delete(
    `${shift}/signup`,
    {
      config: { ...volunteering, access: { organization: 'path', may: 'volunteer', refusal: ONLY_MEMBERS } },
      schema: { params: shiftParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await cancelSignup(database, accessOf(request), request.params.shiftId);
      return reply.code(204).send();
    },
  );
  app.post(
    `${shift}/offer`,
    {
      config: { ...volunteering, access: { organization: 'path', may: 'volunteer', refusal: ONLY_MEMBERS } },
      schema: { params: shiftParams, response: one },
    },
    (request) => offer(database, accessOf(request), request.params.shiftId),
  );
  app.post(
    `${shift}/take`,
    {
      config: { ...volunteering, access: { organization: 'path', may: 'volunteer', refusal: ONLY_MEMBERS } },
      schema: { params: shiftParams, response: one },
    },
    (request) => take(database, accessOf(request), request.params.shiftId),
  );
  app.put(
    `${shift}/volunteers`,
    {
      config: {
        ...volunteering,
        access: { organization: 'path', may: 'manageVolunteers', refusal: COORDINATORS_ONLY },
      },
      schema: { params: shiftParams, body: volunteersPutSchema, response: one },
    },
    (request) => setVolunteers(database, accessOf(request), request.params.shiftId, request.body.userIds),
  );
  // Coordinators, or the date's house manager: decided in the service once the shift is read.
  app.put(
    `${shift}/check-in`,
    {
      config: { ...volunteering, access: { organization: 'path' } },
      schema: { params: shiftParams, body: checkInPutSchema, response: one },
    },
    (request) => checkIn(database, accessOf(request), request.params.shiftId, request.body),
  );

  app.get(
    `${org}/volunteer-hours`,
    {
      config: { access: { organization: 'path', may: 'manageVolunteers', refusal: COORDINATORS_ONLY } },
      schema: { params: orgParams, querystring: hoursQuery, response: { 200: hoursSchema } },
    },
    (request) => hoursLedger(database, accessOf(request), request.query),
  );
  app.get(
    `${org}/volunteer-hours.csv`,
    {
      config: { access: { organization: 'path', may: 'manageVolunteers', refusal: COORDINATORS_ONLY } },
      schema: {
        params: orgParams,
        querystring: hoursQuery,
        response: { 200: textAnswer('text/csv', 'The hours ledger, one row per volunteer') },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const ledger = await hoursLedger(database, access, request.query);
      const name = `${access.auth.organization?.shortname ?? `organization-${access.organizationId}`}-volunteer-hours.csv`;
      return sendCsv(reply, name, csvText(hoursRows(ledger)));
    },
  );
}
