import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countOf, eventTypeLabel, eventTypePlural, everyInterval, pageSummary, plural } from './glossary';

describe('event type labels', () => {
  it('capitalises every type the same way, singular and plural', () => {
    expect(['show', 'class', 'rehearsal', 'other'].map(eventTypeLabel)).toEqual([
      'Show',
      'Class',
      'Rehearsal',
      'Other',
    ]);
    expect(['show', 'class', 'rehearsal', 'other'].map(eventTypePlural)).toEqual([
      'Shows',
      'Classes',
      'Rehearsals',
      'Other events',
    ]);
  });

  it('capitalises a type it does not know rather than showing it lowercase', () => {
    expect(eventTypeLabel('workshop')).toBe('Workshop');
    expect(eventTypeLabel('constructor')).toBe('Constructor');
  });
});

describe('plural and countOf', () => {
  it('uses the singular for exactly one and the plural otherwise, zero included', () => {
    expect(plural(1, 'week')).toBe('week');
    expect(plural(0, 'week')).toBe('weeks');
    expect(plural(2, 'class')).toBe('classes');
    expect(plural(3, 'entry')).toBe('entries');
    expect(plural(2, 'person')).toBe('people');
    expect(plural(2, 'ox', 'oxen')).toBe('oxen');
  });

  it('writes the count with its unit and thousands separators', () => {
    expect(countOf(1, 'time')).toBe('1 time');
    expect(countOf(6, 'time')).toBe('6 times');
    expect(countOf(1200, 'user')).toBe('1,200 users');
  });
});

describe('everyInterval', () => {
  it('names the unit of a repetition, never a bare number', () => {
    expect(everyInterval('weekly', 1)).toBe('Every week');
    expect(everyInterval('weekly', 2)).toBe('Every 2 weeks');
    expect(everyInterval('daily', 3)).toBe('Every 3 days');
    expect(everyInterval('monthlyByDate', 1)).toBe('Every month');
    expect(everyInterval('yearly', 5)).toBe('Every 5 years');
  });

  it('reads a half-typed interval as one', () => {
    expect(everyInterval('weekly', Number.NaN)).toBe('Every week');
    expect(everyInterval('weekly', 0)).toBe('Every week');
  });
});

describe('pageSummary', () => {
  it('says there are none instead of showing 0–0 of 0', () => {
    expect(pageSummary(1, 20, 0, 'user')).toBe('No users');
    expect(pageSummary(1, 20, 0, 'entry')).toBe('No entries');
  });

  it('shows the range of the page, with the noun in the right number', () => {
    expect(pageSummary(1, 20, 1, 'user')).toBe('Showing 1–1 of 1 user');
    expect(pageSummary(2, 20, 45, 'user')).toBe('Showing 21–40 of 45 users');
    expect(pageSummary(3, 20, 45, 'user')).toBe('Showing 41–45 of 45 users');
    expect(pageSummary(1, 50, 1500, 'user')).toBe('Showing 1–50 of 1,500 users');
  });
});

// The app's words are kept in one spelling: a string, a JSX text or a mail that says 'e-mail' or
// 'colour' reads as another voice. Comments are left to their writers.
describe('one spelling in the app', () => {
  const root = join(__dirname, '..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  const comment = /^\s*(\/\/|\*|\/\*)/;

  it.each([
    ['e-mail', /\be-mail/i],
    ['colour', /\bcolour/i],
  ])('nothing the app says spells %s', (_word, pattern) => {
    const found = sources(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file.slice(root.length + 1)}:${i + 1}` }))
        .filter(({ line }) => !comment.test(line) && pattern.test(line.replace(/\/\/.*$/, '')))
        .map(({ at }) => at),
    );
    expect(found).toEqual([]);
  });
});
