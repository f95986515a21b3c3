// Each member's notification preferences, kept in users.notification_settings
// (docs/product.md#notifications-and-mail). Stored values are always completed with the defaults
// when read.
import { type NotificationPreferences, withDefaults } from '../../../common/schemas/notifications';
import type { Database } from '../../db/client';
import type { Runner } from '../calendar';

export async function loadPreferences(
  q: Runner | Database,
  userId: number,
): Promise<NotificationPreferences> {
  return (await loadPreferencesOf(q, [userId])).get(userId)!;
}

/** Several members' preferences in one statement, by user id (defaults for anyone not found). */
export async function loadPreferencesOf(
  q: Runner | Database,
  userIds: readonly number[],
): Promise<Map<number, NotificationPreferences>> {
  const rows = await q.query<{ id: number; settings: unknown }>(
    'select id, notification_settings as settings from users where id = any($1::int[])',
    [[...new Set(userIds)]],
  );
  const found = new Map(rows.map((r) => [r.id, r.settings]));
  return new Map(userIds.map((id) => [id, withDefaults(found.get(id))]));
}

/** `patch` is already validated by the route (unknown fields and values answer 400 there). */
export async function updatePreferences(
  database: Database,
  userId: number,
  patch: Partial<NotificationPreferences>,
) {
  const next = { ...(await loadPreferences(database, userId)), ...patch };
  await database.query('update users set notification_settings = $2::jsonb where id = $1', [
    userId,
    JSON.stringify(next),
  ]);
  return next;
}

/**
 * SQL for one preference of `users u`, with the spec's default when unset: used by the scans that
 * pick who gets reminders and digests, so the rule for defaults matches withDefaults().
 */
export const prefSql = {
  flag: (name: keyof NotificationPreferences) =>
    `coalesce((u.notification_settings->>'${name}')::boolean, true)`,
  digest: `coalesce(u.notification_settings->>'digestFrequency', 'daily')`,
  reminderInterval: `(case coalesce(u.notification_settings->>'reminderTiming', '1hour')
      when '15min' then interval '15 minutes' when '1day' then interval '1 day'
      when '1week' then interval '7 days' else interval '1 hour' end)`,
};
