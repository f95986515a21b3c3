import { describe, expect, it } from 'vitest';
import { type RecurrenceRule, shiftWeekdays, summarizeRule } from './recurrence';

const rule = (over: Partial<RecurrenceRule>): RecurrenceRule => ({
  start: '2027-03-02T19:00',
  pattern: 'weekly',
  interval: 1,
  weeklyDays: [2, 4],
  monthlyWeek: null,
  monthlyWeekday: null,
  endType: 'never',
  endDate: null,
  endCount: null,
  ...over,
});

describe('summarizeRule', () => {
  it('names the pattern in full, with its end', () => {
    expect(summarizeRule(rule({ endType: 'date', endDate: '2027-06-12' }))).toBe(
      'Repeats weekly on Tuesday and Thursday, until June 12, 2027',
    );
    expect(summarizeRule(rule({ endType: 'count', endCount: 6 }))).toBe(
      'Repeats weekly on Tuesday and Thursday, 6 times',
    );
    expect(summarizeRule(rule({ pattern: 'yearly', interval: 2 }))).toBe(
      'Repeats yearly, every 2 years on March 2',
    );
    expect(summarizeRule(rule({ pattern: 'monthly', endType: 'count', endCount: 1 }))).toBe(
      'Repeats monthly on the first Tuesday, 1 time',
    );
  });
});

describe('shiftWeekdays', () => {
  it('moves each weekday by the days a date moved, across the week boundary', () => {
    expect(shiftWeekdays([2, 4], 1)).toEqual([3, 5]);
    expect(shiftWeekdays([5, 6], 2)).toEqual([0, 1]);
    expect(shiftWeekdays([0], -1)).toEqual([6]);
    expect(shiftWeekdays([1], 14)).toEqual([1]);
  });
});
