// Property test: random rules of every pattern, interval and end type, many starting near a
// daylight-saving change, expanded by the product (rrule) and by an independent RFC 5545
// implementation (ical.js's own RRULE iterator) must give the same local wall times; and each
// wall time must become the right instant in the organization's zone.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { prng } from '../../../../../tests/support/oracle';
import {
  RECURRING_END_TYPES,
  RECURRING_PATTERNS,
  type RecurrenceRule,
  completeRule,
  toRRule,
} from '../../../../common/recurrence';
import {
  addDays,
  formatFloating,
  instantToWallTime,
  offsetMinutes,
  parseWallTime,
  weekdayOf,
} from '../../../../common/zoned-time';
import { expandFloating, occurrencesOf, type StoredRule } from './occurrences';

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'America/Chicago',
  'Europe/Berlin',
  'Asia/Tokyo',
];
// Dates just before the 2026–2028 changes in the zones above, so series cross them.
const NEAR_CHANGES = [
  '2026-03-01',
  '2026-03-25',
  '2026-04-01',
  '2026-10-20',
  '2026-10-30',
  '2027-03-10',
  '2027-10-28',
];
const TIMES = ['00:30', '01:30', '02:00', '02:30', '03:00', '09:15', '19:00', '23:45'];

function randomRule(rand: () => number): RecurrenceRule {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const date =
    rand() < 0.6
      ? addDays(pick(NEAR_CHANGES), Math.floor(rand() * 10))
      : addDays('2026-01-01', Math.floor(rand() * 900));
  const start = `${date}T${pick(TIMES)}`;
  const pattern = pick(RECURRING_PATTERNS);
  const endType = pick(RECURRING_END_TYPES);
  // Mostly the form's defaults (the start's weekday, its week of the month), sometimes days and
  // weeks that do not match the start at all.
  const synced = rand() < 0.6;
  const weeklyDays = [
    ...(synced ? [weekdayOf(date)] : []),
    ...[0, 1, 2, 3, 4, 5, 6].filter(() => rand() < 0.3),
  ];
  const week = synced ? Math.ceil(Number(date.slice(8, 10)) / 7) : 1 + Math.floor(rand() * 5);
  return completeRule({
    start,
    pattern,
    interval: 1 + Math.floor(rand() * (rand() < 0.7 ? 2 : 5)),
    weeklyDays,
    monthlyWeek: week,
    monthlyWeekday: synced ? weekdayOf(date) : Math.floor(rand() * 7),
    endType,
    endDate: endType === 'date' ? addDays(date, Math.floor(rand() * 800)) : null,
    endCount: endType === 'count' ? 1 + Math.floor(rand() * 40) : null,
  });
}

/** ical.js's expansion of the same RRULE text from a floating DTSTART, up to `until` (floating). */
function icalWallTimes(rule: RecurrenceRule, until: number): string[] {
  const recur = ICAL.Recur.fromString(toRRule(rule));
  const [date, time] = rule.start.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const dtstart = ICAL.Time.fromData({ year, month, day, hour, minute, second: 0, isDate: false });
  const iterator = recur.iterator(dtstart);
  const out: string[] = [];
  for (let next = iterator.next(); next; next = iterator.next()) {
    const wall = next.toString().slice(0, 16);
    if (parseWallTime(wall) > until) break;
    out.push(wall);
    if (out.length > 5000) break;
  }
  return out;
}

/** True when no instant shows this wall time in the zone (a spring-forward gap). */
function inGap(wall: string, tz: string) {
  const floating = parseWallTime(wall);
  return [-1, 1].every((side) => {
    const offset = offsetMinutes(tz, floating + side * 86_400_000);
    return instantToWallTime(floating - offset * 60_000, tz) !== wall;
  });
}

describe('recurrence expansion agrees with an independent RFC 5545 implementation', () => {
  it('gives the same wall times for 300 random rules', { timeout: 90_000 }, () => {
    const rand = prng(20260308);
    const mismatches: string[] = [];
    let total = 0;
    for (let i = 0; i < 300; i++) {
      const rule = randomRule(rand);
      const until = parseWallTime(`${addDays(rule.start.slice(0, 10), 3 * 366)}T23:59`);
      const ours = expandFloating(rule, parseWallTime(rule.start), until).map(formatFloating);
      const theirs = icalWallTimes(rule, until);
      total += ours.length;
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        mismatches.push(
          `${rule.start} ${toRRule(rule)}: ours ${ours.slice(0, 4)}… (${ours.length}) theirs ${theirs.slice(0, 4)}… (${theirs.length})`,
        );
      }
    }
    expect(mismatches).toEqual([]);
    expect(total).toBeGreaterThan(5_000);
  });

  it('gives the same wall times for the same dates asked again at another time of day (kept days)', () => {
    const rand = prng(20261125);
    const mismatches: string[] = [];
    for (let i = 0; i < 100; i++) {
      const rule = randomRule(rand);
      // The first expansion keeps the rule's days; the others, at other times of day with the
      // window moved alike, reuse them.
      for (const time of [rule.start.slice(11, 16), '00:00', '07:45', '23:59']) {
        const moved = { ...rule, start: `${rule.start.slice(0, 10)}T${time}` };
        const until = parseWallTime(`${addDays(rule.start.slice(0, 10), 400)}T${time}`);
        const ours = expandFloating(moved, parseWallTime(moved.start), until).map(formatFloating);
        const theirs = icalWallTimes(moved, until);
        if (JSON.stringify(ours) !== JSON.stringify(theirs))
          mismatches.push(`${moved.start} ${toRRule(moved)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('turns each wall time into the instant that shows it in the zone, across daylight-saving changes', {
    timeout: 60_000,
  }, () => {
    const rand = prng(1105);
    const wrong: string[] = [];
    let crossings = 0;
    for (let i = 0; i < 200; i++) {
      const base = randomRule(rand);
      const tz = ZONES[i % ZONES.length];
      const rule: StoredRule = {
        ...base,
        version: 1,
        timeZone: tz,
        durationMinutes: 150,
        exdates: [],
        template: {} as StoredRule['template'],
      };
      const from = parseWallTime(rule.start);
      const until = parseWallTime(`${addDays(rule.start.slice(0, 10), 400)}T23:59`);
      const walls = expandFloating(rule, from, until).map(formatFloating);
      const occurrences = occurrencesOf(rule, from, until);
      if (occurrences.length !== walls.length) wrong.push(`${tz} ${toRRule(rule)} count`);
      const offsets = new Set<number>();
      occurrences.forEach((o, k) => {
        const wall = walls[k];
        offsets.add(offsetMinutes(tz, o.start.getTime()));
        const shown = instantToWallTime(o.start, tz);
        if (shown !== wall && !inGap(wall, tz)) wrong.push(`${tz} ${wall} shown as ${shown}`);
        if (o.date !== wall.slice(0, 10)) wrong.push(`${tz} ${wall} date ${o.date}`);
      });
      if (offsets.size > 1) crossings++;
    }
    expect(wrong).toEqual([]);
    // The generator really does exercise daylight-saving changes.
    expect(crossings).toBeGreaterThan(50);
  });

  it('keeps a weekly 19:00 rehearsal at 19:00 local across both changes', () => {
    const rule: StoredRule = {
      ...completeRule({
        start: '2026-02-24T19:00',
        pattern: 'weekly',
        interval: 1,
        weeklyDays: [],
        monthlyWeek: null,
        monthlyWeekday: null,
        endType: 'count',
        endDate: null,
        endCount: 40,
      }),
      version: 1,
      timeZone: 'America/New_York',
      durationMinutes: 180,
      exdates: ['2026-03-17'],
      template: {} as StoredRule['template'],
    };
    const occ = occurrencesOf(rule, parseWallTime(rule.start), parseWallTime('2027-12-31T00:00'));
    expect(occ).toHaveLength(39);
    expect(occ.every((o) => instantToWallTime(o.start, 'America/New_York').endsWith('T19:00'))).toBe(true);
    expect(occ.every((o) => instantToWallTime(o.end, 'America/New_York').endsWith('T22:00'))).toBe(true);
    expect(occ[0].start.toISOString()).toBe('2026-02-25T00:00:00.000Z');
    expect(occ[2].start.toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(occ.map((o) => o.date)).not.toContain('2026-03-17');
  });

  it('skips months without a fifth weekday and leap days in other years', () => {
    const monthly = completeRule({
      start: '2026-03-31T18:00',
      pattern: 'monthly',
      interval: 1,
      weeklyDays: [],
      monthlyWeek: 5,
      monthlyWeekday: 2,
      endType: 'count',
      endDate: null,
      endCount: 4,
    });
    const walls = expandFloating(
      monthly,
      parseWallTime(monthly.start),
      parseWallTime('2030-01-01T00:00'),
    ).map(formatFloating);
    expect(walls).toEqual(['2026-03-31T18:00', '2026-06-30T18:00', '2026-09-29T18:00', '2026-12-29T18:00']);
    const yearly = completeRule({ ...monthly, start: '2028-02-29T10:00', pattern: 'yearly', endCount: 2 });
    expect(
      expandFloating(yearly, parseWallTime(yearly.start), parseWallTime('2040-01-01T00:00')).map(
        formatFloating,
      ),
    ).toEqual(['2028-02-29T10:00', '2032-02-29T10:00']);
  });
});
