// Editing an event or a series. A date change moves the dates it
// affects by the same number of days (weekly days, a monthly weekday and an end date move with
// it), "this and following" starts a new part of the same series that carries on its count, and
// "all dates" reaches every part. Every check runs before the one transaction that writes.
import { policy } from '../../../common/permissions';
import {
  addWallMinutes,
  completeRule,
  daysBetween,
  recurrenceDefaults,
  shiftWeekdays,
  wallMinutesBetween,
} from '../../../common/recurrence';
import type { Strategy } from '../../../common/calendar';
import { type EventInput, type EventRequest, eventInputSchema } from '../../../common/schemas/calendar';
import { addDays, instantToWallTime } from '../../../common/zoned-time';
import { type Database, lastStatement } from '../../db/client';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { FoldedCheck, Replacing } from './conflicts';
import { lineageTotal, type Part, remainingFrom, writeLineageCount } from './lineage';
import type { Occurrence, StoredRule } from './occurrences';
import { type EventRow, getEventRowAndParts, getEventView } from './queries';
import {
  createSeries,
  insertOccurrences,
  ruleFromInput,
  type SyncCounts,
  templateFromInput,
  updateRow,
} from './series';
import {
  type Access,
  checkSpaces,
  withMaterialized,
  deleteSeries,
  EDIT_REFUSED,
  EVENT_NOT_FOUND,
  endPartBefore,
  endedRule,
  localDate,
  plan,
  recordOverride,
  zoneOf,
} from './service';
import { type LineageRewrite, movedExceptions, type RewrittenPart, rewriteLineage } from './series-rewrite';
import { behindLock, calendarTransaction, type LineageRow, PlanChanged, type Runner } from './sql';
import { checkReferences, parseOrThrow, spanOf } from './validation';

type Planned = { occurrences: Occurrence[]; until: number | null };
/** One series' new rule and dates; `shiftDays` pairs its rows with their moved dates. */
interface PartPlan {
  id: number;
  rule: StoredRule;
  planned: Planned;
  shiftDays: number;
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

/** Plans made again when concurrent edits of the same series keep changing it meanwhile. */
const PLAN_ATTEMPTS = 5;
export const EDITED_MEANWHILE = 'This event was changed by someone else at the same time; try again';

/**
 * Edits an event with `patch` (`strategy`: which dates of a series). The edit is planned from a
 * read made before its transaction (so checks and materialization need no lock); in the
 * transaction the series' parts and the row are locked first and their versions compared with
 * that read: if another edit changed them meanwhile, the edit is planned again from a fresh read.
 */
export async function updateEvent(
  database: Database,
  access: Access,
  eventId: number,
  patch: Record<string, unknown>,
  strategy: Strategy,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await updateOnce(database, access, eventId, patch, strategy);
    } catch (error) {
      if (!(error instanceof PlanChanged)) throw error;
      if (attempt === PLAN_ATTEMPTS) throw new AppError(409, EDITED_MEANWHILE);
    }
  }
}

async function updateOnce(
  database: Database,
  access: Access,
  eventId: number,
  patch: Record<string, unknown>,
  strategy: Strategy,
) {
  const { organizationId, actor } = access;
  const timeZone = await zoneOf(database, access);
  // "This date" plans from the row and its parts; the other edits from every row of the series too.
  const found = await getEventRowAndParts(database, organizationId, eventId, strategy !== 'this');
  if (!found) throw notFound(EVENT_NOT_FOUND);
  const { row, parts } = found;
  if (!policy.editEvent(actor, row.reservedBy)) throw forbidden(EDIT_REFUSED);
  const index = parts.findIndex((p) => p.id === row.seriesId);
  const part = index >= 0 ? parts[index] : null;
  const originalDate = localDate(row.start, timeZone);
  let mode: 'single' | Strategy = part ? strategy : 'single';
  if (mode === 'future' && !found.hasEarlier) mode = 'series';

  // What the form shows: "this and following" counts the dates left, "all dates" the whole series;
  // both end where the whole series ends (its last part), not where this date's part does.
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
  await checkReferences(database, organizationId, actor, edited, row);
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
  const spans =
    plans.length > 0
      ? [...plans.flatMap((p) => p.planned.occurrences), ...moved].filter(
          (s) => mode === 'single' || s.end.getTime() > Date.now(),
        )
      : [span];

  // The parts and the row (and rows), as planned from: another edit that changed them before our
  // locks were granted makes this plan stale (the lock statement refuses it: PlanChanged).
  const hold = {
    seriesIds: parts.map((p) => p.id),
    eventId: row.id,
    rows: found.rows !== null,
    version: found.version,
  };

  const result = await withMaterialized(database, organizationId, spans, (strict) =>
    calendarTransaction(
      database,
      organizationId,
      async (q) => {
        // Edits, deletes, follows and materialization of one series wait for each other on its
        // rows, locked first, in the same statement as the spaces and days booked.
        const check = await checkSpaces(q, access, timeZone, input, spans, replacing, strict, hold);
        // The write goes behind the lock statement without waiting for it; should the plan no
        // longer hold, the lock statement's refusal is the answer (behindLock).
        return behindLock(check.locked, async () => {
          // isPublic null in an edit keeps the stored switch.
          const template = templateFromInput(
            input,
            check.overridden || (mode === 'this' && row.conflictOverride),
            input.isPublic ?? row.isPublic,
          );
          for (const p of plans) p.rule.template = template;
          const counts: SyncCounts = { createdCount: 0, updatedCount: 1, deletedCount: 0 };
          let keepId = row.id;
          // A write whose answer's row is known before it returns is not waited for: the answer's
          // read and the COMMIT go right behind it, in the same round trip. Should the write fail
          // (conflicts found, FoldedCheck), the transaction is aborted and that COMMIT rolls back.
          let writing: Promise<unknown> = Promise.resolve();
          if (mode === 'this' && part) {
            // The date joins its series' exdates in the same statement, unless it is already its own.
            const exdate = !row.isException && !part.rule.exdates.includes(originalDate);
            const rule = { ...part.rule, exdates: [...part.rule.exdates, originalDate].sort() };
            writing = updateRow(
              q,
              organizationId,
              row.id,
              template,
              part.rule,
              span,
              { seriesId: row.seriesId, isException: true },
              exdate ? { id: part.id, rule } : null,
              check.folded,
            );
          } else if (plans.length === 0) {
            counts.deletedCount = await toSingleEvent(
              q,
              organizationId,
              row,
              span,
              template,
              parts,
              mode,
              check.folded,
            );
            if (part && mode === 'future') {
              await endPartBefore(q, organizationId, part, originalDate);
              await writeLineageCount(q, organizationId, parts[0].id);
            }
          } else if (mode === 'single') {
            const [{ rule, planned }] = plans;
            const seriesId = await createSeries(q, organizationId, rule, planned.until);
            const [first, ...rest] = planned.occurrences;
            await updateRow(
              q,
              organizationId,
              row.id,
              template,
              rule,
              first,
              { seriesId, isException: false },
              null,
              check.folded,
            );
            counts.createdCount = (
              await insertOccurrences(q, organizationId, seriesId, template, rule, rest)
            ).length;
          } else if (rewrite) {
            const sent = rewriteLineage(q, organizationId, { ...rewrite, template }, check.folded);
            const written = sent.written.then((w) => {
              Object.assign(counts, w.counts);
              return w.keepId;
            });
            writing = written;
            keepId = sent.keepId ?? (await written);
          }
          if (check.overridden) {
            await writing;
            await recordOverride(q, access, keepId, check.count);
          }
          check.folded.ensureSent();
          // The answer is read with the COMMIT (one round trip), as it will be once committed.
          const read = getEventView(lastStatement(q), organizationId, timeZone, actor.userId, keepId);
          // Both are awaited, so neither failure goes unhandled; the write's own failure is the answer.
          const [written, event] = await Promise.allSettled([writing, read]);
          if (written.status === 'rejected') throw written.reason;
          if (event.status === 'rejected') throw event.reason;
          return { counts, event: event.value };
        });
      },
      actor.userId,
    ),
  );
  return { event: result.event, ...result.counts };
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

/** The series becomes (from here on) this one event; returns how many other dates went. */
async function toSingleEvent(
  q: Runner,
  organizationId: number,
  row: EventRow,
  span: { start: Date; end: Date },
  template: ReturnType<typeof templateFromInput>,
  parts: Part[],
  mode: 'single' | Strategy,
  check: FoldedCheck,
) {
  await updateRow(
    q,
    organizationId,
    row.id,
    template,
    null,
    span,
    { seriesId: null, isException: false },
    null,
    check,
  );
  if (parts.length === 0) return 0;
  const removed = await q.query<{ id: number }>(
    `delete from calendar_events where organization_id = $1 and series_id = any($2::int[])
       and ($3::timestamptz is null or start_date_time >= $3) returning id`,
    [organizationId, parts.map((p) => p.id), mode === 'future' ? row.start : null],
  );
  const index = parts.findIndex((p) => p.id === row.seriesId);
  await deleteSeries(
    q,
    organizationId,
    (mode === 'future' ? parts.slice(index + 1) : parts).map((p) => p.id),
  );
  return removed.length;
}
