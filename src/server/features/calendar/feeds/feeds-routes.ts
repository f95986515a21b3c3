// Personal calendar subscriptions (beyond the spec): a member's followed events at a secret,
// revocable iCalendar address; the address itself is managed from My Schedule.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { textAnswer } from '../../../../common/schemas/answers';
import { feedLinksSchema, feedRevokedSchema } from '../../../../common/schemas/calendar';
import { notFound } from '../../../http/errors';
import { accessOf } from '../../../http/access';
import type { App } from '../../../http/types';
import { orgParams } from '../../../http/params';
import { createFeed, currentFeed, feedEvents, feedOwner, feedWindow, renderFeed, revokeFeed } from './feeds';
import { shiftFeedEvents } from '../../volunteer';
import type { IcsEvent } from './ics';
import { ensureMaterialized } from '../series/series';

const byStart = (a: IcsEvent, b: IcsEvent) =>
  a.start.getTime() - b.start.getTime() || (a.uid ?? '').localeCompare(b.uid ?? '') || a.id - b.id;

const tokenParams = z.object({ token: z.string().min(10).max(200) });

export async function feedRoutes(app: App) {
  const { database, config, sessionSecret } = app.deps;

  const context = async (request: FastifyRequest) => {
    const { organizationId, actor, auth } = accessOf(request);
    const [org] = await database.query<{ shortname: string }>(
      'select shortname from organizations where id = $1',
      [organizationId],
    );
    return {
      database,
      secret: sessionSecret,
      publicUrl: config.publicUrl,
      organizationId,
      shortname: org?.shortname ?? auth.organization?.shortname ?? '',
      userId: actor.userId,
    };
  };

  app.get(
    '/api/organizations/:orgId/calendar/feed',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: feedLinksSchema } },
    },
    async (request) => currentFeed(await context(request)),
  );

  app.post(
    '/api/organizations/:orgId/calendar/feed',
    {
      // Feed addresses are read fresh: nothing kept to drop.
      config: { writes: [], access: { organization: 'path' } },
      schema: { params: orgParams, response: { 201: feedLinksSchema } },
    },
    async (request, reply) => reply.code(201).send(await createFeed(await context(request))),
  );

  app.delete(
    '/api/organizations/:orgId/calendar/feed',
    {
      // Feed addresses are read fresh: nothing kept to drop.
      config: { writes: [], access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: feedRevokedSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return revokeFeed(database, organizationId, actor.userId);
    },
  );

  // The secret in the path is the only credential (calendar apps send no cookies); request logs
  // mask it (app.ts redactUrl).
  app.get(
    '/api/feeds/:token',
    {
      config: { access: 'public' },
      schema: {
        params: tokenParams,
        response: { 200: textAnswer('text/calendar', 'The events and shifts the member follows') },
      },
    },
    async (request, reply) => {
      const token = request.params.token.replace(/\.ics$/, '');
      const owner = await feedOwner(database, token);
      if (!owner) throw notFound('Calendar feed not found');
      const window = feedWindow();
      await ensureMaterialized(database, owner.organizationId, window.to);
      // The events the member follows and the volunteer shifts they hold, in time order.
      const [followed, shifts] = await Promise.all([
        feedEvents(database, owner.organizationId, window, owner.userId),
        shiftFeedEvents(database, owner.organizationId, window, owner.userId),
      ]);
      const events = shifts.length === 0 ? followed : [...followed, ...shifts].sort(byStart);
      const body = renderFeed(
        `${owner.organizationName}: My Schedule`,
        owner.timeZone,
        `${owner.shortname}.${config.baseDomain}`,
        events,
        'Events you follow in Greenroom',
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="my-schedule.ics"')
        .header('cache-control', 'private, max-age=300')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    },
  );
}
