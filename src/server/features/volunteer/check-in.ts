// Check-in at the event: once a shift has started, its coordinators (or whoever holds that date's
// House Manager shift) mark each volunteer present or no-show; null clears a mark.
import { policy } from '../../../common/permissions';
import type { CheckInPut, Shift } from '../../../common/schemas/volunteer';
import { HOUSE_MANAGER } from '../../../common/volunteer';
import type { Database } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { organizationTimeZone } from '../calendar';
import type { Caller } from '../scheduling';
import { readShift } from './shift-read';
import { SHIFT_NOT_FOUND } from './shifts';

export const CHECK_IN_REFUSED = "Only coordinators and the date's house manager can check volunteers in";
export const CHECK_IN_NOT_STARTED = 'Volunteers can be checked in once the shift has started';
export const NOT_ON_SHIFT = 'Only the people holding this shift can be checked in';

export async function checkIn(
  database: Database,
  access: Caller,
  shiftId: number,
  input: CheckInPut,
): Promise<Shift> {
  const { organizationId, actor } = access;
  const [shift] = await database.query<{ start: Date; houseManager: boolean; holders: number[] }>(
    `select s.start_date_time as start,
       exists (select 1 from volunteer_shifts h join volunteer_positions p on p.id = h.position_id
         join volunteer_signups v on v.shift_id = h.id
         where h.organization_id = $1 and h.event_id = s.event_id and lower(p.name) = lower($4)
           and v.user_id = $3) as "houseManager",
       coalesce((select array_agg(v.user_id) from volunteer_signups v where v.shift_id = s.id), '{}') as holders
     from volunteer_shifts s where s.organization_id = $1 and s.id = $2`,
    [organizationId, shiftId, actor.userId, HOUSE_MANAGER],
  );
  if (!shift) throw notFound(SHIFT_NOT_FOUND);
  if (!policy.checkInVolunteers(actor, shift.houseManager)) throw forbidden(CHECK_IN_REFUSED);
  if (new Date(shift.start) > new Date()) throw conflict(CHECK_IN_NOT_STARTED);
  if (input.some((r) => !shift.holders.includes(r.userId)))
    throw badRequest(NOT_ON_SHIFT, { body: NOT_ON_SHIFT });
  await database.query(
    `update volunteer_signups v set check_in = r.status,
       checked_in_by = case when r.status is null then null else $3::int end,
       checked_in_at = case when r.status is null then null else now() end
     from jsonb_to_recordset($4::jsonb) as r(user_id int, status text)
     where v.organization_id = $1 and v.shift_id = $2 and v.user_id = r.user_id`,
    [
      organizationId,
      shiftId,
      actor.userId,
      JSON.stringify(input.map((r) => ({ user_id: r.userId, status: r.status }))),
    ],
  );
  return readShift(database, access, await organizationTimeZone(database, organizationId), shiftId);
}
