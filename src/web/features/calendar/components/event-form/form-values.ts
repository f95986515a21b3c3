// The event form's values: from an event (or a new date), moved with the start date, and the
// conflicts a refused save carries.
import { daysBetween, recurrenceDefaults, shiftWeekdays, weekOfMonth } from '@common/recurrence';
import { dateProblem, type EventType, SPACES } from '@common/calendar';
import { type EventFormValues, eventFormSchema, formToRequest } from '@common/schemas/calendar';
import type { ConflictsRequest } from '@common/schemas/scheduling';
import { MAX_CALLED } from '@common/scheduling';
import { addDays, weekdayOf } from '@common/zoned-time';
import { isApiError } from '@web/lib/api';
import type { CalendarEvent, SpaceConflict, Strategy } from '@common/schemas/calendar';
import { wallDate } from '../../lib/dates';

/** The API's field names → the form's (date and time are separate inputs here). */
export const FIELD_OF: Record<string, keyof EventFormValues> = {
  startDateTime: 'startDate',
  endDateTime: 'endTime',
  recurringEnd: 'recurringEnd',
  recurringEndCount: 'recurringEndCount',
};

export function valuesFor(
  event: CalendarEvent | null,
  date: string,
  userId: number,
  publicTypes: readonly EventType[] | undefined,
): EventFormValues {
  const startDate = event ? wallDate(event.startDateTime) : date;
  const d = recurrenceDefaults(startDate);
  const eventType = event?.eventType ?? 'rehearsal';
  return {
    name: event?.name ?? '',
    description: event?.description ?? '',
    spaces: event?.spaces ?? [],
    startDate,
    startTime: event ? event.startDateTime.slice(11, 16) : '19:00',
    endDate: event ? wallDate(event.endDateTime) : date,
    endTime: event ? event.endDateTime.slice(11, 16) : '21:00',
    eventType,
    isRecurring: event?.isRecurring ?? false,
    recurringPattern: (event?.recurringPattern as EventFormValues['recurringPattern']) ?? 'weekly',
    recurringInterval: event?.recurringInterval ?? 1,
    recurringWeeklyDays: event?.recurringWeeklyDays ?? d.weeklyDays.map(String),
    recurringMonthlyWeek: event?.recurringMonthlyWeek ?? d.monthlyWeek,
    recurringMonthlyWeekday: event?.recurringMonthlyWeekday ?? d.monthlyWeekday,
    recurringEndType: event?.recurringEndType ?? 'never',
    recurringEnd: event?.recurringEnd ?? '',
    recurringEndCount: event?.recurringEndCount ?? 10,
    eventUrl: event?.eventUrl ?? '',
    instructorId: event?.instructorId ?? null,
    reservedBy: event?.reservedBy.id ?? userId,
    teamIds: event?.teams.map((t) => t.id) ?? [],
    sceneIds: event ? (event.sceneIds ?? null) : [],
    isPublic: event?.isPublic ?? publicByDefault(eventType, publicTypes),
  };
}

/** A new event of this type starts public when the organization says so (all, until it loads). */
export const publicByDefault = (type: EventType, publicTypes: readonly EventType[] | undefined) =>
  publicTypes ? publicTypes.includes(type) : true;

/**
 * What else changes when the start date moves `days` days: the end date by as much, and the
 * repeat with it (Tuesday/Thursday one day later is Wednesday/Friday; a monthly weekday and a
 * repeat end date follow), as the server does for fields the edit leaves alone.
 */
export function followStartDate(v: EventFormValues, next: string): Partial<EventFormValues> {
  if (dateProblem(next) || dateProblem(v.startDate)) return {};
  const days = daysBetween(v.startDate, next);
  const out: Partial<EventFormValues> = {};
  if (v.endDate && !dateProblem(v.endDate)) out.endDate = addDays(v.endDate, days);
  else out.endDate = next;
  out.recurringWeeklyDays = shiftWeekdays(v.recurringWeeklyDays.map(Number), days).map(String);
  out.recurringMonthlyWeek = weekOfMonth(next);
  out.recurringMonthlyWeekday = weekdayOf(next);
  if (v.recurringEnd && !dateProblem(v.recurringEnd)) out.recurringEnd = addDays(v.recurringEnd, days);
  return out;
}

/** The count the form shows: what is left from this date for "this and following", else the whole. */
export function countFor(event: CalendarEvent | undefined, strategy: Strategy): number | null {
  if (event?.recurringEndType !== 'count') return null; // nothing to count
  return strategy === 'future'
    ? (event.recurringRemainingCount ?? event.recurringEndCount)
    : event.recurringEndCount;
}

/**
 * Where the repeat ends, as the form shows it: "this and following" and "all dates" reach the end
 * of the whole series (its last part), this date's part may end sooner. Null: as the event says.
 */
export function endFor(
  event: CalendarEvent | undefined,
  strategy: Strategy,
): Pick<EventFormValues, 'recurringEndType' | 'recurringEnd'> | null {
  const whole = event?.wholeSeries;
  if (!whole || strategy === 'this') return null;
  return { recurringEndType: whole.endType, recurringEnd: whole.endDate ?? '' };
}

/**
 * The conflicts a 409 carries (double-booking protection), or null for any other refusal, a 409
 * without them included (the caller's access changed meanwhile, say): that one is a message.
 */
export function conflictsOf(error: unknown): SpaceConflict[] | null {
  if (!isApiError(error, 409)) return null;
  const conflicts = (error.data as { conflicts?: unknown } | undefined)?.conflicts;
  return Array.isArray(conflicts) ? (conflicts as SpaceConflict[]) : null;
}

/**
 * What to ask the people-conflicts check: the event as it would be saved, or null
 * while the form is incomplete. Editing one date of a series checks that date alone.
 */
export function conflictsRequestOf(
  values: EventFormValues,
  eventId: number | null,
  oneDate: boolean,
): ConflictsRequest | null {
  // Who can come does not depend on the name or the spaces: ask before they are filled in.
  const asked: EventFormValues = {
    ...values,
    name: values.name.trim() || 'New event',
    spaces: values.spaces.length > 0 ? values.spaces : [SPACES[0]],
    isRecurring: oneDate ? false : values.isRecurring,
  };
  if (!eventFormSchema.safeParse(asked).success) return null;
  const body = formToRequest(asked);
  return { ...body, eventId };
}

/**
 * The same check for the call dialog: this one date of the event as saved, for its team members,
 * the people called to it and `people` (the chosen ones first, as many as one check takes).
 */
export function callConflictsRequest(event: CalendarEvent, people: number[]): ConflictsRequest | null {
  const body = conflictsRequestOf(
    valuesFor(event, wallDate(event.startDateTime), 0, undefined),
    event.id,
    true,
  );
  if (!body) return null;
  const userIds = [...new Set(people)].slice(0, MAX_CALLED).sort((a, b) => a - b);
  return { ...body, userIds };
}
