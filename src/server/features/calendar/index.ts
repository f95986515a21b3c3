// The calendar: events, repeating series, space conflicts, feeds and following. Other features
// reach its sub-folders (README.md) only through here.

export { findConflicts } from './conflicts/conflicts';
export type { ConflictView, Replacing } from './conflicts/conflicts';
export { getEventRow, isFollowingSql, organizationTimeZone } from './events/queries';
export type { EventRow } from './events/queries';
export { checkReferences, parseOrThrow, resolveRange, spanOf } from './events/validation';
export type { IcsEvent } from './feeds/ics';
export type { StoredRule } from './series/occurrences';
export {
  INITIAL_HORIZON_DAYS,
  ensureMaterialized,
  materializationTarget,
  plannedOccurrences,
  ruleFromInput,
} from './series/series';
export { pairRows } from './series/series-rewrite';
export { updateEvent } from './series/update-event';
export { EVENT_NOT_FOUND, createEvent, deleteEvent, plan } from './service';
export type { Access } from './service';
export { calendarTransaction, lockKey, runner } from './sql';
export type { Runner } from './sql';
