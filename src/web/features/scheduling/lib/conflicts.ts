// The event form's people conflicts in words: one line per person and reason.
import { type Conflict, conflictsPerDate } from '@common/scheduling';
import type { ConflictReport } from '@common/schemas/scheduling';
import { formatEventDate, formatTimeRange } from '@web/features/calendar/lib/dates';

/** 'unavailable (work)' or 'called to Tech rehearsal'. */
export function conflictReason(c: Omit<Conflict, 'name'>): string {
  if (c.reason === 'called') return `called to ${c.eventName ?? 'another event'}`;
  return `unavailable${c.note ? ` (${c.note})` : ''}`;
}

/** 'Maya Moreno: unavailable (work)' or 'Sam Singh: called to Tech rehearsal'. */
export const conflictText = (c: Conflict): string => `${c.name}: ${conflictReason(c)}`;

/** Each person's conflicts on the report's first date (the call dialog asks about one date). */
export function conflictsByPerson(report: ConflictReport | undefined): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const first = report ? conflictsPerDate(report)[0] : undefined;
  for (const c of first?.conflicts ?? [])
    out.set(c.userId, [...(out.get(c.userId) ?? []), conflictReason(c)]);
  return out;
}

/** The dates that have conflicts, each with its heading ('Mar 4, 2031 · 7:00 PM – 9:00 PM'). */
export function conflictDates(report: ConflictReport) {
  return conflictsPerDate(report)
    .filter((o) => o.conflicts.length > 0)
    .map((o) => ({
      key: o.startDateTime,
      heading: `${formatEventDate(o.startDateTime)} · ${formatTimeRange(o.startDateTime, o.endDateTime)}`,
      lines: o.conflicts.map(conflictText),
    }));
}
