// A season from another calendar app (issue #18). Each VEVENT goes through the calendar's own
// services (create, edit a date, delete a date), so imported events obey every rule typed ones
// do; the file's UID is kept so importing a newer file updates instead of duplicating.
import type { CalendarImportResult } from '../../../common/schemas/imports';
import { EVENT_TYPES, SPACES } from '../../../common/calendar';
import { type EventInput, eventInputSchema } from '../../../common/schemas/calendar';
import { policy } from '../../../common/permissions';
import { wallTimeToInstant } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { findConflicts } from '../calendar/conflicts';
import { organizationTimeZone } from '../calendar/queries';
import { INITIAL_HORIZON_DAYS, plannedOccurrences, ruleFromInput } from '../calendar/series';
import { type Access, createEvent, deleteEvent } from '../calendar/service';
import { updateEvent } from '../calendar/update-event';
import { decodeUtf8 } from './csv';
import { readCalendarFile } from './calendar-file';
import type { ReadEvent } from './ics-read';

export const CHOOSE_SPACE = 'Choose a space from the list';
const NO_SPACE = (location: string | null) =>
  location
    ? `The location "${location}" is not one of this organization's spaces; choose a space for such events`
    : 'The event has no location; choose a space for such events';

export interface CalendarImportOptions {
  space?: string;
  eventType?: EventInput['eventType'];
  allowConflicts?: boolean;
}

/** Our spaces a LOCATION names ("Main Stage, Annex" is both, as our own feed writes it). */
const spacesNamed = (name: string | null | undefined) =>
  name ? SPACES.filter((s) => name.toLowerCase().includes(s.toLowerCase())) : [];
const typeOf = (event: ReadEvent) => EVENT_TYPES.find((t) => event.categories.includes(t));

interface Known {
  eventIds: number[];
  seriesId: number | null;
  digest: string | null;
  title: string;
}

async function knownUids(database: Database, organizationId: number) {
  const rows = await database.query<{
    uid: string;
    id: number;
    seriesId: number | null;
    digest: string | null;
    name: string;
  }>(
    `select s.ical_uid as uid, min(e.id) as id, s.id as "seriesId", s.ical_digest as digest, min(e.name) as name
       from calendar_event_series s join calendar_events e on e.series_id = s.id
      where s.organization_id = $1 and s.ical_uid is not null group by s.id
     union all
     select e.ical_uid, e.id, null, e.ical_digest, e.name from calendar_events e
      where e.organization_id = $1 and e.ical_uid is not null and e.series_id is null`,
    [organizationId],
  );
  const known = new Map<string, Known>();
  for (const r of rows) {
    const k = known.get(r.uid) ?? { eventIds: [], seriesId: r.seriesId, digest: r.digest, title: r.name };
    k.eventIds.push(r.id);
    known.set(r.uid, k);
  }
  return known;
}

function inputsOf(event: ReadEvent, actorId: number, spaces: string[], eventType: EventInput['eventType']) {
  const base = {
    name: event.summary.slice(0, 255),
    description: event.description?.slice(0, 5000) ?? null,
    spaces,
    eventType,
    reservedBy: actorId,
  };
  const spans = event.dates ?? [{ start: event.start, end: event.end }];
  return spans.map((span, i) => {
    const r = i === 0 ? event.repeat : null;
    return eventInputSchema.safeParse({
      ...base,
      startDateTime: span.start,
      endDateTime: span.end,
      isRecurring: !!r,
      ...(r && {
        recurringPattern: r.pattern,
        recurringInterval: r.interval,
        recurringWeeklyDays: r.weeklyDays,
        recurringMonthlyWeek: r.monthlyWeek,
        recurringMonthlyWeekday: r.monthlyWeekday,
        recurringEndType: r.endType,
        recurringEnd: r.endDate,
        recurringEndCount: r.endCount,
      }),
    });
  });
}

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
      .map(([uid, k]) => ({ uid, title: k.title })),
  };
  const mayOverride = !!options.allowConflicts && policy.overrideConflicts(actor);

  for (const event of events) {
    const skip = (reason: string) => result.skipped.push({ uid: event.uid, summary: event.summary, reason });
    const before = known.get(event.uid);
    const item = {
      uid: event.uid,
      summary: event.summary,
      start: event.start,
      eventId: null,
      seriesId: null,
    };
    if (before && before.digest === event.digest) {
      result.unchanged++;
      result.items.push({
        ...item,
        status: 'unchanged',
        eventId: before.eventIds[0],
        seriesId: before.seriesId,
      });
      continue;
    }
    const named = spacesNamed(event.location);
    const spaces = named.length ? named : fallback ? [fallback] : [];
    if (!spaces.length) {
      skip(NO_SPACE(event.location));
      continue;
    }
    const type = typeOf(event) ?? options.eventType ?? 'other';
    const parsed = inputsOf(event, actor.userId, spaces, type);
    const bad = parsed.find((p) => !p.success);
    if (bad && !bad.success) {
      skip(bad.error.issues[0].message);
      continue;
    }
    const inputs = parsed.map((p) => p.data as EventInput);
    const status = before ? 'update' : 'create';
    if (dryRun) {
      const clash = await clashes(database, organizationId, timeZone, inputs, before);
      if (clash) result.conflicts.push({ uid: event.uid, summary: event.summary, message: clash });
      result[before ? 'updated' : 'created']++;
      result.items.push({ ...item, status });
      continue;
    }
    try {
      const made = await writeEvent(database, access, timeZone, event, inputs, before, mayOverride);
      if (made.overridden)
        result.conflicts.push({
          uid: event.uid,
          summary: event.summary,
          message: 'Imported over a booked space',
        });
      result[before ? 'updated' : 'created']++;
      result.items.push({ ...item, status, eventId: made.eventId, seriesId: made.seriesId });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      if (err.statusCode === 409)
        result.conflicts.push({ uid: event.uid, summary: event.summary, message: err.message });
      skip(err.message);
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
      },
    });
  }
  return result;
}

async function clashes(
  database: Database,
  organizationId: number,
  timeZone: string,
  inputs: EventInput[],
  before: Known | undefined,
) {
  const spans = inputs.flatMap((input) =>
    input.isRecurring
      ? plannedOccurrences(ruleFromInput(input, timeZone)).occurrences
      : [
          {
            start: wallTimeToInstant(input.startDateTime, timeZone),
            end: wallTimeToInstant(input.endDateTime, timeZone),
          },
        ],
  );
  const replacing = before
    ? { eventIds: before.eventIds, seriesIds: before.seriesId ? [before.seriesId] : [] }
    : {};
  const found = await findConflicts(database, organizationId, timeZone, inputs[0].spaces, spans, replacing);
  return found.length ? `This space is already booked at that time (${found.length})` : null;
}

/** Replaces what an earlier import made, then creates the event, its removed and its moved dates. */
async function writeEvent(
  database: Database,
  access: Access,
  timeZone: string,
  event: ReadEvent,
  inputs: EventInput[],
  before: Known | undefined,
  mayOverride: boolean,
) {
  if (before) {
    const strategy = before.seriesId ? 'series' : 'this';
    for (const id of before.seriesId ? before.eventIds.slice(0, 1) : before.eventIds)
      await deleteEvent(database, access, id, strategy);
  }
  let overridden = false;
  const ids: number[] = [];
  let seriesId: number | null = null;
  for (const input of inputs) {
    let made: Awaited<ReturnType<typeof createEvent>>;
    try {
      made = await createEvent(database, access, input);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 409 || !mayOverride) throw err;
      made = await createEvent(database, access, { ...input, overrideConflicts: true });
      overridden = true;
    }
    if (!made.event) continue;
    ids.push(made.event.id);
    seriesId ??= made.event.seriesId;
  }
  const { organizationId } = access;
  if (seriesId) {
    await database.query(
      'update calendar_event_series set ical_uid = $3, ical_digest = $4 where organization_id = $1 and id = $2',
      [organizationId, seriesId, event.uid, event.digest],
    );
    const at = async (wall: string) => {
      const [row] = await database.query<{ id: number }>(
        'select id from calendar_events where organization_id = $1 and series_id = $2 and start_date_time = $3',
        [organizationId, seriesId, wallTimeToInstant(wall, timeZone)],
      );
      return row?.id;
    };
    for (const wall of event.exdates) {
      const id = await at(wall);
      if (id) await deleteEvent(database, access, id, 'this');
    }
    for (const o of event.overrides) {
      const id = await at(o.original);
      if (id)
        await updateEvent(
          database,
          access,
          id,
          {
            name: o.summary.slice(0, 255),
            description: o.description,
            startDateTime: o.start,
            endDateTime: o.end,
          },
          'this',
        );
    }
  } else {
    await database.query(
      'update calendar_events set ical_uid = $3, ical_digest = $4 where organization_id = $1 and id = any($2::int[])',
      [organizationId, ids, event.uid, event.digest],
    );
  }
  return { eventId: ids[0], seriesId, overridden };
}
