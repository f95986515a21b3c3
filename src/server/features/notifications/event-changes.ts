// The calendar's one hook into notifications: its edit and delete transactions name the editor,
// so the database trigger that records changes for followers (migration notifications_sql) can
// leave them out of their own change notice.
import type { Runner } from '../calendar/sql';

export async function noteEventEditor(q: Runner, userId: number) {
  await q.query("select set_config('greenroom.actor_id', $1, true)", [String(userId)]);
}
