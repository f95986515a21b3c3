// The calendar's fixed words and limits, and what a valid date is: read by the calendar screens
// without loading any schema (schemas/calendar.ts builds the form's and the server's on them).
import { isWallTime } from './zoned-time';

export const SPACES = ['Main Stage', 'Office', 'Annex'] as const;
export type Space = (typeof SPACES)[number];
export const EVENT_TYPES = ['show', 'class', 'rehearsal', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const STRATEGIES = ['this', 'future', 'series'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Types that may carry teams, and the one that may carry an instructor. */
export const TEAM_EVENT_TYPES: readonly EventType[] = ['show', 'rehearsal'];
export const INSTRUCTOR_EVENT_TYPE: EventType = 'class';
export const INSTRUCTOR_ROLE = 'Instructor';
/** Longer events are refused: it keeps every overlap query a bounded index range. */
export const MAX_EVENT_DAYS = 14;
export const MAX_OCCURRENCE_COUNT = 1000;
/** How wide one list request may look (the default is 31 days back to 366 ahead). */
export const MAX_RANGE_DAYS = 400;

export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Years a calendar holds; outside them JavaScript dates misread (0027 → 1927) or overflow. */
export const CALENDAR_YEARS = { min: 1900, max: 2200 } as const;
export const YEAR_RANGE = `Dates must be between ${CALENDAR_YEARS.min} and ${CALENDAR_YEARS.max}`;
export const BAD_DATE = 'Dates must be ISO dates (YYYY-MM-DD)';

/** A real calendar date 'YYYY-MM-DD' (no 30 February) whose year the calendar holds. */
export function dateProblem(value: string): string | null {
  if (!DATE.test(value.slice(0, 10)) || !isWallTime(`${value.slice(0, 10)}T00:00`)) return BAD_DATE;
  const year = Number(value.slice(0, 4));
  return year < CALENDAR_YEARS.min || year > CALENDAR_YEARS.max ? YEAR_RANGE : null;
}
