// One notice for one member: what their preferences say happens to it. Recorded once (its unique
// key), shown in the notification centre when pushNotifications is on, mailed at once (reminders,
// and everything for `immediate` members) or kept for their digest (`daily`, `weekly`).
import type { InboxItem, NotificationPreferences } from '../../../common/schemas/notifications';
import type { Database } from '../../db/client';
import { sendToUser } from '../../http/presence-signal';
import type { Runner } from '../calendar';
import { enqueue } from './jobs';
import { loadPreferences } from './preferences';

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

/** Records the notice and queues its mail in the caller's transaction; what to push after commit. */
export async function deliver(q: Runner, notice: Notice, now: Date): Promise<Pushed | null> {
  const prefs = await loadPreferences(q, notice.userId);
  if (notice.gate && !prefs[notice.gate]) return null;
  const email = prefs.emailNotifications && !(notice.kind === 'change' && prefs.digestFrequency === 'never');
  const mailNow = email && (notice.kind === 'reminder' || prefs.digestFrequency === 'immediate');
  const digest = email && !mailNow;
  const inApp = prefs.pushNotifications;
  if (!inApp && !email) return null;
  const [row] = await q.query<{ id: number; createdAt: Date }>(
    `insert into member_notifications
       (organization_id, user_id, kind, unique_key, title, body, link, in_app, digest_pending, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (organization_id, unique_key) do nothing returning id, created_at as "createdAt"`,
    [
      notice.organizationId,
      notice.userId,
      notice.kind,
      notice.key,
      notice.title,
      notice.body,
      notice.link,
      inApp,
      digest,
      now,
    ],
  );
  if (!row) return null;
  if (mailNow) await enqueue(q, 'mail', `mail:${notice.key}`, { notificationId: row.id }, now);
  if (!inApp) return null;
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
}

/** After commit: each member's open pages (on any instance) get their new notices. */
export async function pushAll(database: Database, pushed: (Pushed | null)[]) {
  for (const p of pushed)
    if (p) await sendToUser(database, p.organizationId, p.userId, { type: 'notification', data: p.item });
}
