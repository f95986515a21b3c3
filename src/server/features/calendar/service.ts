// Creating, editing and deleting events and series (spec part 2 §3–§7, DESIGN §5). Every check
// (shape, people, teams, permissions) runs before the one transaction that writes; conflicts are
// checked inside it, under the organization's calendar lock.
import { type Actor, policy } from '../../../common/permissions';
import { addWallMinutes, wallMinutesBetween } from '../../../common/recurrence';
import {
  type EventInput,
  type EventRequest,
  eventInputSchema,
  type Strategy,
} from '../../../common/schemas/calendar';
import { addDays, instantToWallTime } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { noteEventEditor } from '../notifications/event-changes';
import { findConflicts, type Replacing, resolveConflicts } from './conflicts';
import type { Occurrence, StoredRule } from './occurrences';
import { type EventRow, getEventRow, getEventView, organizationTimeZone } from './queries';
import {
  createSeries,
  ensureMaterialized,
  insertOccurrences,
  loadSeries,
  plannedOccurrences,
  recurrenceColumns,
  ruleFromInput,
  type SyncCounts,
  syncSeries,
  templateFromInput,
  updateRow,
} from './series';
import { calendarTransaction, type Runner } from './sql';
import { checkReferences, NO_DATES, parseOrThrow, spanOf, TOO_FAR_BACK } from './validation';

export interface Access {
  organizationId: number;
  actor: Actor & { userId: number };
}

export const EVENT_NOT_FOUND = 'Event not found';
export const EDIT_REFUSED = 'Only the person who reserved this event, an owner or an admin can change it';
export const DELETE_REFUSED = 'Only the person who reserved this event can delete it';
const DAY_MS = 86_400_000;

const lastEnd = (spans: { end: Date }[]) => new Date(Math.max(...spans.map((s) => s.end.getTime())));
const localDate = (instant: Date, timeZone: string) => instantToWallTime(instant, timeZone).slice(0, 10);

function plan(rule: StoredRule, atLeast = 0) {
  const planned = plannedOccurrences(rule, atLeast);
  if (planned.occurrences.length === 0) throw badRequest(NO_DATES, { recurringPattern: NO_DATES });
  return planned;
}

async function recordOverride(q: Runner, access: Access, eventId: number, conflicts: number) {
  await q.query(
    `insert into audit_log (organization_id, actor_id, action, target_type, target_id, details)
     values ($1, $2, 'calendar.conflict_override', 'calendar_event', $3, $4::jsonb)`,
    [access.organizationId, access.actor.userId, eventId, JSON.stringify({ conflicts })],
  );
}

/** Checks conflicts for the spans being written; returns whether they were booked over. */
async function checkSpaces(
  q: Runner,
  access: Access,
  timeZone: string,
  input: EventInput,
  spans: { start: Date; end: Date }[],
  replacing: Replacing,
) {
  const conflicts = await findConflicts(q, access.organizationId, timeZone, input.spaces, spans, replacing);
  return {
    overridden: resolveConflicts(conflicts, input.overrideConflicts, policy.overrideConflicts(access.actor)),
    count: conflicts.length,
  };
}

export async function createEvent(database: Database, access: Access, input: EventInput) {
  const { organizationId, actor } = access;
  await checkReferences(database, organizationId, actor, input, null);
  const timeZone = await organizationTimeZone(database, organizationId);
  const span = spanOf(input, timeZone);
  let rule: StoredRule | null = null;
  let until: number | null = null;
  let spans: { start: Date; end: Date }[] = [span];
  if (input.isRecurring) {
    if (span.start.getTime() < Date.now() - 731 * DAY_MS)
      throw badRequest(TOO_FAR_BACK, { startDateTime: TOO_FAR_BACK });
    rule = ruleFromInput(input, timeZone);
    ({ occurrences: spans, until } = plan(rule));
  }
  await ensureMaterialized(database, organizationId, lastEnd(spans));
  const created = await calendarTransaction(database, organizationId, async (q) => {
    const check = await checkSpaces(q, access, timeZone, input, spans, {});
    const template = templateFromInput(input, check.overridden);
    let seriesId: number | null = null;
    if (rule) {
      rule.template = template;
      seriesId = await createSeries(q, organizationId, rule, until);
    }
    const ids = await insertOccurrences(q, organizationId, seriesId, template, rule, spans);
    if (check.overridden) await recordOverride(q, access, ids[0], check.count);
    return { id: ids[0], count: ids.length };
  });
  const event = await getEventView(database, organizationId, timeZone, actor.userId, created.id);
  return { event, occurrenceCount: created.count };
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
    overrideConflicts: false,
  };
}

const definedOnly = (patch: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));

async function hasEarlierRows(q: Runner | Database, organizationId: number, row: EventRow) {
  const rows = await q.query(
    'select 1 from calendar_events where organization_id = $1 and series_id = $2 and start_date_time < $3 limit 1',
    [organizationId, row.seriesId, row.start],
  );
  return rows.length > 0;
}

/** Ends a series the day before `date`: what 'future' leaves of it after a split or delete. */
async function endSeriesBefore(
  q: Runner,
  organizationId: number,
  seriesId: number,
  rule: StoredRule,
  date: string,
) {
  const ended: StoredRule = {
    ...rule,
    endType: 'date',
    endDate: addDays(date, -1),
    endCount: null,
    exdates: rule.exdates.filter((d) => d < date),
  };
  await q.query(
    'update calendar_event_series set rule = $3::jsonb, materialized_until = null where organization_id = $1 and id = $2',
    [organizationId, seriesId, JSON.stringify(ended)],
  );
  await q.query(
    `update calendar_events set is_recurring = $3, recurring_pattern = $4, recurring_interval = $5,
       recurring_end = $6, recurring_weekly_days = $7::text[], recurring_monthly_week = $8,
       recurring_monthly_weekday = $9, recurring_end_type = $10, recurring_end_count = $11, updated_at = now()
     where organization_id = $1 and series_id = $2`,
    [organizationId, seriesId, ...recurrenceColumns(ended)],
  );
}

const upcoming = (spans: Occurrence[]) => spans.filter((s) => s.end.getTime() > Date.now());

export async function updateEvent(
  database: Database,
  access: Access,
  eventId: number,
  patch: Record<string, unknown>,
  strategy: Strategy,
) {
  const { organizationId, actor } = access;
  const timeZone = await organizationTimeZone(database, organizationId);
  const row = await getEventRow(database, organizationId, eventId);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  if (!policy.editEvent(actor, row.reservedBy)) throw forbidden(EDIT_REFUSED);
  const series = row.seriesId ? await loadSeries(database, organizationId, row.seriesId) : null;
  const input = parseOrThrow(eventInputSchema, {
    ...currentRequest(row, series?.rule ?? null, timeZone),
    ...definedOnly(patch),
  });
  await checkReferences(database, organizationId, actor, input, row);
  const span = spanOf(input, timeZone);
  const originalDate = localDate(row.start, timeZone);
  let mode: 'single' | Strategy = series ? strategy : 'single';
  if (mode === 'future' && !(await hasEarlierRows(database, organizationId, row))) mode = 'series';

  // The new rule, and the rows it replaces (which are then no conflict with it).
  let rule: StoredRule | null = null;
  let planned: { occurrences: Occurrence[]; until: number | null } = { occurrences: [], until: null };
  let replacing: Replacing = { eventIds: [row.id] };
  if (series && mode !== 'this')
    replacing = {
      eventIds: [row.id],
      seriesId: row.seriesId,
      seriesFrom: mode === 'future' ? row.start : null,
    };
  if (input.isRecurring && mode !== 'this') {
    if (mode === 'series' && series) {
      // An edit of the whole series from one date moves every date by the same number of days.
      const shift =
        wallMinutesBetween(`${originalDate}T00:00`, `${input.startDateTime.slice(0, 10)}T00:00`) / 1440;
      const start = `${addDays(series.rule.start.slice(0, 10), shift)}T${input.startDateTime.slice(11, 16)}`;
      const duration = wallMinutesBetween(input.startDateTime, input.endDateTime);
      rule = ruleFromInput(
        { ...input, startDateTime: start, endDateTime: addWallMinutes(start, duration) },
        timeZone,
        series.rule.exdates.map((d) => addDays(d, shift)),
      );
    } else {
      rule = ruleFromInput(
        input,
        timeZone,
        series ? series.rule.exdates.filter((d) => d > originalDate) : [],
      );
    }
    planned = plan(rule, series?.materializedUntil?.getTime() ?? 0);
  }
  const spans = rule ? (mode === 'single' ? planned.occurrences : upcoming(planned.occurrences)) : [span];
  if (spans.length > 0) await ensureMaterialized(database, organizationId, lastEnd(spans));

  const result = await calendarTransaction(database, organizationId, async (q) => {
    await noteEventEditor(q, actor.userId);
    const check = await checkSpaces(q, access, timeZone, input, spans, replacing);
    const template = templateFromInput(input, check.overridden || (mode === 'this' && row.conflictOverride));
    if (rule) rule.template = template;
    const counts: SyncCounts = { createdCount: 0, updatedCount: 1, deletedCount: 0 };
    let keepId = row.id;
    if (mode === 'this' && series) {
      await updateRow(q, organizationId, row.id, template, series.rule, span, {
        seriesId: row.seriesId,
        isException: true,
      });
      if (!row.isException && !series.rule.exdates.includes(originalDate)) {
        const next = { ...series.rule, exdates: [...series.rule.exdates, originalDate].sort() };
        await q.query(
          'update calendar_event_series set rule = $3::jsonb where organization_id = $1 and id = $2',
          [organizationId, row.seriesId, JSON.stringify(next)],
        );
      }
    } else if (!rule) {
      // Becomes (or stays) a single event; dates of its series from here on are removed.
      await updateRow(q, organizationId, row.id, template, null, span, {
        seriesId: null,
        isException: false,
      });
      if (series && row.seriesId) {
        const removed = await q.query<{ id: number }>(
          `delete from calendar_events where organization_id = $1 and series_id = $2
             and start_date_time >= $3 returning id`,
          [organizationId, row.seriesId, mode === 'future' ? row.start : new Date(0)],
        );
        counts.deletedCount = removed.length;
        if (mode === 'future')
          await endSeriesBefore(q, organizationId, row.seriesId, series.rule, originalDate);
        else
          await q.query('delete from calendar_event_series where organization_id = $1 and id = $2', [
            organizationId,
            row.seriesId,
          ]);
      }
    } else if (mode === 'single') {
      const seriesId = await createSeries(q, organizationId, rule, planned.until);
      const [first, ...rest] = planned.occurrences;
      await updateRow(q, organizationId, row.id, template, rule, first, { seriesId, isException: false });
      counts.createdCount = (
        await insertOccurrences(q, organizationId, seriesId, template, rule, rest)
      ).length;
    } else if (mode === 'series' && row.seriesId) {
      Object.assign(
        counts,
        await syncSeries(q, organizationId, row.seriesId, rule, planned.occurrences, planned.until),
      );
      keepId = await survivingId(q, organizationId, row, row.seriesId);
    } else if (row.seriesId && series) {
      const seriesId = await createSeries(q, organizationId, rule, planned.until);
      await q.query(
        `update calendar_events set series_id = $3 where organization_id = $1 and series_id = $2
           and start_date_time >= $4`,
        [organizationId, row.seriesId, seriesId, row.start],
      );
      await endSeriesBefore(q, organizationId, row.seriesId, series.rule, originalDate);
      Object.assign(
        counts,
        await syncSeries(q, organizationId, seriesId, rule, planned.occurrences, planned.until),
      );
      keepId = await survivingId(q, organizationId, row, seriesId);
    }
    if (check.overridden) await recordOverride(q, access, keepId, check.count);
    return { counts, keepId };
  });
  const event = await getEventView(database, organizationId, timeZone, actor.userId, result.keepId);
  return { event, ...result.counts };
}

/** The edited row, or when the new rule has no date for it, the series' nearest one. */
async function survivingId(q: Runner, organizationId: number, row: EventRow, seriesId: number | null) {
  const [next] = await q.query<{ id: number }>(
    `select id from calendar_events where organization_id = $1 and (id = $2 or series_id = $3::int)
     order by (id = $2) desc, abs(extract(epoch from start_date_time - $4::timestamptz)) limit 1`,
    [organizationId, row.id, seriesId, row.start],
  );
  return next?.id ?? row.id;
}

export async function deleteEvent(database: Database, access: Access, eventId: number, strategy: Strategy) {
  const { organizationId, actor } = access;
  const timeZone = await organizationTimeZone(database, organizationId);
  const row = await getEventRow(database, organizationId, eventId);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  if (!policy.deleteEvent(actor, row.reservedBy)) throw forbidden(DELETE_REFUSED);
  return calendarTransaction(database, organizationId, async (q) => {
    await noteEventEditor(q, actor.userId);
    const series = row.seriesId ? await loadSeries(q, organizationId, row.seriesId, true) : null;
    let mode: Strategy = series ? strategy : 'this';
    if (mode === 'future' && !(await hasEarlierRows(q, organizationId, row))) mode = 'series';
    const date = localDate(row.start, timeZone);
    if (mode === 'this' || !series || !row.seriesId) {
      const removed = await q.query(
        'delete from calendar_events where organization_id = $1 and id = $2 returning id',
        [organizationId, row.id],
      );
      if (series && !row.isException) {
        const next = { ...series.rule, exdates: [...new Set([...series.rule.exdates, date])].sort() };
        await q.query(
          'update calendar_event_series set rule = $3::jsonb where organization_id = $1 and id = $2',
          [organizationId, row.seriesId, JSON.stringify(next)],
        );
      }
      return { deletedCount: removed.length };
    }
    if (mode === 'future') {
      const removed = await q.query(
        'delete from calendar_events where organization_id = $1 and series_id = $2 and start_date_time >= $3 returning id',
        [organizationId, row.seriesId, row.start],
      );
      await endSeriesBefore(q, organizationId, row.seriesId, series.rule, date);
      return { deletedCount: removed.length };
    }
    const removed = await q.query(
      'delete from calendar_events where organization_id = $1 and series_id = $2 returning id',
      [organizationId, row.seriesId],
    );
    await q.query('delete from calendar_event_series where organization_id = $1 and id = $2', [
      organizationId,
      row.seriesId,
    ]);
    return { deletedCount: removed.length };
  });
}
