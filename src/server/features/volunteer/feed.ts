// A member's volunteer shifts as entries of their personal iCalendar feed (My Schedule): one
// per shift they hold, with its own UID so it never collides with the event's.
import type { Database } from '../../db/client';
import type { IcsEvent } from '../calendar';

export async function shiftFeedEvents(
  database: Database,
  organizationId: number,
  window: { from: Date; to: Date },
  userId: number,
): Promise<IcsEvent[]> {
  const rows = await database.query<IcsEvent>(
    `select s.id, 'Volunteer: ' || p.name || ' · ' || e.name as name, s.note as description, e.spaces,
       s.start_date_time as start, s.end_date_time as "end", 'volunteer' as "eventType", null as "eventUrl",
       v.created_at as "createdAt", greatest(v.created_at, s.created_at) as "updatedAt", 'shift-' || s.id as uid
     from volunteer_signups v
     join volunteer_shifts s on s.id = v.shift_id and s.organization_id = $1
     join calendar_events e on e.id = s.event_id and e.organization_id = $1
     join volunteer_positions p on p.id = s.position_id and p.organization_id = $1
     where v.organization_id = $1 and v.user_id = $4 and s.start_date_time < $3 and s.end_date_time > $2
     order by s.start_date_time, s.id`,
    [organizationId, window.from, window.to, userId],
  );
  return rows.map((r) => ({
    ...r,
    start: new Date(r.start),
    end: new Date(r.end),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  }));
}
