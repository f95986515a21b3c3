// Checks an event body needs beyond its shape: the people and teams it names belong to this
// organization, and times that exist in its zone. All before the transaction that writes.
import type { z } from 'zod';
import { type Actor, policy } from '../../../../common/permissions';
import { INSTRUCTOR_ROLE, MAX_RANGE_DAYS } from '../../../../common/calendar';
import { type EventInput, M } from '../../../../common/schemas/calendar';
import { addDays, todayIn, wallSpanToInstants, wallTimeToInstant } from '../../../../common/zoned-time';
import type { Database } from '../../../db/client';
import { AppError, badRequest } from '../../../http/errors';

export const RESERVER_NOT_MEMBER = 'Reserved by must be an active member of this organization';
export const RESERVE_FOR_OTHERS = 'Only owners and admins may reserve an event for someone else';
export const TEAMS_NOT_FOUND = 'Teams must belong to this organization';
export const NOT_AN_INSTRUCTOR = 'The instructor must be a member with the Instructor role';
export const NO_DATES = 'This repetition has no dates';
export const TOO_FAR_BACK = 'A repeating event may start at most 2 years in the past';

/** zod's issues as the app's 400 body: the first message, and one message per field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw badRequest(result.error.issues[0]?.message ?? 'Invalid request', errors);
}

/** Who and what an event already names, when it is being edited. */
export interface References {
  reservedBy: number;
  instructorId: number | null;
  teamIds: number[];
}

/**
 * What the body newly names must be this organization's: an active reserver, an instructor with
 * the Instructor role, teams that are not archived. What an edited event already named stays
 * valid, so renaming it never fails because its reserver has since left or a team was archived.
 */
export async function checkReferences(
  database: Database,
  organizationId: number,
  actor: Actor & { userId: number },
  input: EventInput,
  previous: References | null,
) {
  const newReserver = input.reservedBy !== previous?.reservedBy;
  // Reserving as someone else is what "may edit that person's events" allows: owners and admins.
  if (newReserver && !policy.editEvent(actor, input.reservedBy)) {
    throw new AppError(403, RESERVE_FOR_OTHERS);
  }
  const newInstructor =
    input.instructorId && input.instructorId !== previous?.instructorId ? input.instructorId : null;
  // A member reserving for themself was just found active by their session's lookup.
  const reserverKnown = input.reservedBy === actor.userId && !actor.isSystemUser;
  const checkReserver = newReserver && !reserverKnown;
  const people = [...(checkReserver ? [input.reservedBy] : []), ...(newInstructor ? [newInstructor] : [])];
  if (people.length > 0) {
    const rows = await database.query<{ userId: number; roles: string[] }>(
      `select user_id as "userId", organization_roles as roles from user_organizations
       where organization_id = $1 and status = 'active' and user_id = any($2::int[])`,
      [organizationId, people],
    );
    const member = new Map(rows.map((r) => [r.userId, r.roles ?? []]));
    if (checkReserver && !member.has(input.reservedBy))
      throw badRequest(RESERVER_NOT_MEMBER, { reservedBy: RESERVER_NOT_MEMBER });
    if (newInstructor && !member.get(newInstructor)?.includes(INSTRUCTOR_ROLE)) {
      throw badRequest(NOT_AN_INSTRUCTOR, { instructorId: NOT_AN_INSTRUCTOR });
    }
  }
  const newTeams = input.teamIds.filter((id) => !previous?.teamIds.includes(id));
  if (newTeams.length > 0) {
    const teams = await database.query<{ id: number }>(
      'select id from teams where organization_id = $1 and archived_at is null and id = any($2::int[])',
      [organizationId, newTeams],
    );
    if (teams.length !== new Set(newTeams).size)
      throw badRequest(TEAMS_NOT_FOUND, { teamIds: TEAMS_NOT_FOUND });
  }
}

/** The body's wall times as instants (a start in a daylight-saving gap keeps the span's length). */
export function spanOf(input: EventInput, timeZone: string) {
  const span = wallSpanToInstants(input.startDateTime, input.endDateTime, timeZone);
  if (span.end <= span.start) throw badRequest(M.endAfterStart, { endDateTime: M.endAfterStart });
  return span;
}

export const RANGE_ORDER = "'from' must be before 'to'";
export const RANGE_TOO_WIDE = `The date range may span at most ${MAX_RANGE_DAYS} days`;
const DEFAULT_BACK_DAYS = 31;
const DEFAULT_AHEAD_DAYS = 366;

/** A query bound: a date is the start of that local day; a date-time with offset is an instant. */
function bound(value: string, timeZone: string, inclusiveEnd: boolean): Date {
  if (value.length === 10) {
    return wallTimeToInstant(`${inclusiveEnd ? addDays(value, 1) : value}T00:00`, timeZone);
  }
  return new Date(Date.parse(value));
}

const DAY_MS = 86_400_000;

/**
 * `?from=&to=` (ISO dates, `to` inclusive) in the organization's zone; without them, from 31 days
 * ago to 366 days ahead. With only one of them, the other keeps its default where
 * that makes a valid range, else lies 366 days away, so one bound alone never fails. Never
 * wider than MAX_RANGE_DAYS.
 */
export function resolveRange(query: { from?: string; to?: string }, timeZone: string) {
  // The views ask for the same few months over and over; both bounds given, the answer is fixed.
  const key = query.from && query.to ? `${timeZone}|${query.from}|${query.to}` : null;
  const known = key ? resolvedRanges.get(key) : undefined;
  if (known) return { from: new Date(known.from), to: new Date(known.to) };
  const range = computeRange(query, timeZone);
  if (key) {
    if (resolvedRanges.size >= MAX_RESOLVED_RANGES) resolvedRanges.clear();
    resolvedRanges.set(key, { from: range.from.getTime(), to: range.to.getTime() });
  }
  return range;
}

const resolvedRanges = new Map<string, { from: number; to: number }>();
const MAX_RESOLVED_RANGES = 1_000;

function computeRange(query: { from?: string; to?: string }, timeZone: string) {
  const today = todayIn(timeZone);
  let from = bound(query.from ?? addDays(today, -DEFAULT_BACK_DAYS), timeZone, false);
  let to = bound(query.to ?? addDays(today, DEFAULT_AHEAD_DAYS), timeZone, true);
  const valid = () => from < to && to.getTime() - from.getTime() <= (MAX_RANGE_DAYS + 1) * DAY_MS;
  if (query.from && !query.to && !valid()) to = new Date(from.getTime() + DEFAULT_AHEAD_DAYS * DAY_MS);
  if (query.to && !query.from && !valid()) from = new Date(to.getTime() - DEFAULT_AHEAD_DAYS * DAY_MS);
  if (from >= to) throw badRequest(RANGE_ORDER);
  if (!valid()) throw badRequest(RANGE_TOO_WIDE);
  return { from, to };
}
