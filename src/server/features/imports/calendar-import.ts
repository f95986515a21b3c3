// A season from another calendar app. Each VEVENT goes through the calendar's own
// services (create, edit a date, delete a date), so imported events obey every rule typed ones
// do; the file's UID is kept so importing a newer file updates the dates it made where they are.
// The preview is the same plan (calendar-plan.ts), not written.
import type { CalendarImportResult } from '../../../common/schemas/imports';
import { SPACES } from '../../../common/calendar';
import type { EventInput } from '../../../common/schemas/calendar';
import { policy } from '../../../common/permissions';
import { addDays, instantToWallTime as instantWall, wallTimeToInstant } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../http/errors';
import { recordAudit } from '../audit';
import {
  type Access,
  createEvent,
  deleteEvent,
  INITIAL_HORIZON_DAYS,
  organizationTimeZone,
  updateEvent,
} from '../calendar';
import { decodeUtf8 } from './csv';
import { readCalendarFile } from './calendar-file';
import {
  anchorPatch,
  describeRemoved,
  type EventPlan,
  type Known,
  knownUids,
  type PlanContext,
  type PlannedDate,
  planEvent,
} from './calendar-plan';

export const CHOOSE_SPACE = 'Choose a space from the list';

export interface CalendarImportOptions {
  space?: string;
  eventType?: EventInput['eventType'];
  allowConflicts?: boolean;
}

type Written = Extract<EventPlan, { kind: 'write' }>;

export async function importCalendar(
  database: Database,
  access: Access,
  file: { data: Buffer; filename: string },
  options: CalendarImportOptions,
  dryRun: boolean,
): Promise<CalendarImportResult> {
  const { organizationId, actor } = access;
  const fallback = SPACES.find((s) => s.toLowerCase() === options.space?.toLowerCase());
  if (options.space && !fallback) throw badRequest(CHOOSE_SPACE);
  const timeZone = await organizationTimeZone(database, organizationId);
  const horizon = new Date(Date.now() + INITIAL_HORIZON_DAYS * 86_400_000);
  const { events, skipped } = await readCalendarFile(decodeUtf8(file.data), {
    timeZone,
    horizonEnd: horizon,
  });
  if (events.length === 0 && skipped.length === 0) throw badRequest('The file has no events');
  const known = await knownUids(database, organizationId);
  const ctx: PlanContext = {
    database,
    organizationId,
    timeZone,
    actorId: actor.userId,
    fallback,
    eventType: options.eventType,
    mayOverride: !!options.allowConflicts && policy.overrideConflicts(actor),
  };
  const result: CalendarImportResult = {
    dryRun,
    created: 0,
    updated: 0,
    unchanged: 0,
    items: [],
    skipped,
    conflicts: [],
    missing: [...known.entries()]
      .filter(([uid]) => !events.some((e) => e.uid === uid))
      .map(([uid, k]) => ({ uid, title: k.rows[0].name })),
    removed: [],
  };

  for (const event of events) {
    const plan = await planEvent(ctx, event, known.get(event.uid));
    const item = { uid: event.uid, summary: event.summary, start: event.start };
    const conflicts = (clashes: { start: string; message: string }[]) =>
      result.conflicts.push(
        ...clashes.map((c) => ({
          uid: event.uid,
          summary: event.summary,
          message: `${c.start.replace('T', ' ')}: ${c.message}`,
        })),
      );
    if (plan.kind === 'skip') {
      conflicts(plan.clashes);
      result.skipped.push({ uid: event.uid, summary: event.summary, reason: plan.reason });
      continue;
    }
    if (plan.kind === 'unchanged') {
      result.unchanged++;
      result.items.push({
        ...item,
        ...shownKnown(plan.before, timeZone),
        status: 'unchanged',
        clashes: [],
        changes: [],
      });
      continue;
    }
    const removed = await describeRemoved(database, organizationId, timeZone, plan);
    const shown = {
      ...item,
      status: plan.before ? ('update' as const) : ('create' as const),
      spaces: [...new Set(plan.dates.flatMap((d) => d.spaces))],
      dates: plan.dates.map((d) => d.start),
      clashes: plan.clashes,
      changes: plan.changes,
    };
    if (dryRun) {
      conflicts(plan.clashes);
      result[plan.before ? 'updated' : 'created']++;
      result.removed.push(...removed);
      result.items.push({
        ...shown,
        eventId: plan.before?.rows[0].id ?? null,
        seriesId: plan.before?.seriesId ?? null,
      });
      continue;
    }
    try {
      const made = await carryOut(database, access, ctx, plan);
      conflicts(plan.clashes);
      result[plan.before ? 'updated' : 'created']++;
      result.removed.push(...removed);
      result.items.push({ ...shown, ...made });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      if (err.statusCode === 409)
        result.conflicts.push({ uid: event.uid, summary: event.summary, message: err.message });
      result.skipped.push({ uid: event.uid, summary: event.summary, reason: err.message });
    }
  }
  if (!dryRun) {
    await recordAudit(database.db, {
      organizationId,
      actorId: actor.userId,
      action: 'calendar.imported',
      targetType: 'organization',
      targetId: organizationId,
      details: {
        file: file.filename.slice(0, 200),
        created: result.created,
        updated: result.updated,
        unchanged: result.unchanged,
        skipped: result.skipped.length,
        removed: result.removed.length,
      },
    });
  }
  return result;
}

const shownKnown = (before: Known, timeZone: string) => ({
  eventId: before.rows[0].id,
  seriesId: before.seriesId,
  spaces: [...new Set(before.rows.flatMap((r) => r.spaces))],
  dates: before.rows.map((r) => instantWall(r.start, timeZone)),
});

/** One date's own fields, as an edit of that date alone sends them. */
const datePatch = (d: PlannedDate, overrideConflicts: boolean) => ({
  name: d.name,
  description: d.description,
  spaces: d.spaces,
  startDateTime: d.start,
  endDateTime: d.end,
  overrideConflicts,
});

/** The series' fields from the file, as an edit of all its dates sends them. */
function seriesPatch(input: EventInput, start: string, end: string, overrideConflicts: boolean) {
  return {
    name: input.name,
    description: input.description,
    spaces: input.spaces,
    startDateTime: start,
    endDateTime: end,
    isRecurring: input.isRecurring,
    recurringPattern: input.recurringPattern,
    recurringInterval: input.recurringInterval,
    recurringWeeklyDays: input.recurringWeeklyDays,
    recurringMonthlyWeek: input.recurringMonthlyWeek,
    recurringMonthlyWeekday: input.recurringMonthlyWeekday,
    recurringEndType: input.recurringEndType,
    recurringEnd: input.recurringEnd,
    recurringEndCount: input.recurringEndCount,
    overrideConflicts,
  };
}

/** Carries out one event's plan through the calendar's own create, edit and delete. */
async function carryOut(database: Database, access: Access, ctx: PlanContext, plan: Written) {
  const { event, input, before, dates } = plan;
  const override = plan.overrideConflicts;
  const { organizationId } = access;
  for (const row of plan.removed) await deleteEvent(database, access, row.id, 'this');
  const gone = new Set(plan.removed.map((r) => r.id));
  let seriesId: number | null = null;
  const ids: number[] = [];

  if (event.repeat) {
    const anchor = before?.rows.find((r) => !r.isException && !gone.has(r.id));
    if (before && anchor) {
      const { start, end, shiftDays } = anchorPatch(ctx, input, before, anchor);
      if (before.seriesId) await leaveOut(database, organizationId, before.seriesId, plan.exdates, shiftDays);
      const edited = await updateEvent(
        database,
        access,
        anchor.id,
        seriesPatch(input, start, end, override),
        'series',
      );
      seriesId = edited.event?.seriesId ?? null;
    } else {
      const made = await createEvent(
        database,
        access,
        { ...input, overrideConflicts: override },
        plan.exdates,
      );
      seriesId = made.event?.seriesId ?? null;
    }
    if (!seriesId) throw new AppError(409, 'The series could not be written');
    for (const d of dates.filter((x) => x.moved)) {
      const id =
        d.rowId ??
        (await rowAt(
          database,
          organizationId,
          seriesId,
          `${d.key}T${input.startDateTime.slice(11, 16)}`,
          ctx.timeZone,
        ));
      if (id) await updateEvent(database, access, id, datePatch(d, override), 'this');
    }
    await database.query(
      'update calendar_event_series set ical_uid = $3, ical_digest = $4 where organization_id = $1 and id = $2',
      [organizationId, seriesId, event.uid, event.digest],
    );
    const [first] = await database.query<{ id: number }>(
      'select id from calendar_events where organization_id = $1 and series_id = $2 order by start_date_time limit 1',
      [organizationId, seriesId],
    );
    return { eventId: first?.id ?? null, seriesId };
  }

  for (const [i, d] of dates.entries()) {
    if (d.rowId && before?.seriesId && i === 0) {
      // A series becoming single dates: its kept date leaves the series, which goes.
      await updateEvent(
        database,
        access,
        d.rowId,
        { ...datePatch(d, override), isRecurring: false },
        'series',
      );
      ids.push(d.rowId);
    } else if (d.rowId) {
      await updateEvent(database, access, d.rowId, datePatch(d, override), 'this');
      ids.push(d.rowId);
    } else {
      const made = await createEvent(database, access, {
        ...input,
        ...datePatch(d, override),
        isRecurring: false,
      });
      if (made.event) ids.push(made.event.id);
    }
  }
  await database.query(
    'update calendar_events set ical_uid = $3, ical_digest = $4 where organization_id = $1 and id = any($2::int[])',
    [organizationId, ids, event.uid, event.digest],
  );
  return { eventId: ids[0] ?? null, seriesId: null };
}

/** Adds the dates the plan leaves out (in the series' terms before its move) to its rule. */
async function leaveOut(
  database: Database,
  organizationId: number,
  seriesId: number,
  exdates: string[],
  shiftDays: number,
) {
  await database.query(
    `update calendar_event_series set rule = jsonb_set(rule, '{exdates}',
       (select coalesce(jsonb_agg(d order by d), '[]'::jsonb) from (
          select jsonb_array_elements_text(rule->'exdates') as d union select unnest($3::text[])) x))
     where organization_id = $1 and id = $2`,
    [organizationId, seriesId, exdates.map((d) => addDays(d, -shiftDays))],
  );
}

async function rowAt(
  database: Database,
  organizationId: number,
  seriesId: number,
  wall: string,
  timeZone: string,
) {
  const [row] = await database.query<{ id: number }>(
    'select id from calendar_events where organization_id = $1 and series_id = $2 and start_date_time = $3 and not is_exception',
    [organizationId, seriesId, new Date(wallTimeToInstant(wall, timeZone))],
  );
  return row?.id ?? null;
}
