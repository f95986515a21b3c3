// The app's words, one spelling and one capitalisation for each, shared by screens and mail:
// US spelling ('Colors'), 'email' as the screens write it, event types capitalised the same in
// every list and dialog, and counts that name their unit in the right number.
import type { EventType } from './calendar';
import type { RecurringPattern } from './recurrence';

/** The spellings the app uses; a check in the tests keeps the others out of its strings. */
export const TERMS = {
  email: 'email',
  colors: 'Colors',
} as const;

const EVENT_TYPE_LABELS: Record<EventType, string> = {
  show: 'Show',
  class: 'Class',
  rehearsal: 'Rehearsal',
  other: 'Other',
};

const EVENT_TYPE_PLURALS: Record<EventType, string> = {
  show: 'Shows',
  class: 'Classes',
  rehearsal: 'Rehearsals',
  other: 'Other events',
};

const isEventType = (type: string): type is EventType => Object.hasOwn(EVENT_TYPE_LABELS, type);

/** 'Rehearsal' for 'rehearsal'; a type the app does not know is shown capitalised as it came. */
export function eventTypeLabel(type: string): string {
  return isEventType(type) ? EVENT_TYPE_LABELS[type] : capitalize(type);
}

/** 'Rehearsals': the type as a filter or a setting names all its events. */
export function eventTypePlural(type: string): string {
  return isEventType(type) ? EVENT_TYPE_PLURALS[type] : capitalize(type);
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// Nouns whose plural is not the singular plus 's'.
const IRREGULAR: Record<string, string> = {
  class: 'classes',
  entry: 'entries',
  person: 'people',
  match: 'matches',
};

/** The noun in the number `count` asks for: 'week' for 1, 'weeks' otherwise (0 included). */
export function plural(count: number, singular: string, pluralForm?: string): string {
  if (count === 1) return singular;
  return pluralForm ?? IRREGULAR[singular] ?? `${singular}s`;
}

/** '1 week', '2 weeks', '1,200 users'. */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${count.toLocaleString('en-US')} ${plural(count, singular, pluralForm)}`;
}

const REPEAT_UNITS: Record<RecurringPattern, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  monthlyByDate: 'month',
  yearly: 'year',
};

/** The unit a repetition counts in: 'week' for a weekly one, in the number its interval asks for. */
export function repeatUnit(pattern: RecurringPattern, interval: number): string {
  return plural(interval, REPEAT_UNITS[pattern]);
}

/** 'Every week', 'Every 2 weeks': an interval never reads as a bare 'Every 1'. */
export function everyInterval(pattern: RecurringPattern, interval: number): string {
  const n = Number.isInteger(interval) && interval > 0 ? interval : 1;
  return n === 1 ? `Every ${repeatUnit(pattern, 1)}` : `Every ${n} ${repeatUnit(pattern, n)}`;
}

/**
 * A table's page in words: 'Showing 21–40 of 45 users', or 'No users' when there are none (a
 * 'Showing 0–0 of 0' says nothing a person can use).
 */
export function pageSummary(page: number, pageSize: number, total: number, noun: string): string {
  if (total <= 0) return `No ${plural(0, noun)}`;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  const n = (x: number) => x.toLocaleString('en-US');
  return `Showing ${n(first)}–${n(last)} of ${countOf(total, noun)}`;
}
