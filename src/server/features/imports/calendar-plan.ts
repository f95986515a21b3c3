// What importing one calendar file will do, worked out without writing: the preview shows this plan
// and the import carries it out, so both say the same. Each event's dates are matched with what an
// earlier import made (the file's UID, a moved date's RECURRENCE-ID), so a newer file changes those
// dates where they are and only the dates it no longer has go, with their calls and follows.
import { addWallMinutes, daysBetween, wallMinutesBetween } from '../../../common/recurrence';
import { EVENT_TYPES, SPACES } from '../../../common/calendar';
import { type EventInput, eventInputSchema } from '../../../common/schemas/calendar';
import type { CalendarImportResult } from '../../../common/schemas/imports';
import { addDays, instantToWallTime, type WallTime, wallTimeToInstant } from '../../../common/zoned-time';
import { nameColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import {
  type ConflictView,
  findConflicts,
  pairRows,
  plannedOccurrences,
  type Replacing,
  ruleFromInput,
  type StoredRule,
} from '../calendar';
import { byName, type PersonColumns, personOf } from '../scheduling';
import type { ReadEvent } from './ics-read';

type Item = CalendarImportResult['items'][number];
type Removed = CalendarImportResult['removed'][number];

const NO_SPACE = (location: string | null) =>
  location
    ? `The location "${location}" is not one of this organization's spaces; choose a space for such events`
    : 'The event has no location; choose a space for such events';
export const EVERY_DATE_CLASHES = 'Every date of this event clashes with a booking of its space';

/** Our spaces a LOCATION names ("Main Stage, Annex" is both, as our own feed writes it). */
const spacesNamed = (name: string | null | undefined) =>
  name ? SPACES.filter((s) => name.toLowerCase().includes(s.toLowerCase())) : [];
const typeOf = (event: ReadEvent) => EVENT_TYPES.find((t) => event.categories.includes(t));

export interface KnownRow {
  id: number;
  start: Date;
  end: Date;
  isException: boolean;
  name: string;
  description: string | null;
  spaces: string[];
}

/** What an earlier import of one UID made: a series (its rule) or single events. */
export interface Known {
  seriesId: number | null;
  digest: string | null;
  rule: StoredRule | null;
  materializedUntil: Date | null;
  /** Earliest first. */
  rows: KnownRow[];
}

export async function knownUids(database: Database, organizationId: number) {
  const rows = await database.query<
    KnownRow & {
      uid: string;
      seriesId: number | null;
      digest: string | null;
      rule: StoredRule | null;
      materializedUntil: Date | null;
    }
  >(
    `select coalesce(s.ical_uid, e.ical_uid) as uid, s.id as "seriesId",
       coalesce(s.ical_digest, e.ical_digest) as digest, s.rule, s.materialized_until as "materializedUntil",
       e.id, e.start_date_time as start, e.end_date_time as "end", e.is_exception as "isException",
       e.name, e.description, e.spaces
     from calendar_events e
     left join calendar_event_series s on s.organization_id = e.organization_id and s.id = e.series_id
     where e.organization_id = $1 and (s.ical_uid is not null or (e.series_id is null and e.ical_uid is not null))
     order by e.start_date_time, e.id`,
    [organizationId],
  );
  const known = new Map<string, Known>();
  for (const { uid, seriesId, digest, rule, materializedUntil, ...row } of rows) {
    const k = known.get(uid) ?? { seriesId, digest, rule, materializedUntil, rows: [] };
    k.rows.push({ ...row, start: new Date(row.start), end: new Date(row.end) });
    known.set(uid, k);
  }
  return known;
}

/** One date the import leaves the event with. */
export interface PlannedDate {
  start: WallTime;
  end: WallTime;
  spaces: EventInput['spaces'];
  name: string;
  description: string | null;
  /** The occurrence's local date in the series' rule (the key a date keeps across imports). */
  key: string;
  /** A moved date (RECURRENCE-ID): its own time, title or space. */
  moved: boolean;
  /** The row it updates, when an earlier import made it. */
  rowId: number | null;
}

export type EventPlan =
  | { kind: 'skip'; event: ReadEvent; reason: string; clashes: Item['clashes'] }
  | { kind: 'unchanged'; event: ReadEvent; before: Known }
  | {
      kind: 'write';
      event: ReadEvent;
      before: Known | undefined;
      /** The series' (or first date's) input; a series' dates beyond it are `dates`. */
      input: EventInput;
      spaces: EventInput['spaces'];
      dates: PlannedDate[];
      /** Local dates of the series left out: the file's EXDATEs and clashing dates. */
      exdates: string[];
      clashes: Item['clashes'];
      /** Rows that go: on a left-out date, or no longer among the dates. */
      removed: KnownRow[];
      changes: Item['changes'];
      overrideConflicts: boolean;
    };

export interface PlanContext {
  database: Database;
  organizationId: number;
  timeZone: string;
  actorId: number;
  fallback: EventInput['spaces'][number] | undefined;
  eventType: EventInput['eventType'] | undefined;
  mayOverride: boolean;
}

const wall = (instant: Date, timeZone: string) => instantToWallTime(instant, timeZone);
const hhmm = (iso: string) => iso.slice(11, 16);

function clashMessage(spaces: string[], c: ConflictView) {
  const shared = c.spaces.length ? c.spaces : spaces;
  const end =
    c.endDateTime.slice(0, 10) === c.startDateTime.slice(0, 10)
      ? hhmm(c.endDateTime)
      : `${c.endDateTime.slice(0, 10)} ${hhmm(c.endDateTime)}`;
  return `${shared.join(', ')} is booked for ${c.name}, ${c.startDateTime.slice(0, 10)} ${hhmm(c.startDateTime)}–${end}`;
}

/** Each date's clashes with other bookings of its spaces (the rows being replaced are not one). */
async function clashesOf(ctx: PlanContext, dates: PlannedDate[], replacing: Replacing) {
  const found = new Map<PlannedDate, string[]>();
  const bySpaces = new Map<string, PlannedDate[]>();
  for (const d of dates) {
    const key = [...d.spaces].sort().join('\n');
    bySpaces.set(key, [...(bySpaces.get(key) ?? []), d]);
  }
  for (const group of bySpaces.values()) {
    const spans = group.map((d) => ({
      start: new Date(wallTimeToInstant(d.start, ctx.timeZone)),
      end: new Date(wallTimeToInstant(d.end, ctx.timeZone)),
    }));
    const conflicts = await findConflicts(
      ctx.database,
      ctx.organizationId,
      ctx.timeZone,
      group[0].spaces,
      spans,
      replacing,
    );
    if (!conflicts.length) continue;
    group.forEach((d, i) => {
      const hits = conflicts.filter(
        (c) =>
          Date.parse(c.startDateTime) < spans[i].end.getTime() &&
          Date.parse(c.endDateTime) > spans[i].start.getTime(),
      );
      if (hits.length)
        found.set(
          d,
          hits.map((c) => clashMessage(d.spaces, c)),
        );
    });
  }
  return found;
}

function inputOf(
  event: ReadEvent,
  ctx: PlanContext,
  spaces: string[],
  span: { start: WallTime; end: WallTime },
  repeat: boolean,
) {
  const r = repeat ? event.repeat : null;
  return eventInputSchema.safeParse({
    name: event.summary.slice(0, 255),
    description: event.description?.slice(0, 5000) ?? null,
    spaces,
    eventType: typeOf(event) ?? ctx.eventType ?? 'other',
    reservedBy: ctx.actorId,
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
}

/** The dates a series' rule gives, with the file's moved dates in place of theirs. */
function seriesDates(
  event: ReadEvent,
  ctx: PlanContext,
  input: EventInput,
  exdates: string[],
  before: Known | undefined,
  shiftDays: number,
) {
  const rule = ruleFromInput(input, ctx.timeZone, exdates);
  const atLeast = before?.materializedUntil ? new Date(before.materializedUntil).getTime() : 0;
  const { occurrences } = plannedOccurrences(rule, atLeast);
  const moved = new Map(event.overrides.map((o) => [o.original.slice(0, 10), o]));
  const rows = before?.rows ?? [];
  // A date an earlier import moved on its own keeps its row: found by where it was moved to.
  const exceptions = rows.filter((r) => r.isException);
  const dates: PlannedDate[] = occurrences.map((o) => {
    const m = moved.get(o.date);
    const named = m ? spacesNamed(m.location) : [];
    return m
      ? {
          start: m.start,
          end: m.end,
          spaces: named.length ? named : input.spaces,
          name: m.summary.slice(0, 255),
          description: m.description,
          key: o.date,
          moved: true,
          rowId: null,
        }
      : {
          start: wall(o.start, ctx.timeZone),
          end: wall(o.end, ctx.timeZone),
          spaces: input.spaces,
          name: input.name,
          description: input.description ?? null,
          key: o.date,
          moved: false,
          rowId: null,
        };
  });
  for (const [key, m] of moved) {
    if (dates.some((d) => d.key === key)) continue;
    // Its original date is already left out of the rule: an earlier import moved it.
    const row = exceptions.find((r) =>
      [key, m.start.slice(0, 10)].includes(addDays(wall(r.start, ctx.timeZone).slice(0, 10), shiftDays)),
    );
    if (!row) continue;
    const named = spacesNamed(m.location);
    dates.push({
      start: m.start,
      end: m.end,
      spaces: named.length ? named : input.spaces,
      name: m.summary.slice(0, 255),
      description: m.description,
      key,
      moved: true,
      rowId: row.id,
    });
  }
  return { rule, dates: dates.sort((a, b) => a.start.localeCompare(b.start)) };
}

export async function planEvent(
  ctx: PlanContext,
  event: ReadEvent,
  before: Known | undefined,
): Promise<EventPlan> {
  if (before && before.digest === event.digest) return { kind: 'unchanged', event, before };
  const skip = (reason: string, clashes: Item['clashes'] = []): EventPlan => ({
    kind: 'skip',
    event,
    reason,
    clashes,
  });
  const named = spacesNamed(event.location);
  const spaces = named.length ? named : ctx.fallback ? [ctx.fallback] : [];
  if (!spaces.length) return skip(NO_SPACE(event.location));
  const parsed = inputOf(event, ctx, spaces, event, !!event.repeat);
  if (!parsed.success) return skip(parsed.error.issues[0].message);
  const input = parsed.data;
  const replacing: Replacing = before
    ? { eventIds: before.rows.map((r) => r.id), seriesIds: before.seriesId ? [before.seriesId] : [] }
    : {};

  let dates: PlannedDate[];
  let exdates: string[] = [];
  let shiftDays = 0;
  if (event.repeat) {
    const fileEx = event.exdates.map((d) => d.slice(0, 10));
    // Dates a person deleted (or an earlier import moved) stay out after the series is updated.
    shiftDays = before?.rule
      ? daysBetween(before.rule.start.slice(0, 10), input.startDateTime.slice(0, 10))
      : 0;
    const kept = (before?.rule?.exdates ?? []).map((d) => addDays(d, shiftDays));
    exdates = [...new Set([...fileEx, ...kept])].sort();
    ({ dates } = seriesDates(event, ctx, input, exdates, before, shiftDays));
  } else {
    const spans = event.dates ?? [{ start: event.start, end: event.end }];
    dates = spans.map((s) => ({
      ...s,
      spaces,
      name: input.name,
      description: input.description ?? null,
      key: s.start.slice(0, 10),
      moved: false,
      rowId: null,
    }));
    for (const d of dates) {
      const ok = inputOf(event, ctx, spaces, d, false);
      if (!ok.success) return skip(ok.error.issues[0].message);
    }
  }

  const found = await clashesOf(ctx, dates, replacing);
  const clashes = dates.flatMap((d) => (found.get(d) ?? []).map((message) => ({ start: d.start, message })));
  if (!ctx.mayOverride && found.size) {
    if (found.size === dates.length)
      return skip(dates.length === 1 ? clashes[0].message : EVERY_DATE_CLASHES, clashes);
    dates = dates.filter((d) => !found.has(d));
    if (event.repeat) exdates = [...new Set([...exdates, ...[...found.keys()].map((d) => d.key)])].sort();
  }

  const removed = before ? matchRows(ctx, event, input, before, dates, exdates, shiftDays) : [];
  return {
    kind: 'write',
    event,
    before,
    input,
    spaces,
    dates,
    exdates,
    clashes,
    removed,
    changes: before ? changesOf(ctx, input, before, dates, removed) : [],
    overrideConflicts: ctx.mayOverride && found.size > 0,
  };
}

/**
 * Pairs the rows an earlier import made with the planned dates (`rowId`) and returns those that go.
 * A series updated as a series pairs its rows the way the calendar's own edit does (pairRows); a
 * file that changes between a series and single dates pairs them by local date.
 */
function matchRows(
  ctx: PlanContext,
  event: ReadEvent,
  input: EventInput,
  before: Known,
  dates: PlannedDate[],
  exdates: string[],
  shiftDays: number,
): KnownRow[] {
  const rowDate = (r: KnownRow) => addDays(wall(r.start, ctx.timeZone).slice(0, 10), shiftDays);
  if (event.repeat && before.rows.length === 1 && !before.seriesId) {
    const [row] = before.rows;
    const first = dates.find((d) => !d.moved);
    if (first) first.rowId = row.id;
    return first ? [] : [row];
  }
  if (event.repeat && before.seriesId) {
    const left = new Set(exdates);
    const regular = before.rows.filter((r) => !r.isException);
    const gone = regular.filter((r) => left.has(rowDate(r)));
    const rest = regular.filter((r) => !left.has(rowDate(r)));
    const rule = ruleFromInput(input, ctx.timeZone, exdates);
    const atLeast = before.materializedUntil ? new Date(before.materializedUntil).getTime() : 0;
    const { occurrences } = plannedOccurrences(rule, atLeast);
    const paired = pairRows(rest, rule, occurrences, shiftDays);
    const byKey = new Map(paired.pairs.map((p) => [p.occurrence.date, p.id]));
    for (const d of dates) d.rowId ??= byKey.get(d.key) ?? null;
    const goneIds = new Set([...gone.map((r) => r.id), ...paired.gone]);
    return before.rows.filter((r) => goneIds.has(r.id));
  }
  if (event.repeat) {
    // Single dates becoming a series: the first stays and becomes the series, the rest go.
    const [first, ...rest] = before.rows;
    const d = dates.find((x) => !x.moved);
    if (d) d.rowId = first.id;
    return d ? rest : before.rows;
  }
  if (before.seriesId) {
    // A series becoming single dates: its first own date stays (the rest of the series goes).
    const first = before.rows.find((r) => !r.isException) ?? before.rows[0];
    dates[0].rowId = first.id;
    return before.rows.filter((r) => r !== first);
  }
  const free = [...before.rows];
  for (const d of dates) {
    const i = free.findIndex((r) => rowDate(r) === d.key);
    if (i >= 0) d.rowId = free.splice(i, 1)[0].id;
  }
  return free;
}

function changesOf(
  ctx: PlanContext,
  input: EventInput,
  before: Known,
  dates: PlannedDate[],
  removed: KnownRow[],
): Item['changes'] {
  const row = before.rows.find((r) => !r.isException) ?? before.rows[0];
  const changes: Item['changes'] = [];
  if (row.name !== input.name) changes.push('name');
  if ((row.description ?? '') !== (input.description ?? '')) changes.push('description');
  if ([...row.spaces].sort().join() !== [...input.spaces].sort().join()) changes.push('spaces');
  const start = wall(row.start, ctx.timeZone);
  const minutes = wallMinutesBetween(start, wall(row.end, ctx.timeZone));
  if (
    start.slice(11) !== input.startDateTime.slice(11) ||
    minutes !== wallMinutesBetween(input.startDateTime, input.endDateTime)
  )
    changes.push('time');
  const stored = new Set(before.rows.map((r) => wall(r.start, ctx.timeZone).slice(0, 10)));
  const planned = new Set(dates.map((d) => d.start.slice(0, 10)));
  if (removed.length || dates.some((d) => d.rowId === null) || stored.size !== planned.size)
    changes.push('dates');
  else if ([...planned].some((d) => !stored.has(d)) && !changes.includes('time')) changes.push('dates');
  return changes;
}

/** The removed rows as the preview names them: their calls with answers, and who follows them. */
export async function describeRemoved(
  database: Database,
  organizationId: number,
  timeZone: string,
  plan: { event: ReadEvent; removed: KnownRow[] },
): Promise<Removed[]> {
  if (!plan.removed.length) return [];
  const ids = plan.removed.map((r) => r.id);
  const calls = await database.query<PersonColumns & { eventId: number; status: string }>(
    `select c.event_id as "eventId", c.user_id as "userId", c.status, ${nameColumns('u')}
       from event_calls c join users u on u.id = c.user_id
      where c.organization_id = $1 and c.event_id = any($2::int[])`,
    [organizationId, ids],
  );
  const follows = await database.query<PersonColumns & { eventId: number }>(
    `select f.event_id as "eventId", f.user_id as "userId", ${nameColumns('u')}
       from calendar_event_followers f join users u on u.id = f.user_id
      where f.organization_id = $1 and f.event_id = any($2::int[]) and f.is_following`,
    [organizationId, ids],
  );
  return plan.removed.map((r) => ({
    uid: plan.event.uid,
    summary: plan.event.summary,
    eventId: r.id,
    start: wall(r.start, timeZone),
    calls: calls
      .filter((c) => c.eventId === r.id)
      .map((c) => ({ ...personOf(c), status: c.status }))
      .sort(byName)
      .map(({ name, status }) => ({ name, status })),
    followers: follows
      .filter((f) => f.eventId === r.id)
      .map(personOf)
      .sort(byName)
      .map((p) => p.name),
  }));
}

/** The anchor of a series update: its earliest own date, moved to the file's start time and day. */
export function anchorPatch(ctx: PlanContext, input: EventInput, before: Known, row: KnownRow) {
  const shiftDays = before.rule
    ? daysBetween(before.rule.start.slice(0, 10), input.startDateTime.slice(0, 10))
    : 0;
  const date = addDays(wall(row.start, ctx.timeZone).slice(0, 10), before.rule ? shiftDays : 0);
  const start = before.rule ? `${date}T${input.startDateTime.slice(11, 16)}` : input.startDateTime;
  const end = addWallMinutes(start, wallMinutesBetween(input.startDateTime, input.endDateTime));
  return { start, end, shiftDays };
}
