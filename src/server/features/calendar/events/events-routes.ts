// The calendar's event calls: list, read, create, edit, delete.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { policy } from '../../../../common/permissions';
import { EVENT_TYPES, INSTRUCTOR_ROLE, SPACES } from '../../../../common/calendar';
import {
  calendarEventSchema,
  calendarOptionsSchema,
  eventCreatedSchema,
  eventDeletedSchema,
  eventDetailSchema,
  eventEditedSchema,
  eventInputSchema,
  eventPatchSchema,
  rangeQuery,
  strategyQuery,
} from '../../../../common/schemas/calendar';
import { accessOf, type OrgAccess } from '../../../http/access';
import { notFound } from '../../../http/errors';
import { sendKept } from '../../../http/etag';
import { idSchema, orgParams } from '../../../http/params';
import type { App } from '../../../http/types';
import { checkEventScenes, datesReached, scenesOfEvent, setEventScenes, teamsOfEvent } from '../../breakdown';
import { calendarSettings, getEventView, listEventsCached, organizationTimeZone } from './queries';
import { createEvent, deleteEvent, EVENT_NOT_FOUND } from '../service';
import { nameColumns } from '../../../db/columns';
import { DATES_REMOVED, EVENTS_WRITTEN } from '../sql';
import { readCheckedEdit, updateEvent } from '../series/update-event';
import { parseOrThrow, resolveRange } from './validation';

export const eventParams = orgParams.extend({ eventId: idSchema });

/**
 * An edit whose fields eventPatchSchema refuses is answered as the whole edit is checked (the
 * patch merged into the stored event), once the event is found and the caller may edit it: the
 * answer names every problem, an end before the stored start beside an emptied name, as the
 * form shows them. A path, a strategy or a body that is not an object is refused as validated.
 */
async function refuseEdit(request: FastifyRequest, access: OrgAccess): Promise<never> {
  const refused = request.validationError;
  const body: unknown = request.body;
  if (refused?.validationContext === 'body' && typeof body === 'object' && body && !Array.isArray(body)) {
    // The query is checked after the body, so it was not yet when the body was refused.
    const { strategy } = parseOrThrow(strategyQuery, request.query);
    const { eventId } = request.params as z.output<typeof eventParams>;
    await readCheckedEdit(
      request.server.deps.database,
      access,
      eventId,
      body as Record<string, unknown>,
      strategy,
    );
  }
  throw refused;
}

const listQuery = rangeQuery.extend({ followed: z.enum(['true', 'false']).optional() });

export async function eventRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/api/organizations/:orgId/calendar/events',
    {
      config: { access: { organization: 'path' } },
      // Sent as kept JSON text built by PostgreSQL (queries.ts), which the schema describes.
      schema: { params: orgParams, querystring: listQuery, response: { 200: z.array(calendarEventSchema) } },
    },
    async (request, reply) => {
      const { organizationId, actor, auth } = accessOf(request);
      // A member's session already holds their organization's zone; a system user's does not.
      const timeZone =
        auth.organization?.id === organizationId
          ? auth.organization.timezone
          : await organizationTimeZone(database, organizationId);
      const { from, to } = resolveRange(request.query, timeZone);
      const kept = await listEventsCached(database, {
        organizationId,
        timeZone,
        viewerId: actor.userId,
        from,
        to,
        type: request.query.type,
        followedOnly: request.query.followed === 'true',
      });
      return sendKept(request, reply, kept);
    },
  );

  // What the event form offers: the fixed lists, the organization's teams and its people, with
  // who may be chosen as instructor (members with the Instructor role).
  app.get(
    '/api/organizations/:orgId/calendar/options',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: calendarOptionsSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      const [teams, people, settings] = await Promise.all([
        database.query<{ id: number; name: string }>(
          'select id, name from teams where organization_id = $1 and archived_at is null order by lower(name), id',
          [organizationId],
        ),
        database.query<{
          id: number;
          firstName: string | null;
          lastName: string | null;
          username: string;
          isInstructor: boolean;
        }>(
          `select u.id, ${nameColumns('u')}, $2 = any(m.organization_roles) as "isInstructor"
         from user_organizations m join users u on u.id = m.user_id
         where m.organization_id = $1 and m.status = 'active'
         order by lower(coalesce(u.first_name, u.username)), lower(u.username)`,
          [organizationId, INSTRUCTOR_ROLE],
        ),
        calendarSettings(database, organizationId),
      ]);
      return {
        spaces: [...SPACES],
        eventTypes: [...EVENT_TYPES],
        timeZone: settings.timeZone,
        /** The "Show on the public calendar" switch starts on for these types. */
        publicEventTypes: settings.publicEventTypes,
        teams,
        people,
        canConfigure: policy.configureCalendar(actor),
        canOverrideConflicts: policy.overrideConflicts(actor),
        canReserveForOthers: policy.configureCalendar(actor),
      };
    },
  );

  app.get(
    '/api/organizations/:orgId/calendar/events/:eventId',
    {
      config: { access: { organization: 'path' } },
      schema: { params: eventParams, response: { 200: eventDetailSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      const timeZone = await organizationTimeZone(database, organizationId);
      const event = await getEventView(
        database,
        organizationId,
        timeZone,
        actor.userId,
        request.params.eventId,
        true,
      );
      if (!event) throw notFound(EVENT_NOT_FOUND);
      const scenes = await scenesOfEvent(database, organizationId, event.id);
      return { ...event, sceneIds: scenes.map((s) => s.id), scenes };
    },
  );

  app.post(
    '/api/organizations/:orgId/calendar/events',
    {
      config: { writes: EVENTS_WRITTEN, checksSessionInWrite: true, access: { organization: 'path' } },
      schema: { params: orgParams, body: eventInputSchema, response: { 201: eventCreatedSchema } },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const { sceneIds, teamIds } = request.body;
      await checkEventScenes(database, access.organizationId, teamIds, sceneIds);
      const result = await createEvent(database, access, request.body);
      if (sceneIds.length > 0 && result.event) {
        const dates = await datesReached(database, access.organizationId, result.event, 'create');
        await setEventScenes(database, access.organizationId, dates, sceneIds, access);
      }
      return reply.code(201).send({ ...result, event: result.event && { ...result.event, sceneIds } });
    },
  );

  app.patch(
    '/api/organizations/:orgId/calendar/events/:eventId',
    {
      // An edit that removes dates announces their calls, shifts and follow records itself
      // (updateEvent), dropping them here at once; one that edits a row leaves them kept.
      config: { writes: EVENTS_WRITTEN, checksSessionInWrite: true, access: { organization: 'path' } },
      // A refused field is answered by refuseEdit, with what else the edit breaks.
      attachValidation: true,
      schema: {
        params: eventParams,
        querystring: strategyQuery,
        body: eventPatchSchema,
        response: { 200: eventEditedSchema },
      },
    },
    async (request) => {
      const access = accessOf(request);
      if (request.validationError) return refuseEdit(request, access);
      const { organizationId } = access;
      const { eventId } = request.params;
      const patch = request.body;
      // Scenes are checked against the teams the event will have, before anything is written.
      const sceneIds = patch.sceneIds ?? null;
      if (sceneIds?.length) {
        const teamIds = patch.teamIds ?? (await teamsOfEvent(database, organizationId, eventId));
        await checkEventScenes(database, organizationId, teamIds, sceneIds);
      }
      const result = await updateEvent(database, access, eventId, patch, request.query.strategy);
      if (sceneIds && result.event) {
        const dates = await datesReached(database, organizationId, result.event, request.query.strategy);
        await setEventScenes(database, organizationId, dates, sceneIds, access);
      }
      return result;
    },
  );

  app.delete(
    '/api/organizations/:orgId/calendar/events/:eventId',
    {
      config: { writes: DATES_REMOVED, access: { organization: 'path' } },
      schema: { params: eventParams, querystring: strategyQuery, response: { 200: eventDeletedSchema } },
    },
    async (request) => {
      const access = accessOf(request);
      return deleteEvent(database, access, request.params.eventId, request.query.strategy);
    },
  );
}
