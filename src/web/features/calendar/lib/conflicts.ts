// The event form's people conflicts in words (issue 16): one line per person and reason.
import { type Conflict, conflictsPerDate } from '@common/scheduling';
import type { ConflictReport } from '@common/schemas/scheduling';
import { formatEventDate, formatTimeRange } from './dates';

/** 'Maya Moreno: unavailable (work)' or 'Sam Singh: called to Tech rehearsal'. */
export function conflictText(c: Conflict): string {
  if (c.reason === 'called') return `${c.name}: called to ${c.eventName ?? 'another event'}`;
  return `${c.name}: unavailable${c.note ? ` (${c.note})` : ''}`;
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
