// Rules someone else wrote are expanded within bounds: a rule with no dates at all yields none
// (instead of `rrule` walking it to the year 9999), and no expansion returns without limit.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../../tests/support/app';
import { type RecurrenceRule, ruleHasDates } from '../../../../common/recurrence';
import { parseWallTime } from '../../../../common/zoned-time';
import { expandFloating, MAX_EXPANDED_DATES } from './occurrences';
import { calendarOrg, eventBody } from '../test-helpers';
import { NO_DATES } from '../events/validation';

const rule = (overrides: Partial<RecurrenceRule>): RecurrenceRule => ({
  start: '2027-02-02T19:00',
  pattern: 'daily',
  interval: 1,
  weeklyDays: [],
  monthlyWeek: null,
  monthlyWeekday: null,
  endType: 'never',
  endDate: null,
  endCount: null,
  ...overrides,
});
// February has a fifth Tuesday only in a leap year; every second year from 2027 is never one.
const FIFTH_TUESDAY_OF_FEBRUARY = { pattern: 'monthly', monthlyWeek: 5, monthlyWeekday: 2 } as const;
const wall = (w: string) => parseWallTime(w);

describe('ruleHasDates', () => {
  it('knows the rules the form can make have dates', () => {
    expect(ruleHasDates(rule({}))).toBe(true);
    expect(ruleHasDates(rule({ pattern: 'weekly', weeklyDays: [1, 3] }))).toBe(true);
    expect(ruleHasDates(rule({ pattern: 'monthlyByDate', start: '2027-01-31T19:00', interval: 2 }))).toBe(
      true,
    );
    expect(ruleHasDates(rule({ pattern: 'yearly', start: '2028-02-29T19:00', interval: 99 }))).toBe(true);
    expect(ruleHasDates(rule({ ...FIFTH_TUESDAY_OF_FEBRUARY, interval: 12 }))).toBe(true);
  });

  it('finds a stored rule that produces nothing', () => {
    expect(ruleHasDates(rule({ ...FIFTH_TUESDAY_OF_FEBRUARY, interval: 24 }))).toBe(false);
    expect(ruleHasDates(rule({ pattern: 'yearly', start: '2027-02-31T19:00' }))).toBe(false);
    expect(ruleHasDates(rule({ pattern: 'monthlyByDate', start: '2027-04-31T19:00', interval: 12 }))).toBe(
      false,
    );
    expect(ruleHasDates(rule({ interval: 0 }))).toBe(false);
  });
});

describe('expandFloating', () => {
  it('yields no occurrences for a rule without dates, without walking it', () => {
    const never = rule({ ...FIFTH_TUESDAY_OF_FEBRUARY, interval: 24 });
    const started = performance.now();
    for (let month = 1; month <= 12; month++) {
      const from = wall(`2027-${String(month).padStart(2, '0')}-01T00:00`);
      expect(expandFloating(never, from, from + 31 * 86_400_000)).toEqual([]);
    }
    expect(performance.now() - started).toBeLessThan(200);
    expect(
      expandFloating(rule({ pattern: 'yearly', start: '2027-02-31T19:00' }), 0, wall('2030-01-01T00:00')),
    ).toEqual([]);
  });

  it('returns at most MAX_EXPANDED_DATES dates', () => {
    const dates = expandFloating(rule({}), wall('2027-02-02T00:00'), wall('2199-12-31T00:00'));
    expect(dates).toHaveLength(MAX_EXPANDED_DATES);
    expect(dates[0]).toBe(wall('2027-02-02T19:00'));
  });
});

describe('creating or editing a series whose rule produces no dates', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await getTestApp();
  });

  const never = {
    startDateTime: '2027-02-02T19:00:00',
    endDateTime: '2027-02-02T22:00:00',
    isRecurring: true,
    recurringPattern: 'monthly',
    recurringInterval: 24,
    recurringMonthlyWeek: 5,
    recurringMonthlyWeekday: 2,
    recurringEndType: 'never',
  } as const;

  it('is refused with a 400 that says so', async () => {
    const c = await calendarOrg(ctx);
    const started = performance.now();
    const res = await c.actorAgent.post(`${c.base}/events`, { ...eventBody(c.actor.id), ...never });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: NO_DATES, errors: { recurringPattern: NO_DATES } });

    const made = await c.actorAgent.post(`${c.base}/events`, {
      ...eventBody(c.actor.id),
      ...never,
      recurringInterval: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().event.id;
    const edit = await c.actorAgent.patch(`${c.base}/events/${id}?strategy=series`, {
      recurringInterval: 24,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(NO_DATES);
  });
});
