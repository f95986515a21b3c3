import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatFloating,
  instantToWallTime,
  isValidTimeZone,
  offsetMinutes,
  toZonedIso,
  wallTimeToInstant,
  weekdayOf,
} from './zoned-time';

const iso = (wall: string, tz: string) => wallTimeToInstant(wall, tz).toISOString();

describe('wallTimeToInstant', () => {
  it('reads a wall time in the zone, on either side of daylight saving', () => {
    expect(iso('2026-01-15T19:00', 'America/New_York')).toBe('2026-01-16T00:00:00.000Z');
    expect(iso('2026-07-15T19:00', 'America/New_York')).toBe('2026-07-15T23:00:00.000Z');
    expect(iso('2026-07-15T19:00', 'Europe/London')).toBe('2026-07-15T18:00:00.000Z');
    expect(iso('2026-01-15T19:00', 'Australia/Sydney')).toBe('2026-01-15T08:00:00.000Z');
    expect(iso('2026-01-15T19:00', 'Asia/Kolkata')).toBe('2026-01-15T13:30:00.000Z');
    expect(iso('2026-01-15T19:00', 'Asia/Kathmandu')).toBe('2026-01-15T13:15:00.000Z');
    expect(iso('2026-01-15T19:00', 'UTC')).toBe('2026-01-15T19:00:00.000Z');
  });

  it('moves a time in the spring-forward gap forward by the gap (RFC 5545 §3.3.5)', () => {
    // 02:30 does not exist on 8 March 2026 in New York: read with the offset before, it is 03:30 EDT.
    expect(iso('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(
      instantToWallTime(wallTimeToInstant('2026-03-08T02:30', 'America/New_York'), 'America/New_York'),
    ).toBe('2026-03-08T03:30');
    expect(iso('2026-03-29T01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    // Lord Howe Island changes by half an hour.
    expect(
      instantToWallTime(wallTimeToInstant('2026-10-04T02:15', 'Australia/Lord_Howe'), 'Australia/Lord_Howe'),
    ).toBe('2026-10-04T02:45');
  });

  it('takes the first of a time that happens twice (fall back)', () => {
    expect(iso('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(iso('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-04-05T02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z');
  });

  it('round-trips every hour of a year in several zones', () => {
    for (const tz of [
      'America/New_York',
      'Europe/Berlin',
      'Australia/Sydney',
      'America/Sao_Paulo',
      'Asia/Tokyo',
    ]) {
      const wrong: string[] = [];
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
        const wall = instantToWallTime(t, tz);
        const back = wallTimeToInstant(wall, tz).getTime();
        // Either the same instant, or (in the repeated hour) the earlier of the two.
        if (back !== t && back !== t - 3_600_000) wrong.push(`${tz} ${new Date(t).toISOString()}`);
      }
      expect(wrong).toEqual([]);
    }
  });

  it('refuses impossible wall times', () => {
    expect(() => wallTimeToInstant('2026-02-30T10:00', 'UTC')).toThrow();
    expect(() => wallTimeToInstant('2026-01-01T24:00', 'UTC')).toThrow();
    expect(() => wallTimeToInstant('tomorrow', 'UTC')).toThrow();
  });
});

describe('offsets and formatting', () => {
  // The formatters build text from kept day texts and a table; Date#toISOString is the reference.
  it('formats exactly as toISOString with the offset applied, for any instant and zone', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Asia/Kolkata',
      'America/St_Johns',
      'Pacific/Chatham',
      'Europe/London',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }),
        fc.constantFrom(...zones),
        (t, zone) => {
          const offset = offsetMinutes(zone, t);
          const abs = Math.abs(offset);
          const reference = `${new Date(t + offset * 60_000).toISOString().slice(0, 19)}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          expect(toZonedIso(t, zone)).toBe(reference);
          expect(formatFloating(t)).toBe(new Date(t).toISOString().slice(0, 16));
        },
      ),
      { seed: 17, numRuns: 2000 },
    );
  });

  it('gives the offset and an ISO string with it', () => {
    expect(offsetMinutes('America/New_York', Date.UTC(2026, 0, 1))).toBe(-300);
    expect(offsetMinutes('America/New_York', Date.UTC(2026, 6, 1))).toBe(-240);
    expect(toZonedIso(new Date('2026-03-10T23:00:00Z'), 'America/New_York')).toBe(
      '2026-03-10T19:00:00-04:00',
    );
    expect(toZonedIso(new Date('2026-01-15T13:30:00Z'), 'Asia/Kolkata')).toBe('2026-01-15T19:00:00+05:30');
    expect(toZonedIso(new Date('2026-01-15T19:00:00Z'), 'UTC')).toBe('2026-01-15T19:00:00+00:00');
  });

  it('switches offset at the exact minute of the change', () => {
    const change = Date.UTC(2026, 2, 8, 7, 0);
    expect(offsetMinutes('America/New_York', change - 60_000)).toBe(-300);
    expect(offsetMinutes('America/New_York', change)).toBe(-240);
  });

  it('does calendar arithmetic without zones', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(weekdayOf('2026-03-08')).toBe(0);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
