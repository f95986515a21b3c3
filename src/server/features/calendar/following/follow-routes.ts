// Following events: follow, unfollow with a
// strategy, and the caller's follow records on both paths the spec uses.
import {
  followAnswerSchema,
  followedEventsSchema,
  rangeQuery,
  strategyQuery,
} from '../../../../common/schemas/calendar';
import { accessOf } from '../../../http/access';
import type { App } from '../../../http/types';
import { orgParams } from '../../../http/params';
import { eventParams } from '../events/events-routes';
import { followedEvents, follow, unfollow } from './following';
import { organizationTimeZone } from '../events/queries';
import { ensureMaterialized } from '../series/series';
import { resolveRange } from '../events/validation';
import { FOLLOWS_WRITTEN } from '../sql';

export async function followRoutes(app: App) {
  const { database } = app.deps;

  const followed = async (organizationId: number, userId: number, query: { from?: string; to?: string }) => {
    const timeZone = await organizationTimeZone(database, organizationId);
    const { from, to } = resolveRange(query, timeZone);
    await ensureMaterialized(database, organizationId, to);
    return followedEvents(database, organizationId, userId, from, to);
  };

  app.get(
    '/api/organizations/:orgId/calendar/events/followed',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, querystring: rangeQuery, response: { 200: followedEventsSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return followed(organizationId, actor.userId, request.query);
    },
  );

  app.get(
    '/api/me/followed-events',
    {
      config: { access: { organization: 'member' } },
      schema: { querystring: rangeQuery, response: { 200: followedEventsSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return followed(organizationId, actor.userId, request.query);
    },
  );

  app.post(
    '/api/organizations/:orgId/calendar/events/:eventId/follow',
    {
      config: { writes: FOLLOWS_WRITTEN, access: { organization: 'path' } },
      schema: { params: eventParams, querystring: strategyQuery, response: { 200: followAnswerSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return follow(database, organizationId, actor.userId, request.params.eventId, request.query.strategy);
    },
  );

  app.delete(
    '/api/organizations/:orgId/calendar/events/:eventId/follow',
    {
      config: { writes: FOLLOWS_WRITTEN, access: { organization: 'path' } },
      schema: { params: eventParams, querystring: strategyQuery, response: { 200: followAnswerSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return unfollow(database, organizationId, actor.userId, request.params.eventId, request.query.strategy);
    },
  );
}
