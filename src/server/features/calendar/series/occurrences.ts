// Expanding a series into occurrences: RFC 5545 (via `rrule`) in floating wall time, then each
// wall time turned into an instant in the organization's zone. Pure functions.
import * as rrulePackage from 'rrule';
import { completeRule, type RecurrenceRule, ruleHasDates, toRRule } from '../../../../common/recurrence';
import { floatingDate, floatingSpanToInstants, parseWallTime } from '../../../../common/zoned-time';

// rrule ships CommonJS to Node and ESM to bundlers; both shapes are handled here.
const { RRule } =
  'RRule' in rrulePackage ? rrulePackage : (rrulePackage as { default: typeof rrulePackage }).default;

/** What every occurrence of a series shares; copied onto occurrences made later (rolling horizon). */
export interface SeriesTemplate {
  name: string;
  description: string | null;
  spaces: string[];
  eventType: string;
  eventUrl: string | null;
  instructorId: number | null;
  reservedBy: number;
  teamIds: number[];
  conflictOverride: boolean;
  /** Absent in rules stored before the public switch: public. */
  isPublic?: boolean;
}

/** calendar_event_series.rule */
export interface StoredRule extends RecurrenceRule {
  version: 1;
  timeZone: string;
  /** Wall-clock length: a 19:00–22:00 show is 19:00–22:00 on a daylight-saving day too. */
  durationMinutes: number;
  /** Local dates whose occurrence was deleted or edited on its own; never generated again. */
  exdates: string[];
  template: SeriesTemplate;
}

export interface Occurrence {
  start: Date;
  end: Date;
  /** Local date of the rule's occurrence ('YYYY-MM-DD'): the key an occurrence keeps across edits. */
  date: string;
}

const DAY_MS = 86_400_000;

function toRRuleObject(rule: RecurrenceRule, dtstart: number) {
  const options = RRule.parseString(toRRule(completeRule(rule)));
  return new RRule({ ...options, dtstart: new Date(dtstart) });
}

// Expanding with `rrule` costs about a third of a millisecond for a season of dates, and the event
// dialog asks for the same dates again and again at other times of day (the people-conflicts
// check as the form changes). A rule's occurrences all fall at its start's time of day (the rules
// name days, never hours), so a rule at 19:00 is the same rule at 00:00 moved by 19 hours, window
// included; its days are kept per rule text, first day and window. Pure, so never stale.
const keptDays = new Map<string, number[]>();
let keptCount = 0;
const MAX_KEPT_DAYS = 200_000;
/**
 * The most dates one expansion returns: more than half a century of a daily series, far past any
 * window the calendar asks for, so a rule read from storage never expands without bound.
 */
export const MAX_EXPANDED_DATES = 20_000;

/** The rule's occurrences at 00:00 on their days (floating ms), between the bounds or all of them. */
function dayStarts(rule: RecurrenceRule, bounds: [number, number] | null): number[] {
  const firstDay = parseWallTime(`${rule.start.slice(0, 10)}T00:00`);
  const key = `${toRRule(completeRule(rule))}|${firstDay}|${bounds ?? 'all'}`;
  let days = keptDays.get(key);
  if (!days) {
    // A rule without dates is never handed to `rrule`, which would walk its periods to the year 9999.
    const rrule = ruleHasDates(rule) ? toRRuleObject(rule, firstDay) : null;
    const more = (_: Date, i: number) => i < MAX_EXPANDED_DATES;
    const dates = !rrule
      ? []
      : bounds
        ? rrule.between(new Date(bounds[0]), new Date(bounds[1]), true, more)
        : rrule.all(more);
    days = dates.map((d) => d.getTime());
    if (keptCount + days.length > MAX_KEPT_DAYS) {
      keptDays.clear();
      keptCount = 0;
    }
    keptDays.set(key, days);
    keptCount += days.length;
  }
  return days;
}

/** Floating ms from the start of the rule's first day to its start (its time of day). */
const timeOfDay = (rule: RecurrenceRule) =>
  parseWallTime(rule.start) - parseWallTime(`${rule.start.slice(0, 10)}T00:00`);

/**
 * The rule's local wall times (floating ms: UTC fields are the wall clock) from `from` to `until`,
 * both inclusive. Iteration always starts at the rule's start, so COUNT is honoured; `until`
 * bounds the work for rules that never end.
 */
export function expandFloating(rule: RecurrenceRule, from: number, until: number): number[] {
  if (until < from || !ruleHasDates(rule)) return [];
  const time = timeOfDay(rule);
  return dayStarts(rule, [from - time, until - time]).map((day) => day + time);
}

/** Occurrences whose start falls in [fromFloating, untilFloating], exdates left out. */
export function occurrencesOf(rule: StoredRule, fromFloating: number, untilFloating: number): Occurrence[] {
  const skip = rule.exdates.length > 0 ? new Set(rule.exdates) : null;
  const out: Occurrence[] = [];
  const length = rule.durationMinutes * 60_000;
  for (const floating of expandFloating(rule, fromFloating, untilFloating)) {
    // To the minute, as wall times are written.
    const start = Math.floor(floating / 60_000) * 60_000;
    const date = floatingDate(start);
    if (skip?.has(date)) continue;
    const span = floatingSpanToInstants(start, start + length, rule.timeZone);
    out.push({ start: span.start, end: span.end, date });
  }
  return out;
}

/** The last floating instant the rule can produce, or null when it never ends. */
export function ruleEndFloating(rule: RecurrenceRule): number | null {
  if (rule.endType === 'date' && rule.endDate) return parseWallTime(`${rule.endDate}T23:59`) + 59_000;
  if (rule.endType === 'count' && rule.endCount) {
    const all = dayStarts(rule, null);
    return all.length ? all[all.length - 1] + timeOfDay(rule) : parseWallTime(rule.start);
  }
  return null;
}

/**
 * Occurrences starting after `after` (exclusive; null = from the first) up to `until` (inclusive),
 * as instants. The floating window is padded by a day each side (no zone is 24 h from UTC) and
 * then cut exactly by instant, so consecutive windows never repeat or drop an occurrence.
 */
export function occurrencesBetween(rule: StoredRule, after: number | null, until: number): Occurrence[] {
  const from = after === null ? parseWallTime(rule.start) : after - DAY_MS;
  return occurrencesOf(rule, from, until + DAY_MS).filter(
    (o) => (after === null || o.start.getTime() > after) && o.start.getTime() <= until,
  );
}
