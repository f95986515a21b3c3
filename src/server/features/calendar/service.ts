// Creating, editing and deleting events and series. Every check
// (shape, people, teams, permissions) runs before the one transaction that writes; conflicts are
// checked inside it, under locks on the spaces and days being booked (lockBookings).
import { type Actor, policy } from '../../../common/permissions';
import type { Strategy } from '../../../common/calendar';
import type { EventInput } from '../../../common/schemas/calendar';
import { addDays, instantToWallTime } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import { type PipelinedWrite, pipelinedWrite } from '../../db/pipelined-write';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../../http/session';
import { FoldedCheck, findConflicts, type Replacing, resolveConflicts } from './conflicts/conflicts';
import type { StoredRule } from './series/occurrences';
import { instancesBefore, lineageParts, type Part, writeLineageCount } from './series/lineage';
import {
  calendarSettings,
  type EventRow,
  getEventRow,
  getEventView,
  organizationTimeZone,
} from './events/queries';
import {
  createSeries,
  ensureMaterialized,
  insertOccurrences,
  materializationTarget,
  insertSeriesWithOccurrences,
  plannedOccurrences,
  recurrenceColumns,
  ruleFromInput,
  templateFromInput,
} from './series/series';
import {
  calendarTransaction,
  DATES_REMOVED,
  EVENTS_WRITTEN,
  lockBookings,
  NotMaterialized,
  type Runner,
} from './sql';
import { checkReferences, NO_DATES, spanOf, TOO_FAR_BACK } from './events/validation';

export interface Access {
  organizationId: number;
  actor: Actor & { userId: number };
  /**
   * The caller's session (http/access.ts): it holds its own organization's calendar settings, and
   * its writes check it still stands (calendarTransaction).
   */
  auth?: Pick<AuthContext, 'sid' | 'standing'> & {
    organization: { id: number; timezone: string; publicEventTypes: string[] } | null;
  };
}

/** The caller's session's organization, when it is the one being written to. */
const ownOrganization = (access: Access) =>
  access.auth?.organization?.id === access.organizationId ? access.auth.organization : null;

/** The organization's zone: from the caller's session when it is their organization, else read. */
export function zoneOf(database: Database, access: Access): string | Promise<string> {
  return ownOrganization(access)?.timezone ?? organizationTimeZone(database, access.organizationId);
}

/** What a new event needs from its organization (zone, public types), from the session when it can. */
async function creationSettings(database: Database, access: Access) {
  const own = ownOrganization(access);
  return own
    ? { timeZone: own.timezone, publicEventTypes: own.publicEventTypes }
    : calendarSettings(database, access.organizationId);
}

export const EVENT_NOT_FOUND = 'Event not found';
export const EDIT_REFUSED = 'Only the person who reserved this event, an owner or an admin can change it';
export const DELETE_REFUSED = 'Only the person who reserved this event can delete it';
const DAY_MS = 86_400_000;

export const lastEnd = (spans: { end: Date }[]) => new Date(Math.max(...spans.map((s) => s.end.getTime())));
export const localDate = (instant: Date, timeZone: string) =>
  instantToWallTime(instant, timeZone).slice(0, 10);

export function plan(rule: StoredRule, atLeast = 0) {
  const planned = plannedOccurrences(rule, atLeast);
  if (planned.occurrences.length === 0) throw badRequest(NO_DATES, { recurringPattern: NO_DATES });
  return planned;
}

export async function recordOverride(q: Runner, access: Access, eventId: number, conflicts: number) {
  await q.query(
    `insert into audit_log (organization_id, actor_id, action, target_type, target_id, details)
     values ($1, $2, 'calendar.conflict_override', 'calendar_event', $3, $4::jsonb)`,
    [access.organizationId, access.actor.userId, eventId, JSON.stringify({ conflicts })],
  );
}

/**
 * Runs a calendar write (`write(strict)`), whose lock statement also says whether the
 * organization's series reach as far as it books: when they do not, they grow (ensureMaterialized,
 * transactions of their own) and the write runs again, not strict the second time.
 */
export async function withMaterialized<T>(
  database: Database,
  organizationId: number,
  spans: { end: Date }[],
  write: (strict: boolean) => Promise<T>,
): Promise<T> {
  try {
    return await write(true);
  } catch (error) {
    if (!(error instanceof NotMaterialized)) throw error;
  }
  await ensureMaterialized(database, organizationId, lastEnd(spans));
  return write(false);
}

/**
 * Locks the spaces and days being booked and checks their conflicts; says whether they were
 * booked over. The lock statement is sent, not waited for (`locked`, which refuses: see
 * lockBookings): the write goes right behind it (writeBooking). A booking that asks for no override
 * leaves its check to its write statement (`folded`, one round trip fewer): the write must send
 * it (`folded.guard`), which writeBooking verifies before the answer is read.
 * With an override the check is a statement of its own, made once the locks are granted, since
 * whether the rows are marked as booked over and an audit row written depends on what it finds.
 * With `hold` (an edit), the series' parts and the edited row are locked first, and the lock
 * statement refuses a plan made from what they held before.
 * `strict`: refuse to go on when a series is not materialized as far (withMaterialized).
 */
export async function checkSpaces(
  q: Runner,
  access: Access,
  timeZone: string,
  input: EventInput,
  spans: { start: Date; end: Date }[],
  replacing: Replacing,
  strict: boolean,
  hold?: { seriesIds: readonly number[]; eventId: number; rows: boolean; version: string },
) {
  const target = strict && spans.length > 0 ? materializationTarget(lastEnd(spans)) : null;
  const locked = lockBookings(q, access.organizationId, input.spaces, spans, target, hold);
  if (!input.overrideConflicts) {
    const folded = FoldedCheck.of(access.organizationId, timeZone, input.spaces, spans, replacing);
    return { locked, overridden: false, count: 0, folded };
  }
  await locked;
  const conflicts = await findConflicts(q, access.organizationId, timeZone, input.spaces, spans, replacing);
  return {
    locked,
    overridden: resolveConflicts(conflicts, input.overrideConflicts, policy.overrideConflicts(access.actor)),
    count: conflicts.length,
    folded: FoldedCheck.none(access.organizationId),
  };
}

type SpacesCheck = Awaited<ReturnType<typeof checkSpaces>>;

/**
 * A booking's write and its answer, pipelined behind the lock statement of its check
 * (pipelinedWrite). The write must carry the conflict check folded into it, if any.
 */
export function writeBooking<V, A>(
  q: Runner,
  check: SpacesCheck,
  steps: Omit<PipelinedWrite<V, A>, 'locked'>,
): Promise<A> {
  return pipelinedWrite(q, {
    locked: check.locked,
    write: async (q) => {
      const sent = await steps.write(q);
      check.folded.ensureSent();
      return sent;
    },
    answer: steps.answer,
  });
}

/** `exdates`: local dates a new series leaves out from the start (an import's clashing dates). */
export async function createEvent(
  database: Database,
  access: Access,
  input: EventInput,
  exdates: string[] = [],
) {
  const { organizationId, actor } = access;
  await checkReferences(database, organizationId, actor, input, null);
  const { timeZone, publicEventTypes } = await creationSettings(database, access);
  const span = spanOf(input, timeZone);
  let rule: StoredRule | null = null;
  let until: number | null = null;
  let spans: { start: Date; end: Date }[] = [span];
  if (input.isRecurring) {
    if (span.start.getTime() < Date.now() - 731 * DAY_MS)
      throw badRequest(TOO_FAR_BACK, { startDateTime: TOO_FAR_BACK });
    rule = ruleFromInput(input, timeZone, exdates);
    ({ occurrences: spans, until } = plan(rule));
  }
  const created = await withMaterialized(database, organizationId, spans, (strict) =>
    calendarTransaction(
      database,
      organizationId,
      EVENTS_WRITTEN,
      async (q) => {
        const check = await checkSpaces(q, access, timeZone, input, spans, {}, strict);
        return writeBooking(q, check, {
          write: async (q) => {
            const isPublic = input.isPublic ?? publicEventTypes.includes(input.eventType);
            const template = templateFromInput(input, check.overridden, isPublic);
            let ids: number[] = [];
            if (rule) rule.template = template;
            // A series and its dates are one statement; a series with no date yet is its row alone.
            if (rule && spans.length > 0)
              ({ ids } = await insertSeriesWithOccurrences(
                q,
                organizationId,
                template,
                rule,
                until,
                spans,
                check.folded,
              ));
            else if (rule) await createSeries(q, organizationId, rule, until);
            else
              ids = await insertOccurrences(
                q,
                organizationId,
                null,
                template,
                null,
                spans,
                false,
                check.folded,
              );
            if (check.overridden) await recordOverride(q, access, ids[0], check.count);
            return { value: ids };
          },
          answer: async (last, ids) => ({
            event: await getEventView(last, organizationId, timeZone, actor.userId, ids[0]),
            count: ids.length,
          }),
        });
      },
      access,
    ),
  );
  return { event: created.event, occurrenceCount: created.count };
}

/** Whether a series (every part of it) has dates before this row's. */
export async function hasEarlierRows(
  q: Runner | Database,
  organizationId: number,
  parts: Part[],
  row: EventRow,
) {
  const rows = await q.query(
    'select 1 from calendar_events where organization_id = $1 and series_id = any($2::int[]) and start_date_time < $3 limit 1',
    [organizationId, parts.map((p) => p.id), row.start],
  );
  return rows.length > 0;
}

/**
 * One part of a series ended the day before `date`: what "this and following" leaves of it, or
 * null when nothing is left. A count-ended part keeps counting (its dates before `date`), so the
 * series' total stays whole.
 */
export function endedRule(part: Part, date: string): StoredRule | null {
  const { rule } = part;
  const exdates = rule.exdates.filter((d) => d < date);
  const ended: StoredRule =
    rule.endType === 'count'
      ? { ...rule, endCount: instancesBefore(rule, date), exdates }
      : { ...rule, endType: 'date', endDate: addDays(date, -1), endCount: null, exdates };
  const empty = ended.endType === 'count' ? !ended.endCount : date <= rule.start.slice(0, 10);
  return empty ? null : ended;
}

/** Ends one part of a series the day before `date` (endedRule), its rows with it. */
export async function endPartBefore(q: Runner, organizationId: number, part: Part, date: string) {
  const ended = endedRule(part, date);
  if (!ended) {
    await q.query('delete from calendar_event_series where organization_id = $1 and id = $2', [
      organizationId,
      part.id,
    ]);
    return;
  }
  await q.query(
    'update calendar_event_series set rule = $3::jsonb, materialized_until = null where organization_id = $1 and id = $2',
    [organizationId, part.id, JSON.stringify(ended)],
  );
  await q.query(
    `update calendar_events set is_recurring = $3, recurring_pattern = $4, recurring_interval = $5,
       recurring_end = $6, recurring_weekly_days = $7::text[], recurring_monthly_week = $8,
       recurring_monthly_weekday = $9, recurring_end_type = $10, recurring_end_count = $11, updated_at = now()
     where organization_id = $1 and series_id = $2`,
    [organizationId, part.id, ...recurrenceColumns(ended)],
  );
}

export async function deleteSeries(q: Runner, organizationId: number, ids: number[]) {
  if (ids.length === 0) return;
  await q.query('delete from calendar_event_series where organization_id = $1 and id = any($2::int[])', [
    organizationId,
    ids,
  ]);
}

export async function deleteEvent(database: Database, access: Access, eventId: number, strategy: Strategy) {
  const { organizationId, actor } = access;
  const timeZone = await zoneOf(database, access);
  const row = await getEventRow(database, organizationId, eventId);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  if (!policy.deleteEvent(actor, row.reservedBy)) throw forbidden(DELETE_REFUSED);
  return calendarTransaction(
    database,
    organizationId,
    DATES_REMOVED,
    async (q) => {
      const parts = row.seriesId ? await lineageParts(q, organizationId, row.seriesId, true) : [];
      const index = parts.findIndex((p) => p.id === row.seriesId);
      const part = index >= 0 ? parts[index] : null;
      let mode: Strategy = part ? strategy : 'this';
      if (mode === 'future' && !(await hasEarlierRows(q, organizationId, parts, row))) mode = 'series';
      const date = localDate(row.start, timeZone);
      if (mode === 'this' || !part) {
        const removed = await q.query(
          'delete from calendar_events where organization_id = $1 and id = $2 returning id',
          [organizationId, row.id],
        );
        if (part && !row.isException) {
          const next = { ...part.rule, exdates: [...new Set([...part.rule.exdates, date])].sort() };
          await q.query(
            'update calendar_event_series set rule = $3::jsonb where organization_id = $1 and id = $2',
            [organizationId, part.id, JSON.stringify(next)],
          );
        }
        return { deletedCount: removed.length };
      }
      // Every part of a split series: all of them, or from this date on.
      const removed = await q.query(
        `delete from calendar_events where organization_id = $1 and series_id = any($2::int[])
         and ($3::timestamptz is null or start_date_time >= $3) returning id`,
        [organizationId, parts.map((p) => p.id), mode === 'future' ? row.start : null],
      );
      if (mode === 'future') {
        await deleteSeries(
          q,
          organizationId,
          parts.slice(index + 1).map((p) => p.id),
        );
        await endPartBefore(q, organizationId, part, date);
        await writeLineageCount(q, organizationId, parts[0].id);
      } else {
        await deleteSeries(
          q,
          organizationId,
          parts.map((p) => p.id),
        );
      }
      return { deletedCount: removed.length };
    },
    access,
  );
}
