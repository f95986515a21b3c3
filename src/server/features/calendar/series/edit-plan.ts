// How an edit of an event or a series is planned, with no database: from the stored row, its
// series' parts (and rows) and the patch, what the edit writes. A date change moves the dates it
// affects by the same number of days (weekly days, a monthly weekday and an end date move with
// it), "this and following" starts a new part of the same series that carries on its count, and
// "all dates" reaches every part. update-event.ts reads what this plans from and applies the plan.
import type { Strategy } from '../../../../common/calendar';
import {
  addWallMinutes,
  completeRule,
  daysBetween,
  recurrenceDefaults,
  shiftWeekdays,
  wallMinutesBetween,
} from '../../../../common/recurrence';
import { type EventInput, type EventRequest, eventInputSchema } from '../../../../common/schemas/calendar';
import { addDays, instantToWallTime } from '../../../../common/zoned-time';
import type { Replacing } from '../conflicts/conflicts';
import { lineageTotal, type Part, remainingFrom } from './lineage';
import type { Occurrence, StoredRule } from './occurrences';
import type { EventRow } from '../events/queries';
import { ruleFromInput } from './series';
import {
  type LineageRewrite,
  movedExceptions,
  type RewrittenPart,
  rewriteRemovesDates,
} from './series-rewrite';
import { endedRule, localDate, plan } from '../service';
import type { LineageRow } from '../sql';
import { parseOrThrow, spanOf } from '../events/validation';

type Planned = { occurrences: Occurrence[]; until: number | null };
/** One series' new rule and dates; `shiftDays` pairs its rows with their moved dates. */
interface PartPlan {
  id: number;
  rule: StoredRule;
  planned: Planned;
  shiftDays: number;
}

/** What an edit plans from, as read before its transaction (getEventRowAndParts). */
export interface EditedEvent {
  row: EventRow;
  /** The parts of its series in order (none for a one-off). */
  parts: Part[];
  /** Whether the series has dates before this row's. */
  hasEarlier: boolean;
  /** Every row of the parts, for an edit of more than one date; else null. */
  rows: LineageRow[] | null;
  /** The version of all it read; the edit's lock statement refuses the plan if it changed. */
  version: string;
}

/** Which dates the edit reaches: a one-off ('single'), or a strategy over a series. */
export type EditMode = 'single' | Strategy;

/** The edit read against the stored event: the body before and after the patch (readEdit). */
export interface EditRequest {
  found: EditedEvent;
  timeZone: string;
  mode: EditMode;
  /** The part of the series the row belongs to, and its index in `found.parts`. */
  part: Part | null;
  index: number;
  /** The row's local date before the edit. */
  originalDate: string;
  /** What the form shows for the stored event. */
  current: EventRequest;
  base: EventInput;
  /** The body after the patch: what checkReferences checks. */
  edited: EventInput;
}

/** What an edit writes. Every new rule in it takes the written template (applyEdit). */
export type EditWrite =
  /** One date of a series edited on its own: its row becomes an exception of the series. */
  | {
      kind: 'this-date';
      /** The series' rule, as the row's repeat columns show it. */
      rowRule: StoredRule;
      /** The series with the date joined to its exdates, unless the date is already its own. */
      exdate: { id: number; rule: StoredRule } | null;
    }
  /** The event, or its series (from this date on), becomes this one event. */
  | {
      kind: 'one-event';
      /** The parts whose rows go (from `dropFrom` on, else all of them). */
      dropRowsOf: number[];
      dropFrom: Date | null;
      /** The parts that go. */
      dropParts: number[];
      /** "This and following": the part cut short the day before `date`, and its lineage's count. */
      endPart: { part: Part; date: string; lineageId: number } | null;
    }
  /** A one-off becomes a series: its row is the first date. */
  | { kind: 'new-series'; rule: StoredRule; planned: Planned }
  /** Every part, or the series from this date on, rewritten as one statement (rewriteLineage). */
  | { kind: 'rewrite'; rewrite: Omit<LineageRewrite, 'template'> };

/**
 * Whether an edit may write beyond its events and their teams: dates it removes take their calls,
 * shifts and follow records along, and a series it starts carries follow records to its dates. One
 * date edited, a one-off edited as itself, or a series renamed or moved date for date writes its
 * events alone.
 */
export function writesBesideEvents(write: EditWrite): boolean {
  if (write.kind === 'this-date') return false;
  if (write.kind === 'one-event') return write.dropRowsOf.length > 0 || write.dropParts.length > 0;
  if (write.kind === 'rewrite') return rewriteRemovesDates(write.rewrite);
  return true;
}

/** What an edit books and writes (planEdit). */
export interface EditPlan {
  row: EventRow;
  timeZone: string;
  mode: EditMode;
  /** The body the edit books with (its spaces; whether it overrides conflicts). */
  input: EventInput;
  /** The row's new times. */
  span: { start: Date; end: Date };
  /** Every span booked (conflict checks, locks): the new dates still to come, or `span`. */
  spans: { start: Date; end: Date }[];
  /** The rows the edit replaces: no conflict with them. */
  replacing: Replacing;
  /** What the plan was made from: the lock statement refuses it if that changed meanwhile. */
  hold: { seriesIds: number[]; eventId: number; rows: boolean; version: string };
  /** The date keeps its booked-over mark (one date edited on its own that was booked over). */
  keepsOverride: boolean;
  /** The public switch: the body's, else the stored one. */
  isPublic: boolean;
  /** The new rules, which take the written template. */
  rules: StoredRule[];
  write: EditWrite;
}

/** The stored event as a request body, so an edit can send only what changed. */
function currentRequest(row: EventRow, rule: StoredRule | null, timeZone: string): EventRequest {
  return {
    name: row.name,
    description: row.description,
    spaces: row.spaces as EventRequest['spaces'],
    startDateTime: instantToWallTime(row.start, timeZone),
    endDateTime: instantToWallTime(row.end, timeZone),
    eventType: row.eventType as EventRequest['eventType'],
    isRecurring: rule !== null,
    recurringPattern: rule?.pattern ?? null,
    recurringInterval: rule?.interval ?? 1,
    recurringWeeklyDays: rule?.pattern === 'weekly' ? rule.weeklyDays.map(String) : null,
    recurringMonthlyWeek: rule?.monthlyWeek ?? null,
    recurringMonthlyWeekday: rule?.monthlyWeekday ?? null,
    recurringEndType: rule?.endType ?? null,
    recurringEnd: rule?.endDate ?? null,
    recurringEndCount: rule?.endCount ?? null,
    eventUrl: row.eventUrl,
    instructorId: row.instructorId,
    reservedBy: row.reservedBy,
    teamIds: row.teamIds,
    isPublic: row.isPublic,
    overrideConflicts: false,
  };
}

const definedOnly = (patch: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));

const sameList = (a: unknown[] | null | undefined, b: unknown[] | null | undefined) =>
  (a ?? []).map(String).sort().join() === (b ?? []).map(String).sort().join();

/**
 * Whether the edit left the repeat fields as they were, or only moved them with the date the way
 * the form does (weekday boxes and a repeat end date shifted, the new date's week and weekday).
 */
function sameRepeat(input: EventInput, base: EventInput, days: number) {
  const moved = followTheDate(base, base, days);
  const defaults = recurrenceDefaults(input.startDateTime.slice(0, 10));
  const monthlySame =
    (input.recurringMonthlyWeek === base.recurringMonthlyWeek &&
      input.recurringMonthlyWeekday === base.recurringMonthlyWeekday) ||
    (input.recurringMonthlyWeek === defaults.monthlyWeek &&
      input.recurringMonthlyWeekday === defaults.monthlyWeekday);
  return (
    input.recurringPattern === base.recurringPattern &&
    input.recurringInterval === base.recurringInterval &&
    (sameList(input.recurringWeeklyDays, base.recurringWeeklyDays) ||
      sameList(input.recurringWeeklyDays, moved.recurringWeeklyDays)) &&
    monthlySame &&
    input.recurringEndType === base.recurringEndType &&
    (input.recurringEnd === base.recurringEnd || input.recurringEnd === moved.recurringEnd) &&
    input.recurringEndCount === base.recurringEndCount
  );
}

/**
 * Repeat fields the edit did not touch follow a date moved by `days`: Tuesday/Thursday one day
 * later is Wednesday/Friday, "the second Tuesday" becomes the new date's week and weekday, and an
 * end date moves too. Fields the person changed are taken as they are.
 */
function followTheDate(input: EventInput, base: EventInput, days: number): EventInput {
  if (days === 0) return input;
  const next = { ...input };
  if (input.recurringPattern === 'weekly' && sameList(input.recurringWeeklyDays, base.recurringWeeklyDays))
    next.recurringWeeklyDays = shiftWeekdays(input.recurringWeeklyDays.map(Number), days).map(
      (d) => String(d) as EventInput['recurringWeeklyDays'][number],
    );
  if (
    input.recurringMonthlyWeek === base.recurringMonthlyWeek &&
    input.recurringMonthlyWeekday === base.recurringMonthlyWeekday
  ) {
    next.recurringMonthlyWeek = null;
    next.recurringMonthlyWeekday = null;
  }
  if (input.recurringEndType === 'date' && input.recurringEnd && input.recurringEnd === base.recurringEnd)
    next.recurringEnd = addDays(input.recurringEnd, days);
  return next;
}

/** A part's rule moved by the edit: `minutes` later (days included) and `lengthDelta` longer. */
function movedRule(
  rule: StoredRule,
  minutes: number,
  lengthDelta: number,
): { rule: StoredRule; days: number } {
  const start = addWallMinutes(rule.start, minutes);
  const days = daysBetween(rule.start.slice(0, 10), start.slice(0, 10));
  const moved: StoredRule = {
    ...rule,
    start,
    durationMinutes: rule.durationMinutes + lengthDelta,
    weeklyDays: shiftWeekdays(rule.weeklyDays, days),
    monthlyWeek: days === 0 ? rule.monthlyWeek : null,
    monthlyWeekday: days === 0 ? rule.monthlyWeekday : null,
    endDate: rule.endDate ? addDays(rule.endDate, days) : null,
    exdates: rule.exdates.map((d) => addDays(d, days)),
  };
  return { rule: { ...moved, ...completeRule(moved) }, days };
}

/**
 * The edit read against the stored event: which dates it reaches and the body before and after
 * the patch. "This and following" counts the dates left, "all dates" the whole series; both end
 * where the whole series ends (its last part), not where this date's part does.
 */
export function readEdit(
  found: EditedEvent,
  patch: Record<string, unknown>,
  strategy: Strategy,
  timeZone: string,
): EditRequest {
  const { row, parts } = found;
  const index = parts.findIndex((p) => p.id === row.seriesId);
  const part = index >= 0 ? parts[index] : null;
  const originalDate = localDate(row.start, timeZone);
  let mode: EditMode = part ? strategy : 'single';
  if (mode === 'future' && !found.hasEarlier) mode = 'series';
  const current = currentRequest(row, part?.rule ?? null, timeZone);
  const last = parts.at(-1);
  if (part && last && mode !== 'this') {
    current.recurringEndType = last.rule.endType;
    current.recurringEnd = last.rule.endDate;
    current.recurringEndCount = last.rule.endCount;
  }
  if (part && current.recurringEndType === 'count')
    current.recurringEndCount =
      (mode === 'future' ? remainingFrom(parts, part.id, originalDate) : lineageTotal(parts)) ??
      part.rule.endCount;
  const base = parseOrThrow(eventInputSchema, current);
  const edited = parseOrThrow(eventInputSchema, { ...current, ...definedOnly(patch) });
  return { found, timeZone, mode, part, index, originalDate, current, base, edited };
}

/**
 * What the edit writes: the new rule of each part written and its dates, the spans booked, the
 * rows replaced, and the statements' shape (EditWrite). Reads the clock only to book the dates
 * still to come.
 */
export function planEdit(edit: EditRequest): EditPlan {
  const { found, timeZone, mode, part, index, originalDate, current, base, edited } = edit;
  const { row, parts } = found;
  const span = spanOf(edited, timeZone);
  const shiftDays = daysBetween(originalDate, edited.startDateTime.slice(0, 10));
  const input = part && mode !== 'this' ? followTheDate(edited, base, shiftDays) : edited;

  // The new rules, one per part written, and the rows they replace (no conflict with them).
  const replacing: Replacing =
    part && mode !== 'this'
      ? {
          eventIds: [row.id],
          seriesIds: parts.map((p) => p.id),
          seriesFrom: mode === 'future' ? row.start : null,
        }
      : { eventIds: [row.id] };
  let plans: PartPlan[] = [];
  if (input.isRecurring && mode !== 'this') {
    if (mode === 'series' && parts.length > 1 && sameRepeat(edited, base, shiftDays)) {
      // Every part keeps its own pattern and moves as the edited date moved.
      const minutes = wallMinutesBetween(current.startDateTime, input.startDateTime);
      const lengthDelta =
        wallMinutesBetween(input.startDateTime, input.endDateTime) -
        wallMinutesBetween(current.startDateTime, current.endDateTime);
      plans = parts.map((p) => {
        const moved = movedRule(p.rule, minutes, lengthDelta);
        return {
          id: p.id,
          rule: moved.rule,
          planned: plan(moved.rule, p.materializedUntil?.getTime() ?? 0),
          shiftDays: moved.days,
        };
      });
    } else if (mode === 'series' && part) {
      // One rule for the whole series from its first date, moved by the same number of days.
      const start = `${addDays(parts[0].rule.start.slice(0, 10), shiftDays)}T${input.startDateTime.slice(11, 16)}`;
      const duration = wallMinutesBetween(input.startDateTime, input.endDateTime);
      const exdates = parts.flatMap((p) => p.rule.exdates).map((d) => addDays(d, shiftDays));
      const rule = ruleFromInput(
        { ...input, startDateTime: start, endDateTime: addWallMinutes(start, duration) },
        timeZone,
        [...new Set(exdates)].sort(),
      );
      plans = [
        { id: parts[0].id, rule, planned: plan(rule, part.materializedUntil?.getTime() ?? 0), shiftDays },
      ];
    } else {
      const exdates = parts
        .slice(Math.max(index, 0))
        .flatMap((p) => p.rule.exdates)
        .filter((d) => d > originalDate)
        .map((d) => addDays(d, shiftDays));
      const rule = ruleFromInput(input, timeZone, [...new Set(exdates)].sort());
      plans = [{ id: 0, rule, planned: plan(rule, part?.materializedUntil?.getTime() ?? 0), shiftDays }];
    }
  }
  // An "all dates" or "this and following" edit of a series rewrites its rows as one plan; the
  // dates edited on their own that it moves are booked at their new times too.
  const rewrite =
    part && found.rows && plans.length > 0 && mode !== 'single' && mode !== 'this'
      ? lineageRewrite(found.rows, parts, index, row, originalDate, mode, plans)
      : null;
  const moved = rewrite ? [...movedExceptions(rewrite).values()] : [];
  const now = Date.now();
  const spans =
    plans.length > 0
      ? [...plans.flatMap((p) => p.planned.occurrences), ...moved].filter(
          (s) => mode === 'single' || s.end.getTime() > now,
        )
      : [span];
  return {
    row,
    timeZone,
    mode,
    input,
    span,
    spans,
    replacing,
    hold: {
      seriesIds: parts.map((p) => p.id),
      eventId: row.id,
      rows: found.rows !== null,
      version: found.version,
    },
    keepsOverride: mode === 'this' && row.conflictOverride,
    // isPublic null in an edit keeps the stored switch.
    isPublic: input.isPublic ?? row.isPublic,
    rules: plans.map((p) => p.rule),
    write: editWrite(edit, plans, rewrite),
  };
}

/** The statements' shape for a planned edit (EditWrite). */
function editWrite(
  { found, mode, part, index, originalDate }: EditRequest,
  plans: PartPlan[],
  rewrite: Omit<LineageRewrite, 'template'> | null,
): EditWrite {
  const { row, parts } = found;
  if (mode === 'this' && part) {
    // The date joins its series' exdates in the same statement, unless it is already its own.
    const joins = !row.isException && !part.rule.exdates.includes(originalDate);
    const rule = { ...part.rule, exdates: [...part.rule.exdates, originalDate].sort() };
    return { kind: 'this-date', rowRule: part.rule, exdate: joins ? { id: part.id, rule } : null };
  }
  if (plans.length === 0)
    return {
      kind: 'one-event',
      dropRowsOf: parts.map((p) => p.id),
      dropFrom: mode === 'future' ? row.start : null,
      dropParts: (mode === 'future' ? parts.slice(index + 1) : parts).map((p) => p.id),
      endPart: part && mode === 'future' ? { part, date: originalDate, lineageId: parts[0].id } : null,
    };
  if (mode === 'single') return { kind: 'new-series', rule: plans[0].rule, planned: plans[0].planned };
  if (!rewrite) throw new Error('a series edit planned without its rows');
  return { kind: 'rewrite', rewrite };
}

/**
 * What an "all dates" or "this and following" edit writes (rewriteLineage): "this and following"
 * starts a new part from the edited date that takes the later parts' dates along and ends the
 * edited part the day before; "all dates" under one rule gathers every part's rows into the first
 * part; "all dates" that keeps each part's pattern rewrites each part with its moved rule.
 */
function lineageRewrite(
  rows: LineageRow[],
  parts: Part[],
  index: number,
  row: EventRow,
  originalDate: string,
  mode: Strategy,
  plans: PartPlan[],
): Omit<LineageRewrite, 'template'> {
  const rewritten = (plan: PartPlan, id: number | null): RewrittenPart => ({
    id,
    rule: plan.rule,
    occurrences: plan.planned.occurrences,
    until: plan.planned.until,
    shiftDays: plan.shiftDays,
  });
  const base = {
    rows,
    edited: { id: row.id, start: row.start },
    previous: new Map(parts.map((p) => [p.id, p.rule])),
  };
  if (mode === 'future') {
    const later = new Set(parts.slice(index).map((p) => p.id));
    const moves = new Map<number, number | null>();
    for (const r of rows) if (later.has(r.seriesId) && r.start >= row.start) moves.set(r.id, null);
    const part = parts[index];
    const ended = endedRule(part, originalDate);
    const kept = [...parts.slice(0, index).map((p) => p.rule), ...(ended ? [ended] : []), plans[0].rule];
    return {
      ...base,
      moves,
      parts: [rewritten(plans[0], null)],
      lineageId: part.lineageId,
      ended: ended ? { id: part.id, rule: ended } : null,
      dropped: [...parts.slice(index + 1).map((p) => p.id), ...(ended ? [] : [part.id])],
      total: lineageTotal(kept.map((rule) => ({ rule }))),
    };
  }
  const moves = new Map<number, number | null>();
  if (plans.length === 1) {
    // All dates under one rule: the later parts' rows join the first part.
    const later = new Set(parts.slice(1).map((p) => p.id));
    for (const r of rows) if (later.has(r.seriesId)) moves.set(r.id, parts[0].id);
  }
  return {
    ...base,
    moves,
    parts: plans.map((p) => rewritten(p, p.id)),
    lineageId: null,
    ended: null,
    dropped: plans.length === 1 ? parts.slice(1).map((p) => p.id) : [],
    total: lineageTotal(plans),
  };
}
