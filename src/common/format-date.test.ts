import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatClock } from './clock';
import { formatDay, formatInstant } from './format-date';

describe('formatDay', () => {
  it('writes a calendar date month first, short and long, the same in any zone', () => {
    expect(formatDay('2026-12-17')).toBe('Dec 17, 2026');
    expect(formatDay('2026-12-17', 'long')).toBe('December 17, 2026');
    expect(formatDay('2026-12-17', 'weekday')).toBe('Thursday, December 17, 2026');
    expect(formatDay('2026-12-17', 'shortWeekday')).toBe('Thu, Dec 17');
    expect(formatDay('2026-12-17', 'monthDay')).toBe('December 17');
    expect(formatDay('2026-12-17', 'month')).toBe('December 2026');
  });

  it('takes the date part of a wall time and says nothing for what is no date', () => {
    expect(formatDay('2026-12-17T23:30')).toBe('Dec 17, 2026');
    expect(formatDay('')).toBe('');
    expect(formatDay('soon')).toBe('');
  });
});

describe('formatInstant', () => {
  // 03:30 UTC on the 18th is still the evening of the 17th in New York.
  const late = new Date('2026-12-18T03:30:00Z');

  it("reads an instant on the organization's clock", () => {
    expect(formatInstant(late, 'date', 'America/New_York')).toBe('Dec 17, 2026');
    expect(formatInstant(late, 'dateTime', 'America/New_York')).toBe('Dec 17, 2026, 10:30 PM');
    expect(formatInstant(late, 'dayTime', 'America/New_York')).toBe('Dec 17, 10:30 PM');
    expect(formatInstant(late, 'weekdayTime', 'America/New_York')).toBe('Thu, Dec 17, 10:30 PM');
    expect(formatInstant(late, 'time', 'America/New_York')).toBe('10:30 PM');
    expect(formatInstant(late.toISOString(), 'date', 'Europe/Berlin')).toBe('Dec 18, 2026');
  });

  it('says a time as the clock of wall times does', () => {
    for (const minutes of [0, 45, 12 * 60, 19 * 60 + 5, 23 * 60 + 59]) {
      const instant = Date.UTC(2026, 11, 17) + minutes * 60_000;
      expect(formatInstant(instant, 'time', 'UTC')).toBe(formatClock(minutes));
    }
  });

  it('says nothing for what is no date', () => {
    expect(formatInstant('not a date', 'date', 'UTC')).toBe('');
  });
});

// Dates people read go through this module; a formatter of a view's own ('1 November 2026' from an
// en-GB one) reads as another voice. The other formatters in the code read zones, not dates.
describe('one date formatter in the app', () => {
  const root = join(__dirname, '..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  const ZONE_READERS = [
    'common/format-date.ts',
    'common/zoned-time.ts',
    'common/timezones.ts',
    'server/features/calendar/feeds/ics.ts',
    'web/features/admin/pages/settings-page.tsx',
  ];

  it('no other module builds a date formatter or formats a date by the browser locale', () => {
    const found = sources(root)
      .map((file) => ({ file: file.slice(root.length + 1), text: readFileSync(file, 'utf8') }))
      .filter(({ file, text }) => {
        if (/toLocale(Date|Time)String|'en-GB'/.test(text)) return true;
        return /DateTimeFormat\(/.test(text) && !ZONE_READERS.includes(file.replaceAll('\\', '/'));
      })
      .map(({ file }) => file);
    expect(found).toEqual([]);
  });
});
