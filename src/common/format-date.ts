// Dates in words, one en-US voice for screens and mail alike: 'Dec 17, 2026' short and
// 'December 17, 2026' long, month before day everywhere, times as the clock says them ('7:00 PM').
// Calendar dates ('YYYY-MM-DD') are the same day in any zone; instants are read on the
// organization's clock, so a mail and a screen name the same day for the same moment.

/** How a calendar date reads. */
export type DayStyle = 'short' | 'long' | 'weekday' | 'shortWeekday' | 'monthDay' | 'month';

const DAY_OPTIONS: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  /** 'Dec 17, 2026' */
  short: { month: 'short', day: 'numeric', year: 'numeric' },
  /** 'December 17, 2026' */
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  /** 'Thursday, December 17, 2026' */
  weekday: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  /** 'Thu, Dec 17' */
  shortWeekday: { weekday: 'short', month: 'short', day: 'numeric' },
  /** 'December 17' */
  monthDay: { month: 'long', day: 'numeric' },
  /** 'December 2026' */
  month: { month: 'long', year: 'numeric' },
};

/** How an instant reads. */
export type InstantStyle = 'date' | 'dateTime' | 'dayTime' | 'weekdayTime' | 'time';

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12: true };
const INSTANT_OPTIONS: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  /** 'Dec 17, 2026' */
  date: DAY_OPTIONS.short,
  /** 'Dec 17, 2026, 7:00 PM' */
  dateTime: { ...DAY_OPTIONS.short, ...TIME },
  /** 'Dec 17, 7:00 PM' */
  dayTime: { month: 'short', day: 'numeric', ...TIME },
  /** 'Thu, Dec 17, 7:00 PM' */
  weekdayTime: { ...DAY_OPTIONS.shortWeekday, ...TIME },
  /** '7:00 PM' */
  time: TIME,
};

// Building an Intl formatter costs far more than using one; lists format hundreds of dates.
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    cache.set(key, f);
  }
  return f;
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** A calendar date ('YYYY-MM-DD', or the date part of a wall time) in words; '' when it is none. */
export function formatDay(date: string, style: DayStyle = 'short'): string {
  if (!DATE.test(date)) return '';
  const noon = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(noon.getTime()) ? '' : formatter(DAY_OPTIONS[style], 'UTC').format(noon);
}

/**
 * An instant in words on a zone's clock (the organization's; the reader's own when no zone is
 * known, as on the system pages); '' when the value is no date.
 */
export function formatInstant(
  value: string | number | Date,
  style: InstantStyle = 'dateTime',
  timeZone?: string | null,
): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return formatter(INSTANT_OPTIONS[style], timeZone || undefined).format(d);
}
