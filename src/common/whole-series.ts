// A series split by "this and following" edits is still one series to the people using it: the
// event dialog tells its whole rule (first start, the weekly days, the last part's end) and where
// it changed, rather than the one part a date belongs to.
import { formatDay } from './format-date';
import { joinWords, type RecurrenceRule, summarizeRule } from './recurrence';

/** What changed where a later part of the series begins. */
export const SPLIT_CHANGES = ['days', 'times', 'details'] as const;
export type SplitChange = (typeof SPLIT_CHANGES)[number];

export interface SeriesSplit {
  /** The first date of the later part, 'YYYY-MM-DD'. */
  date: string;
  changes: SplitChange[];
}

/** The whole series: its first part's pattern from its first start to its last part's end. */
export interface WholeSeries extends RecurrenceRule {
  splits: SeriesSplit[];
}

/** A split as the dialog says it: 'times changed from December 11' (the year when it differs). */
function describeSplit(split: SeriesSplit, startYear: string): string {
  const when = formatDay(split.date, split.date.slice(0, 4) === startYear ? 'monthDay' : 'long');
  const what = joinWords(split.changes);
  return `${what ? `${what} ` : ''}changed from ${when}`;
}

/**
 * The event dialog's line for a whole series: 'Repeats weekly on Tuesday and Thursday, until
 * December 18, 2026 · times changed from December 11'.
 */
export function describeWholeSeries(series: WholeSeries): string {
  const year = series.start.slice(0, 4);
  return [summarizeRule(series), ...series.splits.map((s) => describeSplit(s, year))].join(' · ');
}
