// An availability period's instants: once, or every week on its start's weekday through
// weekly_until. Each repetition is the same wall times 7·k days later, turned into instants in
// the period's zone by the shared zoned-time helpers, so 19:00 stays 19:00 across daylight-saving
// changes. (That is RFC 5545's FREQ=WEEKLY with DTSTART's own weekday; only the weeks that can
// touch the asked range are computed, which keeps a conflict check over a season cheap.)
// people-conflicts.oracle.test.ts checks it against an expansion written independently.
import { floatingSpanToInstants, parseWallTime } from '../../../common/zoned-time';

export interface Span {
  start: Date;
  end: Date;
}

export interface StoredPeriod {
  startWall: string;
  endWall: string;
  weeklyUntil: string | null;
  timeZone: string;
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** How many repetitions a period has (1 for a one-off period). */
function repetitions(p: StoredPeriod): number {
  if (p.weeklyUntil === null) return 1;
  const days =
    (parseWallTime(`${p.weeklyUntil}T00:00`) - parseWallTime(`${p.startWall.slice(0, 10)}T00:00`)) / DAY_MS;
  return Math.floor(days / 7) + 1;
}

/** The week-th repetition: both wall times 7·week days later (floating ms: UTC fields are the wall clock). */
function repetition(start: number, end: number, timeZone: string, week: number): Span {
  const shift = week * WEEK_MS;
  return floatingSpanToInstants(start + shift, end + shift, timeZone);
}

/** The period's repetitions that overlap [from, to). */
export function periodSpans(p: StoredPeriod, from: Date, to: Date): Span[] {
  const count = repetitions(p);
  // Wall time and instants differ by less than a day: a day's margin each side finds every week.
  const start = parseWallTime(p.startWall);
  const end = parseWallTime(p.endWall);
  const [fromMs, toMs] = [from.getTime(), to.getTime()];
  const first = Math.max(0, Math.floor((fromMs - (end - start) - DAY_MS - start) / WEEK_MS));
  const last = Math.min(count - 1, Math.ceil((toMs + DAY_MS - start) / WEEK_MS));
  const out: Span[] = [];
  for (let week = first; week <= last; week++) {
    const span = repetition(start, end, p.timeZone, week);
    if (span.start.getTime() < toMs && span.end.getTime() > fromMs) out.push(span);
  }
  return out;
}

/** The first repetition, and the end of the last one (what overlap queries filter on). */
export function periodBounds(p: StoredPeriod): { first: Span; lastEnd: Date } {
  const [start, end] = [parseWallTime(p.startWall), parseWallTime(p.endWall)];
  return {
    first: repetition(start, end, p.timeZone, 0),
    lastEnd: repetition(start, end, p.timeZone, repetitions(p) - 1).end,
  };
}
