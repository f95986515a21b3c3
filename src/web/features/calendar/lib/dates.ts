// Calendar arithmetic on local dates ('YYYY-MM-DD') and on event times, which arrive as ISO
// strings in the organization's zone: their wall date and time are read straight from the text,
// so every view shows the organization's clock whatever the browser's zone.
import { formatClock } from '../../../../common/clock';
import { formatDay } from '../../../../common/format-date';
import { countOf } from '../../../../common/glossary';
import { addDays, weekdayOf } from '../../../../common/zoned-time';

export const MONTH_GRID_DAYS = 42;
/**
 * Week and day views: half-hour rows from 06:00 to 23:00, 40 px each, widened
 * to whole hours when an event on the days shown starts earlier or ends later (visibleMinutes).
 */
export const DAY_START_MINUTES = 6 * 60;
export const DAY_END_MINUTES = 23 * 60;
export const SLOT_MINUTES = 30;
export const SLOT_HEIGHT_PX = 40;

export const wallDate = (iso: string) => iso.slice(0, 10);
export const wallMinutes = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));

export const startOfMonth = (date: string) => `${date.slice(0, 8)}01`;

export function addMonths(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 10);
}

/** The same day next month (31 January → 3 March, as the calendar counts). */
export function sameDayNextMonth(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}

/** The 42 days of a month view: six weeks from the Sunday on or before the 1st. */
export function monthGrid(date: string): string[] {
  const first = startOfMonth(date);
  const start = addDays(first, -weekdayOf(first));
  return Array.from({ length: MONTH_GRID_DAYS }, (_, i) => addDays(start, i));
}

/** Sunday to Saturday around a date. */
export function weekOf(date: string): string[] {
  const start = addDays(date, -weekdayOf(date));
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

export const formatMonthTitle = (date: string) => formatDay(date, 'month');
export const formatLongDay = (date: string) => formatDay(date, 'weekday');
export const formatShortDay = (date: string) => formatDay(date, 'shortWeekday');
/**
 * A month grid day's name: 'Sunday, November 1, 2026, 3 events'. The day reads as every other
 * long date in the app does, and holds the number the day's button shows.
 */
export function dayWithEvents(date: string, count: number): string {
  return `${formatLongDay(date)}, ${count === 0 ? 'no events' : countOf(count, 'event')}`;
}
/** 'Sun, Mar 2 – Sat, Mar 8, 2031'; a week across New Year names both years. */
export function formatWeekTitle(week: string[]): string {
  const [first, last] = [week[0], week[week.length - 1]];
  const year = (d: string) => d.slice(0, 4);
  const head =
    year(first) === year(last) ? formatShortDay(first) : `${formatShortDay(first)}, ${year(first)}`;
  return `${head} – ${formatShortDay(last)}, ${year(last)}`;
}
/** 'Mar 4, 2031' (en-US short). */
export const formatEventDate = (iso: string) => formatDay(wallDate(iso), 'short');

export const formatEventTime = (iso: string) => formatClock(wallMinutes(iso));

export function formatTimeRange(start: string, end: string): string {
  return `${formatEventTime(start)} – ${formatEventTime(end)}`;
}

/** Local dates an event touches (an overnight event shows on both days). */
export function eventDates(start: string, end: string): string[] {
  const first = wallDate(start);
  // An event ending at exactly midnight does not show on the next day.
  const last = wallMinutes(end) === 0 && wallDate(end) > first ? addDays(wallDate(end), -1) : wallDate(end);
  const out = [first];
  while (out[out.length - 1] < last && out.length < 15) out.push(addDays(out[out.length - 1], 1));
  return out;
}

/** The part of an event on one local day, in minutes of that day (an overnight event has two). */
export function dayPart(event: { startDateTime: string; endDateTime: string }, day: string) {
  const startDay = wallDate(event.startDateTime);
  const endDay = wallDate(event.endDateTime);
  if (day < startDay || day > endDay) return null;
  const start = startDay === day ? wallMinutes(event.startDateTime) : 0;
  const end = endDay === day ? wallMinutes(event.endDateTime) : 24 * 60;
  return end > start ? { start, end } : null;
}

const DAY_MINUTES = 24 * 60;
/** Opening scroll of a week or day with no timed events: the theater's evening hours. */
export const EVENING_MINUTES = 17 * 60;

/**
 * A part that fills its whole day, drawn in the all-day row rather than as a day-tall block. An
 * all-day event imported from another calendar ends at 23:59, so that counts as the whole day.
 */
export const isWholeDay = (part: { start: number; end: number }) =>
  part.start === 0 && part.end >= DAY_MINUTES - 1;

/** An event that fills whole days from its first (its chip says "All day" instead of a time). */
export function isAllDay(event: { startDateTime: string; endDateTime: string }): boolean {
  const first = dayPart(event, wallDate(event.startDateTime));
  return first !== null && isWholeDay(first);
}

type Timed = { startDateTime: string; endDateTime: string };

/** The parts of the days shown that sit in the hours grid (not the all-day row). */
function timedParts(events: Timed[], days: string[]) {
  return events.flatMap((event) =>
    days.flatMap((day) => {
      const part = dayPart(event, day);
      return part && !isWholeDay(part) ? [part] : [];
    }),
  );
}

/** Where a week or day view opens: the earliest timed start on the days shown, else 5 PM. */
export function openingMinutes(events: Timed[], days: string[]): number {
  const starts = timedParts(events, days).map((part) => part.start);
  return starts.length > 0 ? Math.min(...starts) : EVENING_MINUTES;
}

/** The minutes of the day a week or day view shows: 06:00–23:00, or wider to fit every event. */
export function visibleMinutes(events: Timed[], days: string[]) {
  let start = DAY_START_MINUTES;
  let end = DAY_END_MINUTES;
  for (const part of timedParts(events, days)) {
    start = Math.min(start, Math.floor(part.start / 60) * 60);
    end = Math.max(end, Math.ceil(part.end / 60) * 60);
  }
  return { start, end };
}
