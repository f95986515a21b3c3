// Reading shifts as the API answers them: one statement for a list (by range, by event or by id),
// with each shift's volunteers and their state.
import { policy } from '../../../common/permissions';
import type { Shift, Volunteer } from '../../../common/schemas/volunteer';
import { displayName } from '../../../common/teams';
import { toZonedIso } from '../../../common/zoned-time';
import { type NameRow, nameColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import type { Runner } from '../calendar';
import type { Caller } from '../scheduling';

interface HolderRow extends NameRow {
  shiftId: number;
  userId: number;
  offered: boolean;
  checkIn: 'present' | 'no_show' | null;
}

interface ShiftRow {
  id: number;
  eventId: number;
  eventName: string;
  eventStart: Date;
  positionId: number;
  positionName: string;
  start: Date;
  end: Date;
  places: number;
  taken: number;
  teamIds: number[];
  note: string | null;
}

export interface ShiftFilter {
  shiftIds?: number[];
  eventId?: number;
  from?: Date;
  to?: Date;
  /** Only shifts with places to fill that have not started, that this member may take. */
  openFor?: { userId: number; anyTeam: boolean };
  /** Only shifts this member holds. */
  heldBy?: number;
}

const SHIFT_SELECT = `select s.id, s.event_id as "eventId", e.name as "eventName", e.start_date_time as "eventStart",
    s.position_id as "positionId", p.name as "positionName", s.start_date_time as start, s.end_date_time as "end",
    s.places, s.taken, s.team_ids as "teamIds", s.note
  from volunteer_shifts s
  join calendar_events e on e.id = s.event_id and e.organization_id = $1
  join volunteer_positions p on p.id = s.position_id and p.organization_id = $1`;

/** The holders of the listed shifts, in the order they took their place (one statement for all). */
const HOLDERS_SQL = `select v.shift_id as "shiftId", v.user_id as "userId", ${nameColumns('u')},
    v.offered_at is not null as offered, v.check_in as "checkIn"
  from volunteer_signups v join users u on u.id = v.user_id
  where v.organization_id = $1 and v.shift_id = any($2::int[])
  order by v.created_at, v.id`;

export async function readShifts(
  q: Runner | Database,
  access: Caller,
  timeZone: string,
  filter: ShiftFilter,
): Promise<Shift[]> {
  const rows = await q.query<ShiftRow>(SHIFT_SQL, [
    access.organizationId,
    filter.shiftIds ?? null,
    filter.eventId ?? null,
    filter.from ?? null,
    filter.to ?? null,
    filter.openFor?.userId ?? null,
    filter.openFor?.anyTeam ?? false,
    filter.heldBy ?? null,
  ]);
  const holders = new Map<number, HolderRow[]>();
  if (rows.length > 0)
    for (const h of await q.query<HolderRow>(HOLDERS_SQL, [access.organizationId, rows.map((r) => r.id)]))
      holders.set(h.shiftId, [...(holders.get(h.shiftId) ?? []), h]);
  const coordinator = policy.manageVolunteers(access.actor);
  // Many shifts share their times (every position of a date): each instant is written once.
  const written = new Map<number, string>();
  const iso = (value: Date) => {
    const ms = new Date(value).getTime();
    const known = written.get(ms);
    if (known !== undefined) return known;
    const text = toZonedIso(ms, timeZone);
    written.set(ms, text);
    return text;
  };
  return rows.map((r) => shiftOf(r, holders.get(r.id) ?? [], iso, coordinator));
}

export const SHIFT_SQL = `${SHIFT_SELECT}
     where s.organization_id = $1
       and ($2::int[] is null or s.id = any($2::int[]))
       and ($3::int is null or s.event_id = $3)
       and ($4::timestamptz is null or s.start_date_time >= $4)
       and ($5::timestamptz is null or s.start_date_time < $5)
       and ($6::int is null or (s.start_date_time > now()
         and (s.taken < s.places or exists (select 1 from volunteer_signups o where o.shift_id = s.id
           and o.offered_at is not null and o.user_id <> $6))
         and ($7::boolean or cardinality(s.team_ids) = 0 or exists (select 1 from team_members tm
           where tm.organization_id = $1 and tm.user_id = $6 and tm.team_id = any(s.team_ids)))))
       and ($8::int is null or exists (select 1 from volunteer_signups h where h.shift_id = s.id and h.user_id = $8))
     order by s.start_date_time, lower(e.name), p.sort_order, s.id
     limit 2000`;

function shiftOf(r: ShiftRow, held: HolderRow[], iso: (d: Date) => string, coordinator: boolean): Shift {
  const volunteers: Volunteer[] = held.map((v) => ({
    userId: v.userId,
    name: displayName(v),
    status: v.checkIn ?? (v.offered ? 'offered' : 'signed_up'),
  }));
  return {
    id: r.id,
    eventId: r.eventId,
    eventName: r.eventName,
    eventStartDateTime: iso(r.eventStart),
    positionId: r.positionId,
    positionName: r.positionName,
    startDateTime: iso(r.start),
    endDateTime: iso(r.end),
    places: r.places,
    taken: r.taken,
    offered: held.filter((v) => v.offered).length,
    teamIds: r.teamIds,
    note: coordinator ? r.note : null,
    volunteers,
  };
}

export async function readShift(q: Runner | Database, access: Caller, timeZone: string, shiftId: number) {
  const [shift] = await readShifts(q, access, timeZone, { shiftIds: [shiftId] });
  return shift;
}
