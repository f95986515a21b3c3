// The calendar's views (month, week, day, schedule list): which days each shows, its title, and
// how Previous and Next move through them.
import { addDays } from '@common/zoned-time';
import {
  addMonths,
  formatLongDay,
  formatMonthTitle,
  formatWeekTitle,
  monthGrid,
  startOfMonth,
  weekOf,
} from './dates';

export const VIEWS = ['month', 'week', 'day', 'list'] as const;
export type View = (typeof VIEWS)[number];

/** The view switch's labels: the list reads as the schedule it is. */
export const VIEW_LABELS = VIEWS.map((v): [View, string] => [
  v,
  v === 'list' ? 'Schedule' : v[0].toUpperCase() + v.slice(1),
]);

/** The first and last day a view of a date shows ('YYYY-MM-DD'): what the events are fetched for. */
export function rangeFor(view: View, date: string) {
  if (view === 'month') {
    const grid = monthGrid(date);
    return { from: grid[0], to: grid[grid.length - 1] };
  }
  if (view === 'week') {
    const week = weekOf(date);
    return { from: week[0], to: week[6] };
  }
  if (view === 'day') return { from: date, to: date };
  const first = startOfMonth(date);
  return { from: first, to: addDays(addMonths(first, 1), -1) };
}

/** The date Previous (-1) or Next (1) moves to: a month, a week or a day. */
export function step(view: View, date: string, direction: 1 | -1) {
  if (view === 'month' || view === 'list') return addMonths(date, direction);
  return addDays(date, view === 'week' ? 7 * direction : direction);
}

/** The heading over the view: the day, the week's span or the month. */
export function titleFor(view: View, date: string) {
  if (view === 'day') return formatLongDay(date);
  if (view === 'week') return formatWeekTitle(weekOf(date));
  return formatMonthTitle(date);
}
