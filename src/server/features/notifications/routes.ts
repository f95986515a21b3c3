// Notification settings, the notification centre, announcements and one-click unsubscribe
// (RFC 8058).
import { z } from 'zod';
import { textAnswer } from '../../../common/schemas/answers';
import {
  announcementInputSchema,
  announcementSchema,
  inboxSchema,
  markReadSchema,
  notificationPreferencesPatchSchema,
  notificationPreferencesSchema,
} from '../../../common/schemas/notifications';
import { AppError } from '../../http/errors';
import { errorsAsPage, htmlPage } from '../../http/link-page';
import { accessOf, authOf, type ObjectRule, type OrgAccess } from '../../http/access';
import { orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { keptAnnouncements, mayAnnounce, postAnnouncement } from './announcements';
import { loadInbox, markRead } from './inbox';
import { loadPreferences, updatePreferences } from './preferences';
import { verifyUnsubscribe } from './unsubscribe';

const REFUSED = 'This unsubscribe link is invalid.';
// A link cut short or edited says the same as a forged one.
const refused = { error: REFUSED };
const unsubscribeQuery = z.object({
  user: z.coerce.number(refused).int(refused).positive(refused).max(2_147_483_647, refused),
  token: z.string(refused).max(100, refused),
});

const REFUSED_TITLE = 'Unsubscribe link not valid';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A state change authorised by something other than the session (a signed link). */
    allowCrossOrigin?: boolean;
  }
}

export async function notificationRoutes(app: App) {
  const { database, sessionSecret } = app.deps;
  const announcements = keptAnnouncements(database);
  // RFC 8058 one-click POSTs (and the confirm page's form) send 'List-Unsubscribe=One-Click' as a
  // form; its content carries nothing the route needs. Only this plugin's routes accept forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  app.get(
    '/api/me/notifications',
    { config: { access: 'signedIn' }, schema: { response: { 200: notificationPreferencesSchema } } },
    async (request) => loadPreferences(database, authOf(request).user.id),
  );

  app.patch(
    '/api/me/notifications',
    {
      // Preferences are a column of the caller's user row.
      config: { writes: ['people'], access: 'signedIn' },
      schema: { body: notificationPreferencesPatchSchema, response: { 200: notificationPreferencesSchema } },
    },
    async (request) => updatePreferences(database, authOf(request).user.id, request.body),
  );

  app.get(
    '/api/me/inbox',
    { config: { access: { organization: 'member' } }, schema: { response: { 200: inboxSchema } } },
    async (request) => {
      const { organizationId, auth } = accessOf(request);
      return loadInbox(database, organizationId, auth.user.id);
    },
  );

  app.post(
    '/api/me/inbox/read',
    {
      // The inbox is read fresh every time: nothing kept to drop.
      config: { writes: [], access: { organization: 'member' } },
      schema: { body: markReadSchema, response: { 200: inboxSchema } },
    },
    async (request) => {
      const { organizationId, auth } = accessOf(request);
      await markRead(database, organizationId, auth.user.id, request.body.ids);
      return loadInbox(database, organizationId, auth.user.id);
    },
  );

  app.get(
    '/api/organizations/:orgId/announcements',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: z.array(announcementSchema) } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return announcements(organizationId, actor.userId);
    },
  );

  // Who may post depends on the teams they lead, so it is read from the database; still before
  // the announcement itself is read.
  const announcer: ObjectRule<OrgAccess> = {
    name: 'somewhere to post',
    check: (_request, caller) => mayAnnounce(database, caller),
  };

  app.post(
    '/api/organizations/:orgId/announcements',
    {
      // The notices an announcement leaves are read fresh every time; the lists it joins are kept.
      config: { writes: ['announcements'], access: { organization: 'path', object: announcer } },
      schema: { params: orgParams, body: announcementInputSchema, response: { 201: announcementSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return postAnnouncement(database, accessOf(request), request.body);
    },
  );

  // RFC 8058: the mail's List-Unsubscribe URL. GET shows a confirmation (link scanners must not
  // unsubscribe anyone); POST, from that page or a mail provider's one-click, turns e-mail off.
  const checked = (query: { user: number; token: string }) => {
    if (!verifyUnsubscribe(sessionSecret, query.user, query.token)) throw new AppError(403, REFUSED);
    return query.user;
  };

  app.get(
    '/api/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        querystring: unsubscribeQuery,
        response: {
          200: textAnswer('text/html', 'A page asking to confirm, whose button posts the same link'),
        },
      },
      onSend: errorsAsPage(REFUSED_TITLE),
    },
    async (request, reply) => {
      const userId = checked(request.query);
      const action = `/api/unsubscribe?user=${userId}&token=${encodeURIComponent(request.query.token)}`;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return htmlPage(
        'Stop notification emails?',
        `<p>You will no longer receive reminders, change notices, digests or announcements by email. You can turn them on again in Notification Settings.</p>
<form method="post" action="${action}"><button type="submit" style="padding:.5rem 1rem">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    '/api/unsubscribe',
    {
      config: { access: 'public', allowCrossOrigin: true },
      schema: {
        querystring: unsubscribeQuery,
        response: { 200: textAnswer('text/html', 'A page saying email notifications are off') },
      },
      onSend: errorsAsPage(REFUSED_TITLE),
    },
    async (request, reply) => {
      const userId = checked(request.query);
      await updatePreferences(database, userId, { emailNotifications: false });
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return htmlPage('You are unsubscribed', '<p>Notification emails are now off for your account.</p>');
    },
  );
}
