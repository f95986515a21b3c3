// Local wall time ↔ instant in a named IANA time zone, with Intl only (isomorphic, no tz data of our
// own). Recurrences are expanded in floating wall time and each wall time is turned into an
// instant here, so a 19:00 rehearsal stays at 19:00 across daylight-saving changes.

/** 'YYYY-MM-DDTHH:MM' (seconds optional) — a wall-clock time without a zone. */
export type WallTime = string;

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's UTC offset in minutes at an instant, straight from Intl (slow path). */
function rawOffsetMinutes(timeZone: string, instant: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

// Offsets change at most once a day anywhere, so each UTC day is described by its offset at the
// start and, when it differs at the end, the instant of the change (found by bisection). Expanding
// ten years of a daily series then costs one Intl call per day, once per process.
interface DayInfo {
  start: number;
  end: number;
  change: number;
}
const dayCache = new Map<string, Map<number, DayInfo>>();

function dayInfo(timeZone: string, day: number): DayInfo {
  let zone = dayCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    dayCache.set(timeZone, zone);
  }
  let info = zone.get(day);
  if (!info) {
    const t0 = day * DAY_MS;
    const start = zone.get(day - 1)?.end ?? rawOffsetMinutes(timeZone, t0);
    const end = rawOffsetMinutes(timeZone, t0 + DAY_MS);
    let change = Number.POSITIVE_INFINITY;
    if (start !== end) {
      let lo = t0;
      let hi = t0 + DAY_MS;
      // Transitions happen on whole minutes: bisect to the minute.
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (rawOffsetMinutes(timeZone, mid) === start) lo = mid;
        else hi = mid;
      }
      change = hi;
    }
    info = { start, end, change };
    zone.set(day, info);
  }
  return info;
}

/** UTC offset in minutes (east positive) of `timeZone` at `instant` (ms since epoch). */
export function offsetMinutes(timeZone: string, instant: number): number {
  const info = dayInfo(timeZone, Math.floor(instant / DAY_MS));
  return instant >= info.change ? info.end : info.start;
}

export function parseWallTime(wall: WallTime): number {
  const m = WALL.exec(wall);
  if (!m) throw new Error(`not a wall time: ${wall}`);
  const [, y, mo, d, h, mi, s] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  const check = new Date(ms);
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1 || Number(h) > 23) {
    throw new Error(`not a wall time: ${wall}`);
  }
  return ms;
}

export function isWallTime(value: string): boolean {
  try {
    parseWallTime(value);
    return true;
  } catch {
    return false;
  }
}

// Formatting is on every answer's hot path (a conflicts answer writes 72 instants, a series plan
// dates every occurrence), and Date#toISOString with slicing cost about a microsecond a call: the
// day's text is made once per day number and kept, the time of day is read from a table.
const dayTexts = new Map<number, string>();
const MAX_DAY_TEXTS = 100_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** 'YYYY-MM-DD' of a day number (days since 1970-01-01, UTC fields). */
function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    if (dayTexts.size >= MAX_DAY_TEXTS) dayTexts.clear();
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayTexts.set(day, text);
  }
  return text;
}

/** 'YYYY-MM-DDTHH:MM' (and ':SS' with `seconds`) of floating ms, as toISOString would write it. */
function floatingText(floating: number, seconds: boolean): string {
  const day = Math.floor(floating / DAY_MS);
  const inDay = Math.floor((floating - day * DAY_MS) / 1000);
  const hhmm = `${dayText(day)}T${TWO_DIGITS[Math.floor(inDay / 3600)]}:${TWO_DIGITS[Math.floor(inDay / 60) % 60]}`;
  return seconds ? `${hhmm}:${TWO_DIGITS[inDay % 60]}` : hhmm;
}

/** The calendar date ('YYYY-MM-DD') of a floating wall time. */
export function floatingDate(floating: number): string {
  return dayText(Math.floor(floating / DAY_MS));
}

/** Floating wall time (its UTC fields are the wall clock) → 'YYYY-MM-DDTHH:MM'. */
export function formatFloating(floating: number): WallTime {
  return floatingText(floating, false);
}

/**
 * The instant a wall time denotes in a zone. RFC 5545 §3.3.5: a time in a gap (spring forward) is
 * read with the offset before the gap, so 02:30 becomes 03:30 daylight time; a time that occurs
 * twice (fall back) is its first occurrence.
 */
export function floatingToInstant(floating: number, timeZone: string): number {
  const before = offsetMinutes(timeZone, floating - DAY_MS);
  const after = offsetMinutes(timeZone, floating + DAY_MS);
  const a = floating - before * 60_000;
  const b = floating - after * 60_000;
  const aValid = offsetMinutes(timeZone, a) === before;
  const bValid = offsetMinutes(timeZone, b) === after;
  if (aValid && bValid) return Math.min(a, b);
  if (aValid) return a;
  if (bValid) return b;
  return a;
}

export function wallTimeToInstant(wall: WallTime, timeZone: string): Date {
  return new Date(floatingToInstant(parseWallTime(wall), timeZone));
}

/**
 * The instants of a wall-time span. A start inside a spring-forward gap is read with the offset
 * before the gap (RFC 5545 §3.3.5) and the end moves with it, so the span keeps its length: a
 * 02:30–03:00 rehearsal on that night is 03:30–04:00, never an end before its start.
 */
export function wallSpanToInstants(start: WallTime, end: WallTime, timeZone: string) {
  return floatingSpanToInstants(parseWallTime(start), parseWallTime(end), timeZone);
}

/** wallSpanToInstants for wall times already in floating milliseconds (no text to parse). */
export function floatingSpanToInstants(from: number, to: number, timeZone: string) {
  const startInstant = floatingToInstant(from, timeZone);
  const inGap = instantToFloating(startInstant, timeZone) !== from;
  const endInstant = inGap ? startInstant + (to - from) : floatingToInstant(to, timeZone);
  return { start: new Date(startInstant), end: new Date(endInstant) };
}

/** Floating milliseconds whose UTC fields are the wall clock of `instant` in `timeZone`. */
export function instantToFloating(instant: number, timeZone: string): number {
  return instant + offsetMinutes(timeZone, instant) * 60_000;
}

export function instantToWallTime(instant: Date | number, timeZone: string): WallTime {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  return formatFloating(instantToFloating(t, timeZone));
}

/** ISO 8601 with the zone's offset, e.g. '2026-03-10T19:00:00-04:00'. */
export function toZonedIso(instant: Date | number, timeZone: string): string {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  const offset = offsetMinutes(timeZone, t);
  const abs = Math.abs(offset);
  const sign = offset < 0 ? '-' : '+';
  return `${floatingText(t + offset * 60_000, true)}${sign}${TWO_DIGITS[Math.floor(abs / 60)]}:${TWO_DIGITS[abs % 60]}`;
}

/** 'YYYY-MM-DD' plus whole days, on the calendar (no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Today's calendar date in a zone. */
export function todayIn(timeZone: string, now = Date.now()): string {
  return instantToWallTime(now, timeZone).slice(0, 10);
}

/** '+05:30', '-04:00' (or without the colon, for iCalendar's TZOFFSETFROM/TO). */
export function formatOffset(minutes: number, separator = ':'): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${separator}${String(abs % 60).padStart(2, '0')}`;
}

/** Every offset change of the zone in [from, to], to the minute. */
export function zoneTransitions(timeZone: string, from: number, to: number) {
  const found: { at: number; from: number; to: number }[] = [];
  for (let t = Math.floor(from / DAY_MS) * DAY_MS; t < to; t += DAY_MS) {
    const info = dayInfo(timeZone, t / DAY_MS);
    if (info.start !== info.end) found.push({ at: info.change, from: info.start, to: info.end });
  }
  return found;
}
