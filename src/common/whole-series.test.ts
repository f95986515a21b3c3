import { describe, expect, it } from 'vitest';
import { describeWholeSeries, type WholeSeries } from './whole-series';

const series = (over: Partial<WholeSeries>): WholeSeries => ({
  start: '2026-12-01T19:00',
  pattern: 'weekly',
  interval: 1,
  weeklyDays: [2, 4],
  monthlyWeek: null,
  monthlyWeekday: null,
  endType: 'date',
  endDate: '2026-12-18',
  endCount: null,
  splits: [],
  ...over,
});

describe('describeWholeSeries', () => {
  it('says the whole series as the form summary does when it was never split', () => {
    expect(describeWholeSeries(series({}))).toBe(
      'Repeats weekly on Tuesday and Thursday, until December 18, 2026',
    );
  });

  it('runs to the end of the last part and names each split with what changed', () => {
    expect(describeWholeSeries(series({ splits: [{ date: '2026-12-11', changes: ['times'] }] }))).toBe(
      'Repeats weekly on Tuesday and Thursday, until December 18, 2026 · times changed from December 11',
    );
    expect(
      describeWholeSeries(
        series({
          endType: 'count',
          endDate: null,
          endCount: 12,
          splits: [
            { date: '2026-12-10', changes: ['days', 'times'] },
            { date: '2027-01-05', changes: [] },
          ],
        }),
      ),
    ).toBe(
      'Repeats weekly on Tuesday and Thursday, 12 times · days and times changed from December 10 · changed from January 5, 2027',
    );
  });
});
