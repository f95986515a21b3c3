// Reads another calendar app's .ics file into what the event form would have said: wall times in
// the organization's zone, a repetition Greenroom can express, or the dates of one it cannot.
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { type RecurringPattern, shiftWeekdays } from '../../../common/recurrence';
import { MAX_OCCURRENCE_COUNT } from '../../../common/calendar';
import {
  addDays,
  formatFloating,
  instantToWallTime,
  isValidTimeZone,
  type WallTime,
  wallTimeToInstant,
} from '../../../common/zoned-time';
import { badRequest } from '../../http/errors';
import { FILE_TOO_COSTLY } from './calendar-file';
import { ruleHasNoDates } from './impossible-rule';
import { FileStepsSpent, progressed, RuleWithoutDates, type StepLimits, withStepLimits } from './ical-steps';

export const NOT_ICALENDAR = 'The file is not an iCalendar (.ics) file';
export const NO_START = 'The event has no start (DTSTART)';
export const NO_DATES_IN_RULE = 'This rule produces no dates';
export const TOO_MANY_DATES = `This repetition has more than ${MAX_OCCURRENCE_COUNT.toLocaleString('en-US')} dates`;
const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export interface Repetition {
  pattern: RecurringPattern;
  interval: number;
  weeklyDays: number[];
  monthlyWeek: number | null;
  monthlyWeekday: number | null;
  endType: 'date' | 'count' | 'never';
  endDate: string | null;
  endCount: number | null;
}

export interface ReadEvent {
  uid: string;
  summary: string;
  description: string | null;
  location: string | null;
  /** CATEGORIES, lower-cased (Greenroom's own feed writes the event type there). */
  categories: string[];
  start: WallTime;
  end: WallTime;
  /** A repetition Greenroom keeps as a series. */
  repeat: Repetition | null;
  /** A repetition it cannot express: its dates within the horizon, each a single event. */
  dates: { start: WallTime; end: WallTime }[] | null;
  /** Local start times (org zone) of dates the file removed (EXDATE). */
  exdates: WallTime[];
  /** Dates the file moved or renamed (RECURRENCE-ID), keyed by the original local start. */
  overrides: {
    original: WallTime;
    start: WallTime;
    end: WallTime;
    summary: string;
    description: string | null;
    /** The moved date's own LOCATION (null: the series' spaces). */
    location: string | null;
  }[];
  /** What the file said, so an unchanged event is recognised on the next import. */
  digest: string;
}

export interface ReadResult {
  events: ReadEvent[];
  skipped: { uid: string; summary: string; reason: string }[];
}

type Time = InstanceType<typeof ICAL.Time>;

function parseComponent(text: string) {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw badRequest(NOT_ICALENDAR);
  try {
    return new ICAL.Component(ICAL.parse(text));
  } catch {
    throw badRequest(NOT_ICALENDAR);
  }
}

/**
 * The instant of a date-time property: UTC, an IANA TZID, a TZID defined by the file's own
 * VTIMEZONE (Outlook's "Eastern Standard Time"), or floating (read in the organization's zone).
 */
function toWall(
  time: Time,
  tzid: string | null,
  zones: Map<string, InstanceType<typeof ICAL.Timezone>>,
  orgZone: string,
) {
  const wall = formatFloating(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute));
  if (time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC')
    return instantToWallTime(Date.parse(`${wall}:00Z`), orgZone);
  if (tzid) {
    const own = zones.get(tzid);
    if (own) {
      const local = time.clone();
      local.zone = own;
      return instantToWallTime(local.toUnixTime() * 1000, orgZone);
    }
    const iana = tzid.replace(/^\/+/, '');
    if (isValidTimeZone(iana)) return instantToWallTime(wallTimeToInstant(wall, iana), orgZone);
  }
  return wall;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v == null ? '' : String(v).trim());

/** Runs on a worker thread (see calendar-file.ts); every rule walk inside counts against `limits`. */
export function readCalendar(
  fileText: string,
  orgZone: string,
  horizonEnd: Date,
  limits: StepLimits,
): ReadResult {
  try {
    return withStepLimits(limits, () => readEvents(fileText, orgZone, horizonEnd));
  } catch (err) {
    // A walk that ran out outside any one event (the file's own zones) is the file's cost too.
    const spent = err instanceof FileStepsSpent || err instanceof RuleWithoutDates;
    throw spent ? badRequest(FILE_TOO_COSTLY) : err;
  }
}

function readEvents(fileText: string, orgZone: string, horizonEnd: Date): ReadResult {
  const root = parseComponent(fileText);
  if (root.name !== 'vcalendar') throw badRequest(NOT_ICALENDAR);
  const zones = new Map<string, InstanceType<typeof ICAL.Timezone>>();
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtz);
    if (zone.tzid) zones.set(zone.tzid, zone);
  }
  const byUid = new Map<string, ICAL.Component[]>();
  const skipped: ReadResult['skipped'] = [];
  root.getAllSubcomponents('vevent').forEach((vevent, i) => {
    const uid = text(vevent.getFirstPropertyValue('uid')) || `no-uid-${i + 1}`;
    byUid.set(uid, [...(byUid.get(uid) ?? []), vevent]);
  });

  const events: ReadEvent[] = [];
  for (const [uid, parts] of byUid) {
    const master = parts.find((p) => !p.hasProperty('recurrence-id')) ?? parts[0];
    const summary = text(master.getFirstPropertyValue('summary')) || '(no title)';
    try {
      progressed();
      const read = readOne(
        uid,
        summary,
        master,
        parts.filter((p) => p !== master),
        zones,
        orgZone,
        horizonEnd,
      );
      events.push(read);
    } catch (err) {
      if (err instanceof FileStepsSpent) throw err;
      if (err instanceof Skip) skipped.push({ uid, summary, reason: err.message });
      else if (err instanceof RuleWithoutDates) skipped.push({ uid, summary, reason: NO_DATES_IN_RULE });
      else skipped.push({ uid, summary, reason: 'The event could not be read' });
    }
  }
  return { events, skipped };
}

class Skip extends Error {}

function spanOf(
  vevent: ICAL.Component,
  zones: Map<string, InstanceType<typeof ICAL.Timezone>>,
  orgZone: string,
) {
  const startProp = vevent.getFirstProperty('dtstart');
  if (!startProp) throw new Skip(NO_START);
  const start = startProp.getFirstValue() as Time;
  if (!(start instanceof ICAL.Time)) throw new Skip(NO_START);
  const endProp = vevent.getFirstProperty('dtend');
  let end = endProp ? (endProp.getFirstValue() as Time) : null;
  if (!end) {
    const duration = vevent.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null;
    end = start.clone();
    if (duration) end.addDuration(duration);
    else if (start.isDate) end.day += 1;
    else end.hour += 1;
  }
  if (start.isDate) {
    // All day: 00:00 on the first date to 23:59 on the last (DTEND is the day after).
    const first = start.toString().slice(0, 10);
    const after = end.isDate ? end.toString().slice(0, 10) : first;
    const last = after > first ? addDays(after, -1) : first;
    return { start: `${first}T00:00`, end: `${last}T23:59`, allDay: true, raw: start };
  }
  const tz = (p: ICAL.Property | null) => (p?.getParameter('tzid') as string | undefined) ?? null;
  return {
    start: toWall(start, tz(startProp), zones, orgZone),
    end: toWall(end, tz(endProp) ?? tz(startProp), zones, orgZone),
    allDay: false,
    raw: start,
  };
}

function readOne(
  uid: string,
  summary: string,
  master: ICAL.Component,
  others: ICAL.Component[],
  zones: Map<string, InstanceType<typeof ICAL.Timezone>>,
  orgZone: string,
  horizonEnd: Date,
): ReadEvent {
  const span = spanOf(master, zones, orgZone);
  const description = text(master.getFirstPropertyValue('description')) || null;
  const location = text(master.getFirstPropertyValue('location')) || null;
  const recur = master.getFirstPropertyValue('rrule') as InstanceType<typeof ICAL.Recur> | null;
  const tzid = (master.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null;
  const wallOf = (t: Time) =>
    t.isDate ? `${t.toString().slice(0, 10)}T${span.start.slice(11)}` : toWall(t, tzid, zones, orgZone);
  const exdates = master
    .getAllProperties('exdate')
    .flatMap((p) => p.getValues() as Time[])
    .map(wallOf);
  const overrides = others.map((o) => {
    const rid = o.getFirstPropertyValue('recurrence-id') as Time;
    const moved = spanOf(o, zones, orgZone);
    return {
      original: wallOf(rid),
      start: moved.start,
      end: moved.end,
      summary: text(o.getFirstPropertyValue('summary')) || summary,
      description: text(o.getFirstPropertyValue('description')) || null,
      location: text(o.getFirstPropertyValue('location')) || null,
    };
  });
  const digest = createHash('sha256')
    .update([master, ...others].map((c) => c.toString().replace(/^DTSTAMP.*$/gm, '')).join('\n'))
    .digest('hex');
  const categories = master
    .getAllProperties('categories')
    .flatMap((p) => p.getValues() as string[])
    .map((c) => String(c).trim().toLowerCase());
  const base = {
    uid,
    summary,
    description,
    location,
    categories,
    start: span.start,
    end: span.end,
    exdates,
    overrides,
    digest,
  };
  if (!recur) return { ...base, repeat: null, dates: null };
  if (ruleHasNoDates(recur)) throw new Skip(NO_DATES_IN_RULE);
  if (recur.count && recur.count > MAX_OCCURRENCE_COUNT) throw new Skip(TOO_MANY_DATES);
  const repeat = expressible(recur, span.start, span.raw, wallOf);
  if (repeat) return { ...base, repeat, dates: null };
  return { ...base, repeat: null, dates: expand(master, span, wallOf, horizonEnd) };
}

/** The dates of a rule the event form cannot say, up to the horizon. */
function expand(
  master: ICAL.Component,
  span: { start: WallTime; end: WallTime },
  wallOf: (t: Time) => WallTime,
  horizonEnd: Date,
) {
  const duration = Date.parse(`${span.end}Z`) - Date.parse(`${span.start}Z`);
  const iterator = new ICAL.RecurExpansion({
    component: master,
    dtstart: master.getFirstPropertyValue('dtstart') as Time,
  });
  const dates: { start: WallTime; end: WallTime }[] = [];
  const stop = formatFloating(horizonEnd.getTime());
  for (let next = iterator.next(); next; next = iterator.next()) {
    const start = wallOf(next);
    if (start > stop) break;
    if (dates.length >= MAX_OCCURRENCE_COUNT) throw new Skip(TOO_MANY_DATES);
    dates.push({ start, end: formatFloating(Date.parse(`${start}Z`) + duration) });
    progressed();
  }
  return dates;
}

/** The last date a rule with UNTIL reaches: the day before when UNTIL falls before the start time. */
function lastDate(until: WallTime, start: WallTime) {
  const date = until.slice(0, 10);
  return until < `${date}T${start.slice(11)}` ? addDays(date, -1) : date;
}

function expressible(
  recur: InstanceType<typeof ICAL.Recur>,
  start: WallTime,
  rawStart: Time,
  wallOf: (t: Time) => WallTime,
): Repetition | null {
  const parts = Object.fromEntries(Object.entries(recur.parts ?? {}).filter(([k]) => k !== 'WKST')) as Record<
    string,
    (string | number)[]
  >;
  const keys = Object.keys(parts).sort().join(',');
  if (recur.interval > 99) return null;
  // The file's own weekday of the start may differ from ours after the zone change.
  const shift = Math.round(
    (Date.parse(`${start.slice(0, 10)}T00:00Z`) - Date.UTC(rawStart.year, rawStart.month - 1, rawStart.day)) /
      86_400_000,
  );
  const end = recur.count
    ? { endType: 'count' as const, endCount: recur.count, endDate: null }
    : recur.until
      ? { endType: 'date' as const, endDate: lastDate(wallOf(recur.until), start), endCount: null }
      : { endType: 'never' as const, endDate: null, endCount: null };
  const common = {
    interval: recur.interval || 1,
    weeklyDays: [],
    monthlyWeek: null,
    monthlyWeekday: null,
    ...end,
  };
  const startDay = Number(start.slice(8, 10));
  const startMonth = Number(start.slice(5, 7));
  switch (recur.freq) {
    case 'DAILY':
      return keys === '' ? { ...common, pattern: 'daily' } : null;
    case 'WEEKLY': {
      if (keys === '') return { ...common, pattern: 'weekly' };
      if (keys !== 'BYDAY') return null;
      const days = parts.BYDAY.map((d) => DAY_CODES.indexOf(String(d)));
      if (days.some((d) => d < 0)) return null;
      return {
        ...common,
        pattern: 'weekly',
        weeklyDays: shiftWeekdays([...new Set(days)], shift).sort((a, b) => a - b),
      };
    }
    case 'MONTHLY': {
      if (
        keys === '' ||
        (keys === 'BYMONTHDAY' && parts.BYMONTHDAY.length === 1 && Number(parts.BYMONTHDAY[0]) === startDay)
      )
        return shift === 0 || keys === '' ? { ...common, pattern: 'monthlyByDate' } : null;
      let position: number | null = null;
      let code: string | null = null;
      if (keys === 'BYDAY' && parts.BYDAY.length === 1) {
        const m = /^([1-5])([A-Z]{2})$/.exec(String(parts.BYDAY[0]));
        if (m) [position, code] = [Number(m[1]), m[2]];
      } else if (keys === 'BYDAY,BYSETPOS' && parts.BYDAY.length === 1 && parts.BYSETPOS.length === 1) {
        const p = Number(parts.BYSETPOS[0]);
        if (p >= 1 && p <= 5) [position, code] = [p, String(parts.BYDAY[0])];
      }
      if (position === null || code === null || shift !== 0) return null;
      const weekday = DAY_CODES.indexOf(code);
      if (weekday < 0) return null;
      return { ...common, pattern: 'monthly', monthlyWeek: position, monthlyWeekday: weekday };
    }
    case 'YEARLY': {
      const plain =
        keys === '' ||
        (keys === 'BYMONTH' && Number(parts.BYMONTH[0]) === startMonth && parts.BYMONTH.length === 1) ||
        (keys === 'BYMONTH,BYMONTHDAY' &&
          Number(parts.BYMONTH[0]) === startMonth &&
          Number(parts.BYMONTHDAY[0]) === startDay);
      return plain && shift === 0 ? { ...common, pattern: 'yearly' } : null;
    }
    default:
      return null;
  }
}
