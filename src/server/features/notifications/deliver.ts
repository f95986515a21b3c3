// One notice for one member: what their preferences say happens to it. Recorded once (its unique
// key), shown in the notification centre when pushNotifications is on, mailed at once (reminders,
// and everything for `immediate` members) or kept for their digest (`daily`, `weekly`).
import type { InboxItem, NotificationPreferences } from '../../../common/schemas/notifications';
import type { Database } from '../../db/client';
import { sendToUser } from '../../http/presence-signal';
import type { Runner } from '../calendar';
import { enqueueMails } from './jobs';
import { loadPreferencesOf } from './preferences';

export interface Notice {
  organizationId: number;
  userId: number;
  kind: InboxItem['kind'];
  /** The preference that must be on for this notice at all (reminders, announcements). */
  gate?: keyof NotificationPreferences;
  /** Once per key, ever: 'reminder:{user}:{event}', 'change:…', 'announcement:…'. */
  key: string;
  title: string;
  body: string;
  /** A path in the app, e.g. '/calendar'; mails make it absolute from configuration. */
  link: string;
}

export interface Pushed {
  organizationId: number;
  userId: number;
  item: InboxItem;
}

/** Where a member's preferences send a notice: nowhere (null), or in the app, by mail now or in a digest. */
function routeOf(prefs: NotificationPreferences, notice: Notice) {
  if (notice.gate && !prefs[notice.gate]) return null;
  const email = prefs.emailNotifications && !(notice.kind === 'change' && prefs.digestFrequency === 'never');
  const mailNow = email && (notice.kind === 'reminder' || prefs.digestFrequency === 'immediate');
  const inApp = prefs.pushNotifications;
  if (!inApp && !email) return null;
  return { inApp, mailNow, digest: email && !mailNow };
}

/**
 * Records the notices and queues their mails in the caller's transaction, in three statements
 * however many there are (an announcement to a school of 10,000 members is one insert, not
 * 20,000 round trips); what to push after commit, in the notices' order. A notice whose key was
 * recorded before is not recorded, mailed or pushed again.
 */
export async function deliverAll(
  q: Runner,
  notices: readonly Notice[],
  now: Date,
): Promise<(Pushed | null)[]> {
  if (notices.length === 0) return [];
  const prefs = await loadPreferencesOf(
    q,
    notices.map((n) => n.userId),
  );
  const routed = notices.map((notice) => ({ notice, route: routeOf(prefs.get(notice.userId)!, notice) }));
  const recorded = routed.filter((r) => r.route !== null);
  if (recorded.length === 0) return notices.map(() => null);
  const rows = await q.query<{ id: number; organizationId: number; key: string; createdAt: Date }>(
    `insert into member_notifications
       (organization_id, user_id, kind, unique_key, title, body, link, in_app, digest_pending, created_at)
     select n.organization_id, n.user_id, n.kind, n.unique_key, n.title, n.body, n.link, n.in_app, n.digest, $2
     from jsonb_to_recordset($1::jsonb) as n(organization_id int, user_id int, kind text, unique_key text,
       title text, body text, link text, in_app boolean, digest boolean)
     on conflict (organization_id, unique_key) do nothing
     returning id, organization_id as "organizationId", unique_key as key, created_at as "createdAt"`,
    [
      JSON.stringify(
        recorded.map(({ notice: n, route }) => ({
          organization_id: n.organizationId,
          user_id: n.userId,
          kind: n.kind,
          unique_key: n.key,
          title: n.title,
          body: n.body,
          link: n.link,
          in_app: route!.inApp,
          digest: route!.digest,
        })),
      ),
      now,
    ],
  );
  const inserted = new Map(rows.map((row) => [`${row.organizationId}:${row.key}`, row]));
  const mails = recorded.flatMap(({ notice, route }) => {
    const row = inserted.get(`${notice.organizationId}:${notice.key}`);
    return row && route!.mailNow ? [{ key: `mail:${notice.key}`, id: row.id }] : [];
  });
  await enqueueMails(q, mails, now);
  return routed.map(({ notice, route }) => {
    const row = inserted.get(`${notice.organizationId}:${notice.key}`);
    if (!row || !route?.inApp) return null;
    return {
      organizationId: notice.organizationId,
      userId: notice.userId,
      item: {
        id: row.id,
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        createdAt: new Date(row.createdAt).toISOString(),
        read: false,
      },
    };
  });
}

/** After commit: each member's open pages (on any instance) get their new notices. */
export function pushAll(database: Database, pushed: (Pushed | null)[]) {
  for (const p of pushed)
    if (p) sendToUser(database, p.organizationId, p.userId, { type: 'notification', data: p.item });
}
