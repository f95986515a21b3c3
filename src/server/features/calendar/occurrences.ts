// Expanding a series into occurrences: RFC 5545 (via `rrule`) in floating wall time, then each
// wall time turned into an instant in the organization's zone (DESIGN §5). Pure functions.
import * as rrulePackage from 'rrule';
import { addWallMinutes, completeRule, type RecurrenceRule, toRRule } from '../../../common/recurrence';
import { formatFloating, parseWallTime, wallSpanToInstants } from '../../../common/zoned-time';

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

/** Rules kept, most recently used last: an edit expands its series' rule four or five times. */
const RULES_KEPT = 2000;
const keptRules = new Map<string, InstanceType<typeof RRule>>();

/**
 * The rule as an `rrule` object, one per rule text and start: the object keeps what it expanded
 * (all dates of an ended rule, each range asked), so the same series planned, counted and shown
 * again in one request or the next is expanded once (issue 17: expansions were 8% of a series
 * edit's app time).
 */
function toRRuleObject(rule: RecurrenceRule) {
  const text = toRRule(completeRule(rule));
  const key = `${rule.start}|${text}`;
  const kept = keptRules.get(key);
  if (kept) {
    keptRules.delete(key);
    keptRules.set(key, kept);
    return kept;
  }
  const made = new RRule({ ...RRule.parseString(text), dtstart: new Date(parseWallTime(rule.start)) });
  keptRules.set(key, made);
  if (keptRules.size > RULES_KEPT) keptRules.delete(keptRules.keys().next().value as string);
  return made;
}

/**
 * The rule's local wall times (floating ms: UTC fields are the wall clock) from `from` to `until`,
 * both inclusive. Iteration always starts at the rule's start, so COUNT is honoured; `until`
 * bounds the work for rules that never end.
 */
export function expandFloating(rule: RecurrenceRule, from: number, until: number): number[] {
  if (until < from) return [];
  return toRRuleObject(rule)
    .between(new Date(from), new Date(until), true)
    .map((d) => d.getTime());
}

/** Occurrences whose start falls in [fromFloating, untilFloating], exdates left out. */
export function occurrencesOf(rule: StoredRule, fromFloating: number, untilFloating: number): Occurrence[] {
  const skip = new Set(rule.exdates);
  const out: Occurrence[] = [];
  for (const floating of expandFloating(rule, fromFloating, untilFloating)) {
    const wall = formatFloating(floating);
    const date = wall.slice(0, 10);
    if (skip.has(date)) continue;
    out.push({
      ...wallSpanToInstants(wall, addWallMinutes(wall, rule.durationMinutes), rule.timeZone),
      date,
    });
  }
  return out;
}

/** The last floating instant the rule can produce, or null when it never ends. */
export function ruleEndFloating(rule: RecurrenceRule): number | null {
  if (rule.endType === 'date' && rule.endDate) return parseWallTime(`${rule.endDate}T23:59`) + 59_000;
  if (rule.endType === 'count' && rule.endCount) {
    const all = toRRuleObject(rule).all();
    return all.length ? all[all.length - 1].getTime() : parseWallTime(rule.start);
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
