// The notification centre: a member's in-app notices in their organization, newest first.
import type { Inbox } from '../../../common/schemas/notifications';
import type { Database } from '../../db/client';

const LIMIT = 30;

export async function loadInbox(database: Database, organizationId: number, userId: number): Promise<Inbox> {
  const items = await database.query<Inbox['items'][number]>(
    `select id, kind, title, body, link, read_at is not null as read,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
     from member_notifications where organization_id = $1 and user_id = $2 and in_app
     order by id desc limit ${LIMIT}`,
    [organizationId, userId],
  );
  const [count] = await database.query<{ n: number }>(
    `select count(*)::int as n from member_notifications
     where organization_id = $1 and user_id = $2 and in_app and read_at is null`,
    [organizationId, userId],
  );
  return { unreadCount: count.n, items };
}

/** Marks the given notices read, or all of them when no ids are given; only the caller's own. */
export async function markRead(database: Database, organizationId: number, userId: number, ids?: number[]) {
  await database.query(
    `update member_notifications set read_at = now()
     where organization_id = $1 and user_id = $2 and in_app and read_at is null
       and ($3::int[] is null or id = any($3::int[]))`,
    [organizationId, userId, ids ?? null],
  );
}
