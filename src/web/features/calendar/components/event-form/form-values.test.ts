import { describe, expect, it } from 'vitest';
import type { WholeSeries } from '@common/whole-series';
import type { CalendarEvent } from '@common/schemas/calendar';
import { ApiError } from '@web/lib/api';
import { conflictsOf, endFor } from './form-values';

const whole: WholeSeries = {
  start: '2026-12-01T19:00',
  pattern: 'weekly',
  interval: 1,
  weeklyDays: [2, 4],
  monthlyWeek: null,
  monthlyWeekday: null,
  endType: 'date',
  endDate: '2026-12-18',
  endCount: null,
  splits: [{ date: '2026-12-10', changes: ['times'] }],
};
// The first part of a split series: it ends on 9 December, the series on 18 December.
const event = { recurringEndType: 'date', recurringEnd: '2026-12-09', wholeSeries: whole } as CalendarEvent;

describe('the event form of a split series', () => {
  it("shows the whole series' end for 'all dates' and 'this and following'", () => {
    expect(endFor(event, 'series')).toEqual({ recurringEndType: 'date', recurringEnd: '2026-12-18' });
    expect(endFor(event, 'future')).toEqual({ recurringEndType: 'date', recurringEnd: '2026-12-18' });
  });

  it('leaves the end as the event says for one date, or before its own read answers; a count is counted apart', () => {
    expect(endFor(event, 'this')).toBeNull();
    expect(endFor(undefined, 'series')).toBeNull();
    // A count is the form's own (the whole series' total, or what is left of it).
    expect(
      endFor({ ...event, wholeSeries: { ...whole, endType: 'count', endDate: null, endCount: 6 } }, 'series'),
    ).toEqual({ recurringEndType: 'count', recurringEnd: '' });
  });
});

describe('conflictsOf', () => {
  const refused = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), body);

  it('reads the bookings a refused save clashed with', () => {
    const conflicts = [{ id: 4, name: 'Tech', spaces: ['Main Stage'] }];
    expect(conflictsOf(refused(409, { message: 'Conflicts', data: { conflicts } }))).toEqual(conflicts);
  });

  it('leaves any other refusal to be shown as a message, a 409 without bookings included', () => {
    const changed = refused(409, {
      message: 'Your access changed while this was being saved. Nothing was saved; please try again.',
    });
    expect(conflictsOf(changed)).toBeNull();
    expect(conflictsOf(refused(400, { message: 'Invalid' }))).toBeNull();
  });
});
