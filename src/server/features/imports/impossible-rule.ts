// Rules whose parts contradict each other have no dates at all, yet ical.js either walks them for
// ever or makes dates up (February 31 read as March 3). They are recognised from their parts.
import type ICAL from 'ical.js';

const LONGEST_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const numbers = (values: unknown[] | undefined) => (values ?? []).map(Number).filter(Number.isFinite);

/** No month the rule allows has any day of the month it names. */
function noDayInAnyMonth(months: number[], monthDays: number[]) {
  if (monthDays.length === 0) return false;
  const allowed = months.length ? months : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  return !allowed.some((m) => monthDays.some((d) => d !== 0 && Math.abs(d) <= (LONGEST_MONTH[m - 1] ?? 0)));
}

/** BYSETPOS picks positions a week (or a day) never has that many candidates for. */
function noSetPosition(recur: InstanceType<typeof ICAL.Recur>, parts: Record<string, unknown[]>) {
  const positions = numbers(parts.BYSETPOS);
  if (positions.length === 0 || (recur.freq !== 'WEEKLY' && recur.freq !== 'DAILY')) return false;
  const perDay = ['BYHOUR', 'BYMINUTE', 'BYSECOND'].reduce((n, k) => n * (parts[k]?.length || 1), 1);
  const days = recur.freq === 'WEEKLY' ? new Set(parts.BYDAY ?? ['one']).size : 1;
  return positions.every((p) => p === 0 || Math.abs(p) > days * perDay);
}

export function ruleHasNoDates(recur: InstanceType<typeof ICAL.Recur>): boolean {
  const parts = (recur.parts ?? {}) as Record<string, unknown[]>;
  return noDayInAnyMonth(numbers(parts.BYMONTH), numbers(parts.BYMONTHDAY)) || noSetPosition(recur, parts);
}
