// The calendar's event calls: list, read, create, edit, delete.
import { z } from 'zod';
import { policy } from '../../../common/permissions';
import { EVENT_TYPES, INSTRUCTOR_ROLE, SPACES } from '../../../common/calendar';
import { BM, sceneIdsField } from '../../../common/schemas/breakdown';
import { eventInputSchema, rangeQuery, strategyQuery } from '../../../common/schemas/calendar';
import { badRequest, notFound } from '../../http/errors';
import { sendKept } from '../../http/etag';
import { requireOrgAccess } from '../../http/guards';
import { idSchema, orgParams } from '../../http/params';
import type { App } from '../../http/types';
import {
  checkEventScenes,
  datesReached,
  scenesOfEvent,
  setEventScenes,
  teamsOfEvent,
} from '../breakdown/event-scenes';
import { calendarSettings, getEventView, listEventsCached, organizationTimeZone } from './queries';
import { createEvent, deleteEvent, EVENT_NOT_FOUND } from './service';
import { DATES_REMOVED, EVENTS_WRITTEN } from './sql';
import { updateEvent } from './update-event';
import { resolveRange } from './validation';

const eventPatchSchema = z.record(z.string(), z.unknown(), { error: 'Invalid request body' });

/** An edit's `sceneIds`, checked like the create body's. */
function scenesOfPatch(value: unknown): number[] {
  const parsed = sceneIdsField.safeParse(value);
  if (!parsed.success) throw badRequest(BM.sceneIds, { sceneIds: BM.sceneIds });
  return parsed.data;
}

export const eventParams = orgParams.extend({ eventId: idSchema });

const listQuery = rangeQuery.extend({ followed: z.enum(['true', 'false']).optional() });

export async function eventRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/api/organizations/:orgId/calendar/events',
    { schema: { params: orgParams, querystring: listQuery } },
    async (request, reply) => {
      const { organizationId, actor, auth } = await requireOrgAccess(request, request.params.orgId);
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
    { schema: { params: orgParams } },
    async (request) => {
      const { organizationId, actor } = await requireOrgAccess(request, request.params.orgId);
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
          `select u.id, u.first_name as "firstName", u.last_name as "lastName", u.username,
           $2 = any(m.organization_roles) as "isInstructor"
         from user_organizations m join users u on u.id = m.user_id
         where m.organization_id = $1 and m.status = 'active'
         order by lower(coalesce(u.first_name, u.username)), lower(u.username)`,
          [organizationId, INSTRUCTOR_ROLE],
        ),
        calendarSettings(database, organizationId),
      ]);
      return {
        spaces: SPACES,
        eventTypes: EVENT_TYPES,
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
    { schema: { params: eventParams } },
    async (request) => {
      const { organizationId, actor } = await requireOrgAccess(request, request.params.orgId);
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
    { config: { writes: EVENTS_WRITTEN }, schema: { params: orgParams, body: eventInputSchema } },
    async (request, reply) => {
      const access = await requireOrgAccess(request, request.params.orgId);
      const { sceneIds, teamIds } = request.body;
      await checkEventScenes(database, access.organizationId, teamIds, sceneIds);
      const result = await createEvent(database, access, request.body);
      if (sceneIds.length > 0 && result.event) {
        const dates = await datesReached(database, access.organizationId, result.event, 'create');
        await setEventScenes(database, access.organizationId, dates, sceneIds);
      }
      return reply.code(201).send({ ...result, event: result.event && { ...result.event, sceneIds } });
    },
  );

  app.patch(
    '/api/organizations/:orgId/calendar/events/:eventId',
    {
      config: { writes: DATES_REMOVED },
      schema: { params: eventParams, querystring: strategyQuery, body: eventPatchSchema },
    },
    async (request) => {
      const access = await requireOrgAccess(request, request.params.orgId);
      const { organizationId } = access;
      const { eventId } = request.params;
      // Scenes are checked against the teams the event will have, before anything is written.
      const sceneIds = 'sceneIds' in request.body ? scenesOfPatch(request.body.sceneIds) : null;
      if (sceneIds?.length) {
        const teamIds = Array.isArray(request.body.teamIds)
          ? (request.body.teamIds as number[])
          : await teamsOfEvent(database, organizationId, eventId);
        await checkEventScenes(database, organizationId, teamIds, sceneIds);
      }
      const result = await updateEvent(database, access, eventId, request.body, request.query.strategy);
      if (sceneIds && result.event) {
        const dates = await datesReached(database, organizationId, result.event, request.query.strategy);
        await setEventScenes(database, organizationId, dates, sceneIds);
      }
      return result;
    },
  );

  app.delete(
    '/api/organizations/:orgId/calendar/events/:eventId',
    { config: { writes: DATES_REMOVED }, schema: { params: eventParams, querystring: strategyQuery } },
    async (request) => {
      const access = await requireOrgAccess(request, request.params.orgId);
      return deleteEvent(database, access, request.params.eventId, request.query.strategy);
    },
  );
}
