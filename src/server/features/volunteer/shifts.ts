// Coordinators' shifts on calendar occurrences: add, change, remove, copy to other dates; and the
// list every member reads (the Volunteer page, My shifts).
import type { z } from 'zod';
import { policy } from '../../../common/permissions';
import {
  type Shift,
  type ShiftCreate,
  type ShiftPatch,
  type shiftCopySchema,
  shiftListSchema,
  type shiftsQuery,
} from '../../../common/schemas/volunteer';
import { DEFAULT_LEAD_MINUTES } from '../../../common/volunteer';
import { todayIn, wallTimeToInstant } from '../../../common/zoned-time';
import { ChangeFeed, orgScopes } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { KeptBody } from '../../http/etag';
import { EVENT_NOT_FOUND, getEventRow, organizationTimeZone, resolveRange } from '../calendar';
import type { Caller } from '../scheduling';
import { UNKNOWN_POSITION } from './positions';
import { readShift, readShifts } from './shift-read';

export const SHIFT_NOT_FOUND = 'Shift not found';
export const UNKNOWN_TEAM = 'Team not found';
export const PLACES_BELOW_TAKEN = 'More people hold this shift than that; reassign some first';

async function eventOf(database: Database, organizationId: number, eventId: number) {
  const event = await getEventRow(database, organizationId, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

async function checkRefs(
  database: Database,
  organizationId: number,
  input: { positionId?: number; teamIds?: number[] },
) {
  const [row] = await database.query<{ position: boolean; teams: number }>(
    `select ($2::int is null or exists(select 1 from volunteer_positions where organization_id = $1 and id = $2)) as position,
       (select count(*)::int from teams where organization_id = $1 and id = any($3::int[])) as teams`,
    [organizationId, input.positionId ?? null, input.teamIds ?? []],
  );
  if (!row.position) throw badRequest(UNKNOWN_POSITION, { positionId: UNKNOWN_POSITION });
  if (row.teams !== (input.teamIds ?? []).length) throw badRequest(UNKNOWN_TEAM, { teamIds: UNKNOWN_TEAM });
}

/** The shift's instants: the given wall times, else an hour before the event to its end. */
function timesOf(
  input: { startDateTime?: string; endDateTime?: string },
  event: { start: Date; end: Date },
  timeZone: string,
) {
  if (input.startDateTime && input.endDateTime)
    return {
      start: wallTimeToInstant(input.startDateTime, timeZone),
      end: wallTimeToInstant(input.endDateTime, timeZone),
    };
  return { start: new Date(event.start.getTime() - DEFAULT_LEAD_MINUTES * 60_000), end: event.end };
}

export async function createShift(
  database: Database,
  access: Caller,
  eventId: number,
  input: ShiftCreate,
): Promise<Shift> {
  const { organizationId, actor } = access;
  const event = await eventOf(database, organizationId, eventId);
  await checkRefs(database, organizationId, input);
  const timeZone = await organizationTimeZone(database, organizationId);
  const { start, end } = timesOf(input, event, timeZone);
  const [row] = await database.query<{ id: number }>(
    `insert into volunteer_shifts (organization_id, event_id, position_id, places, start_date_time, end_date_time,
       note, team_ids, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      organizationId,
      eventId,
      input.positionId,
      input.places,
      start,
      end,
      input.note,
      input.teamIds ?? [],
      actor.userId,
    ],
  );
  return readShift(database, access, timeZone, row.id);
}

async function shiftOfEvent(database: Database, organizationId: number, eventId: number, shiftId: number) {
  const [row] = await database.query<{ id: number; taken: number }>(
    'select id, taken from volunteer_shifts where organization_id = $1 and event_id = $2 and id = $3',
    [organizationId, eventId, shiftId],
  );
  if (!row) throw notFound(SHIFT_NOT_FOUND);
  return row;
}

export async function updateShift(
  database: Database,
  access: Caller,
  eventId: number,
  shiftId: number,
  input: ShiftPatch,
): Promise<Shift> {
  const { organizationId } = access;
  const event = await eventOf(database, organizationId, eventId);
  await shiftOfEvent(database, organizationId, eventId, shiftId);
  await checkRefs(database, organizationId, input);
  const timeZone = await organizationTimeZone(database, organizationId);
  const times = input.startDateTime ? timesOf(input, event, timeZone) : null;
  const [updated] = await database.query(
    `update volunteer_shifts set position_id = coalesce($3, position_id), places = coalesce($4, places),
       start_date_time = coalesce($5, start_date_time), end_date_time = coalesce($6, end_date_time),
       note = case when $7::boolean then $8 else note end, team_ids = coalesce($9::int[], team_ids)
     where organization_id = $1 and id = $2 and taken <= coalesce($4, places) returning id`,
    [
      organizationId,
      shiftId,
      input.positionId ?? null,
      input.places ?? null,
      times?.start ?? null,
      times?.end ?? null,
      input.note !== undefined,
      input.note ?? null,
      input.teamIds ?? null,
    ],
  );
  if (!updated) throw conflict(PLACES_BELOW_TAKEN);
  return readShift(database, access, timeZone, shiftId);
}

export async function deleteShift(database: Database, access: Caller, eventId: number, shiftId: number) {
  const { organizationId } = access;
  await eventOf(database, organizationId, eventId);
  await shiftOfEvent(database, organizationId, eventId, shiftId);
  await database.query('delete from volunteer_shifts where organization_id = $1 and id = $2', [
    organizationId,
    shiftId,
  ]);
}

/**
 * Copies an occurrence's shifts to other occurrences (a series' dates, a run), each at the same
 * times relative to its event's start. A target that already has a shift of the same position at
 * the same time keeps it and gets no copy.
 */
export async function copyShifts(
  database: Database,
  access: Caller,
  eventId: number,
  input: z.output<typeof shiftCopySchema>,
): Promise<{ created: number }> {
  const { organizationId, actor } = access;
  await eventOf(database, organizationId, eventId);
  const targets = input.toEventIds.filter((id) => id !== eventId);
  const [{ found }] = await database.query<{ found: number }>(
    'select count(*)::int as found from calendar_events where organization_id = $1 and id = any($2::int[])',
    [organizationId, targets],
  );
  if (found !== targets.length) throw notFound(EVENT_NOT_FOUND);
  const rows = await database.query(
    `insert into volunteer_shifts (organization_id, event_id, position_id, places, start_date_time, end_date_time,
       note, team_ids, created_by)
     select $1, t.id, s.position_id, s.places, s.start_date_time + (t.start_date_time - src.start_date_time),
       s.end_date_time + (t.start_date_time - src.start_date_time), s.note, s.team_ids, $4
     from volunteer_shifts s
     join calendar_events src on src.id = s.event_id and src.organization_id = $1
     cross join calendar_events t
     where s.organization_id = $1 and s.event_id = $2 and t.organization_id = $1 and t.id = any($3::int[])
       and not exists (select 1 from volunteer_shifts x where x.organization_id = $1 and x.event_id = t.id
         and x.position_id = s.position_id
         and x.start_date_time = s.start_date_time + (t.start_date_time - src.start_date_time))
     returning id`,
    [organizationId, eventId, targets, actor.userId],
  );
  return { created: rows.length };
}

/** Shifts starting in the range (default: from today on); `open` keeps those still to fill. */
// The shifts list (the Volunteer page) is read far more often than written: it is kept as the bytes
// sent until anything it reads changes: shifts, positions and signups (volunteer), the events they
// are at (calendar), volunteers' names and the asker's teams (people), the zone (settings). Notes are shown to coordinators only, so the
// viewer's role class is part of the key; an open list also depends on who asks (their own offers
// and teams), so it is kept per member, and only until the first listed shift starts.
interface KeptList {
  kept: KeptBody;
  until: number;
}

const keptLists = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptList>('shift-lists', {
    maxAgeMs: 10 * 60_000,
    maxSize: 16 * 1024 * 1024,
    sizeOf: (list) => 2 * list.kept.size + 256,
  });

const SHIFT_LIST_AREAS = ['volunteer', 'calendar', 'people', 'settings'] as const;

export async function keptShiftList(
  database: Database,
  access: Caller,
  query: z.output<typeof shiftsQuery>,
): Promise<KeptBody> {
  const { organizationId, actor } = access;
  const timeZone = await organizationTimeZone(database, organizationId);
  const { from, to } = resolveRange({ from: query.from ?? todayIn(timeZone), to: query.to }, timeZone);
  const open = query.open === '1' || query.open === 'true';
  const coordinator = policy.manageVolunteers(actor);
  const cache = keptLists(database);
  const key = [organizationId, from.getTime(), to.getTime(), coordinator, open ? actor.userId : ''].join('|');
  const hit = cache.get(key);
  if (hit && Date.now() < hit.until) return hit.kept;
  if (hit) cache.delete(key);
  const list = await cache.getOrLoad(key, orgScopes(organizationId, SHIFT_LIST_AREAS), async () => {
    const shifts = await readShifts(database, access, timeZone, {
      from,
      to,
      openFor: open ? { userId: actor.userId, anyTeam: coordinator } : undefined,
    });
    const firstStart = shifts.length > 0 ? Date.parse(shifts[0].startDateTime) : Number.POSITIVE_INFINITY;
    return {
      kept: new KeptBody(JSON.stringify(shiftListSchema.parse(shifts))),
      until: open ? firstStart : Number.POSITIVE_INFINITY,
    };
  });
  return list.kept;
}
