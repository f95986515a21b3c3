// Availability: the periods when a member cannot be called. A member keeps their
// own; their managers (policy.manageMember) read and write them too. Every query is scoped by
// the organization from the session.
import type { z } from 'zod';
import {
  type AvailabilityCreate,
  type AvailabilityPatch,
  type AvailabilityPeriod,
  availabilityPeriodInputSchema,
  type availabilityQuery,
} from '../../../common/schemas/scheduling';
import { toZonedIso } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import { organizationTimeZone, parseOrThrow, resolveRange, type Runner } from '../calendar';
import { managesMember, MEMBER_NOT_FOUND, memberTeamIds, type Caller } from './people';
import { periodBounds, type StoredPeriod } from './periods';

export const PERIOD_NOT_FOUND = 'Availability period not found';
export const NOT_YOUR_PEOPLE = 'You can only see and change the availability of people you manage';

export interface PeriodRow extends StoredPeriod {
  id: number;
  userId: number;
  start: Date;
  end: Date;
  note: string | null;
}

const COLUMNS = `id, user_id as "userId", start_wall as "startWall", end_wall as "endWall",
  start_date_time as start, end_date_time as "end", weekly_until::text as "weeklyUntil",
  time_zone as "timeZone", note`;

export function presentPeriod(row: PeriodRow, timeZone: string): AvailabilityPeriod {
  return {
    id: row.id,
    userId: row.userId,
    startDateTime: toZonedIso(new Date(row.start), timeZone),
    endDateTime: toZonedIso(new Date(row.end), timeZone),
    weeklyUntil: row.weeklyUntil,
    note: row.note,
  };
}

/**
 * The caller themselves, or someone they manage (403); another person who is not an active
 * member here is 404. Writing needs the target to be a member (a system user keeps no periods).
 */
async function checkTarget(database: Database, access: Caller, userId: number, writing: boolean) {
  if (userId !== access.actor.userId) {
    if (!(await managesMember(database, access, userId))) throw forbidden(NOT_YOUR_PEOPLE);
  } else if (writing && !(await memberTeamIds(database, access.organizationId, userId))) {
    throw notFound(MEMBER_NOT_FOUND);
  }
}

/** Periods of the given people that cover any instant in [from, to). */
export function periodsOverlapping(
  q: Runner | Database,
  organizationId: number,
  userIds: readonly number[],
  from: Date,
  to: Date,
): Promise<PeriodRow[]> {
  return q.query<PeriodRow>(
    `select ${COLUMNS} from availability_periods
     where organization_id = $1 and user_id = any($2::int[]) and start_date_time < $4 and last_end > $3
     order by start_date_time, id`,
    [organizationId, userIds, from, to],
  );
}

export async function listAvailability(
  database: Database,
  access: Caller,
  query: z.output<typeof availabilityQuery>,
): Promise<AvailabilityPeriod[]> {
  const userId = query.userId ?? access.actor.userId;
  await checkTarget(database, access, userId, false);
  const timeZone = await organizationTimeZone(database, access.organizationId);
  const { from, to } = resolveRange(query, timeZone);
  const rows = await periodsOverlapping(database, access.organizationId, [userId], from, to);
  return rows.map((r) => presentPeriod(r, timeZone));
}

function storedColumns(
  input: { startDateTime: string; endDateTime: string; weeklyUntil: string | null },
  timeZone: string,
) {
  const stored: StoredPeriod = {
    startWall: input.startDateTime,
    endWall: input.endDateTime,
    weeklyUntil: input.weeklyUntil,
    timeZone,
  };
  const { first, lastEnd } = periodBounds(stored);
  return [stored.startWall, stored.endWall, first.start, first.end, stored.weeklyUntil, timeZone, lastEnd];
}

export async function createPeriod(database: Database, access: Caller, input: AvailabilityCreate) {
  const userId = input.userId ?? access.actor.userId;
  await checkTarget(database, access, userId, true);
  const timeZone = await organizationTimeZone(database, access.organizationId);
  const [row] = await database.query<PeriodRow>(
    `insert into availability_periods (organization_id, user_id, start_wall, end_wall, start_date_time,
       end_date_time, weekly_until, time_zone, last_end, note, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${COLUMNS}`,
    [access.organizationId, userId, ...storedColumns(input, timeZone), input.note, access.actor.userId],
  );
  return presentPeriod(row, timeZone);
}

async function ownPeriod(database: Database, access: Caller, id: number): Promise<PeriodRow> {
  const [row] = await database.query<PeriodRow>(
    `select ${COLUMNS} from availability_periods where organization_id = $1 and id = $2`,
    [access.organizationId, id],
  );
  if (!row) throw notFound(PERIOD_NOT_FOUND);
  if (row.userId !== access.actor.userId && !(await managesMember(database, access, row.userId))) {
    throw forbidden(NOT_YOUR_PEOPLE);
  }
  return row;
}

export async function updatePeriod(database: Database, access: Caller, id: number, patch: AvailabilityPatch) {
  const row = await ownPeriod(database, access, id);
  const merged = parseOrThrow(availabilityPeriodInputSchema, {
    startDateTime: patch.startDateTime ?? row.startWall,
    endDateTime: patch.endDateTime ?? row.endWall,
    weeklyUntil: patch.weeklyUntil === undefined ? row.weeklyUntil : patch.weeklyUntil,
    note: patch.note === undefined ? row.note : patch.note,
    weekly: patch.weekly,
  });
  const timeZone = await organizationTimeZone(database, access.organizationId);
  const [updated] = await database.query<PeriodRow>(
    `update availability_periods set start_wall = $3, end_wall = $4, start_date_time = $5, end_date_time = $6,
       weekly_until = $7, time_zone = $8, last_end = $9, note = $10, updated_at = now()
     where organization_id = $1 and id = $2 returning ${COLUMNS}`,
    [access.organizationId, id, ...storedColumns(merged, timeZone), merged.note],
  );
  return presentPeriod(updated, timeZone);
}

export async function deletePeriod(database: Database, access: Caller, id: number) {
  await ownPeriod(database, access, id);
  await database.query('delete from availability_periods where organization_id = $1 and id = $2', [
    access.organizationId,
    id,
  ]);
}
