// Recurrence as the event form expresses it and as RFC 5545 writes it.
// Isomorphic: the server expands these rules (with `rrule`), the form shows their defaults and a
// plain-language summary, and the iCalendar feed writes the same RRULE text.
import { formatDay } from './format-date';
import { countOf, repeatUnit } from './glossary';
import { addDays, isWallTime, weekdayOf, type WallTime } from './zoned-time';

export const RECURRING_PATTERNS = ['daily', 'weekly', 'monthly', 'monthlyByDate', 'yearly'] as const;
export type RecurringPattern = (typeof RECURRING_PATTERNS)[number];
export const RECURRING_END_TYPES = ['date', 'count', 'never'] as const;
export type RecurringEndType = (typeof RECURRING_END_TYPES)[number];

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ICAL_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
export const MONTHLY_WEEK_LABELS = ['first', 'second', 'third', 'fourth', 'fifth'];

export interface RecurrenceRule {
  /** First occurrence, local wall time in the organization's zone. */
  start: WallTime;
  pattern: RecurringPattern;
  interval: number;
  /** 0 = Sunday; used by weekly. */
  weeklyDays: number[];
  /** 1–5 (5 = the fifth such weekday; months without one are skipped); used by monthly. */
  monthlyWeek: number | null;
  monthlyWeekday: number | null;
  endType: RecurringEndType;
  /** Last day (inclusive) for endType 'date', 'YYYY-MM-DD'. */
  endDate: string | null;
  endCount: number | null;
}

/** Which week of its month a date falls in: days 1–7 are the first week, 29–31 the fifth. */
export function weekOfMonth(date: string): number {
  return Math.ceil(Number(date.slice(8, 10)) / 7);
}

/** Weekly defaults to the start date's weekday, monthly to its week and weekday. */
export function recurrenceDefaults(startDate: string) {
  const weekday = weekdayOf(startDate);
  return { weeklyDays: [weekday], monthlyWeek: weekOfMonth(startDate), monthlyWeekday: weekday };
}

/** Fills the pattern-specific fields the form left empty with the spec's defaults. */
export function completeRule(rule: RecurrenceRule): RecurrenceRule {
  const defaults = recurrenceDefaults(rule.start.slice(0, 10));
  return {
    ...rule,
    weeklyDays:
      rule.pattern === 'weekly'
        ? [...new Set(rule.weeklyDays.length ? rule.weeklyDays : defaults.weeklyDays)].sort((a, b) => a - b)
        : [],
    monthlyWeek: rule.pattern === 'monthly' ? (rule.monthlyWeek ?? defaults.monthlyWeek) : null,
    monthlyWeekday: rule.pattern === 'monthly' ? (rule.monthlyWeekday ?? defaults.monthlyWeekday) : null,
    endDate: rule.endType === 'date' ? rule.endDate : null,
    endCount: rule.endType === 'count' ? rule.endCount : null,
  };
}

const compact = (wall: string) => wall.replace(/[-:]/g, '');

/**
 * The RRULE value (without "RRULE:") for a completed rule. UNTIL is a floating local time at the
 * end of the last day, matching a DTSTART written in the organization's zone. WKST=SU: the
 * calendar's weeks start on Sunday, which matters for weekly rules with an interval above 1.
 */
export function toRRule(rule: RecurrenceRule): string {
  const parts: string[] = [];
  const day = rule.start.slice(0, 10);
  switch (rule.pattern) {
    case 'daily':
      parts.push('FREQ=DAILY');
      break;
    case 'weekly':
      parts.push('FREQ=WEEKLY', 'WKST=SU', `BYDAY=${rule.weeklyDays.map((d) => ICAL_DAYS[d]).join(',')}`);
      break;
    case 'monthly':
      parts.push('FREQ=MONTHLY', `BYDAY=+${rule.monthlyWeek}${ICAL_DAYS[rule.monthlyWeekday ?? 0]}`);
      break;
    case 'monthlyByDate':
      parts.push('FREQ=MONTHLY', `BYMONTHDAY=${Number(day.slice(8, 10))}`);
      break;
    case 'yearly':
      parts.push(
        'FREQ=YEARLY',
        `BYMONTH=${Number(day.slice(5, 7))}`,
        `BYMONTHDAY=${Number(day.slice(8, 10))}`,
      );
      break;
  }
  parts.splice(1, 0, `INTERVAL=${rule.interval}`);
  if (rule.endType === 'count' && rule.endCount) parts.push(`COUNT=${rule.endCount}`);
  if (rule.endType === 'date' && rule.endDate) parts.push(`UNTIL=${compact(rule.endDate)}T235959`);
  return parts.join(';');
}

const ADVERB: Record<RecurringPattern, string> = {
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
  monthlyByDate: 'monthly',
  yearly: 'yearly',
};

/** The event dialog's line: 'Repeats weekly', plus 'every 2 weeks' above 1. */
export function describeRepeat(pattern: string | null, interval: number): string {
  if (!pattern || !(RECURRING_PATTERNS as readonly string[]).includes(pattern)) return '';
  const p = pattern as RecurringPattern;
  return interval > 1
    ? `Repeats ${ADVERB[p]}, every ${interval} ${repeatUnit(p, interval)}`
    : `Repeats ${ADVERB[p]}`;
}

/**
 * The pattern in full, as the form's summary and the event's details say it: 'Repeats weekly on
 * Tuesday and Thursday, until June 12, 2027' or '..., 6 times'.
 */
export function summarizeRule(input: RecurrenceRule): string {
  const rule = completeRule(input);
  let text = describeRepeat(rule.pattern, rule.interval);
  const day = rule.start.slice(0, 10);
  if (rule.pattern === 'weekly') text += ` on ${joinWords(rule.weeklyDays.map((d) => WEEKDAY_NAMES[d]))}`;
  if (rule.pattern === 'monthly') {
    text += ` on the ${MONTHLY_WEEK_LABELS[(rule.monthlyWeek ?? 1) - 1]} ${WEEKDAY_NAMES[rule.monthlyWeekday ?? 0]}`;
  }
  if (rule.pattern === 'monthlyByDate') text += ` on day ${Number(day.slice(8, 10))}`;
  if (rule.pattern === 'yearly') text += ` on ${formatDay(day, 'monthDay')}`;
  if (rule.endType === 'count' && rule.endCount) text += `, ${countOf(rule.endCount, 'time')}`;
  if (rule.endType === 'date' && rule.endDate) text += `, until ${formatDay(rule.endDate, 'long')}`;
  return text;
}

/** The Gregorian calendar repeats itself, weekdays included, every 400 years. */
const CYCLE_MONTHS = 4800;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Whether a rule has any date at all, answered in at most one 400-year cycle of its periods: a
 * stored rule such as "the fifth Tuesday of February, every two years" from an odd year has none,
 * and `rrule` would walk it to the year 9999 on every look at the calendar. End dates are not
 * considered here.
 */
export function ruleHasDates(input: RecurrenceRule): boolean {
  if (!isWallTime(input.start) || !Number.isInteger(input.interval) || input.interval < 1) return false;
  const rule = completeRule(input);
  const year = Number(rule.start.slice(0, 4));
  const month = Number(rule.start.slice(5, 7));
  const day = Number(rule.start.slice(8, 10));
  const step = rule.pattern === 'yearly' ? 12 * rule.interval : rule.interval;
  if (rule.pattern === 'daily') return true;
  if (rule.pattern === 'weekly') return rule.weeklyDays.length > 0;
  const fits = (y: number, m: number) => {
    if (rule.pattern !== 'monthly') return day <= daysInMonth(y, m);
    const firstWeekday = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
    const firstSuch = 1 + (((rule.monthlyWeekday ?? 0) - firstWeekday + 7) % 7);
    return firstSuch + 7 * ((rule.monthlyWeek ?? 1) - 1) <= daysInMonth(y, m);
  };
  for (let months = 0; months < CYCLE_MONTHS; months += step) {
    const index = month - 1 + months;
    if (fits(year + Math.floor(index / 12), (index % 12) + 1)) return true;
  }
  return false;
}

/** Weekdays moved with a date that moved `days` days: Tue/Thu one day later is Wed/Fri. */
export function shiftWeekdays(weekdays: number[], days: number): number[] {
  return [...new Set(weekdays.map((d) => (((d + days) % 7) + 7) % 7))].sort((a, b) => a - b);
}

/** Whole calendar days from one 'YYYY-MM-DD' to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 'a, b and c'. */
export function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Wall time `minutes` after another, on the wall clock (a 3-hour show is 19:00–22:00 every day). */
export function addWallMinutes(wall: WallTime, minutes: number): WallTime {
  const [date, time] = wall.split('T');
  const [h, m] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  const days = Math.floor(total / 1440);
  const rest = total - days * 1440;
  return `${addDays(date, days)}T${String(Math.floor(rest / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}`;
}

/** Wall-clock minutes from one wall time to another. */
export function wallMinutesBetween(from: WallTime, to: WallTime): number {
  const a = Date.parse(`${from.slice(0, 16)}:00Z`);
  const b = Date.parse(`${to.slice(0, 16)}:00Z`);
  return Math.round((b - a) / 60_000);
}
