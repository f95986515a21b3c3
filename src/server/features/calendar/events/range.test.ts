// Event list ranges: `?from=&to=` in the organization's zone, with defaults.
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../../common/zoned-time';
import { RANGE_ORDER, RANGE_TOO_WIDE, resolveRange } from './validation';

const zone = 'America/New_York';
const days = (r: { from: Date; to: Date }) => Math.round((r.to.getTime() - r.from.getTime()) / 86_400_000);

describe('resolveRange', () => {
  it('reads dates as whole local days, `to` included', () => {
    const r = resolveRange({ from: '2031-03-01', to: '2031-03-31' }, zone);
    expect(r.from.toISOString()).toBe('2031-03-01T05:00:00.000Z');
    // Daylight-saving time began on 9 March: the day after the 31st starts at 04:00 UTC.
    expect(r.to.toISOString()).toBe('2031-04-01T04:00:00.000Z');
  });

  it('defaults to 31 days ago through 366 days ahead', () => {
    const today = todayIn(zone);
    const r = resolveRange({}, zone);
    expect(r.from).toEqual(resolveRange({ from: addDays(today, -31), to: today }, zone).from);
    expect(r.to).toEqual(resolveRange({ from: today, to: addDays(today, 366) }, zone).to);
  });

  it('completes a lone bound with its default, or 366 days from it when the default cannot fit', () => {
    const today = todayIn(zone);
    const near = resolveRange({ from: addDays(today, -3) }, zone);
    expect(near.to).toEqual(resolveRange({}, zone).to);
    expect(days(resolveRange({ from: '2020-01-01' }, zone))).toBe(366);
    expect(days(resolveRange({ to: '2040-01-01' }, zone))).toBe(366);
    expect(days(resolveRange({ to: '2000-06-30' }, zone))).toBe(366);
  });

  it('refuses a reversed or over-wide explicit range', () => {
    expect(() => resolveRange({ from: '2031-03-10', to: '2031-03-01' }, zone)).toThrow(RANGE_ORDER);
    expect(() => resolveRange({ from: '2031-01-01', to: '2033-01-01' }, zone)).toThrow(RANGE_TOO_WIDE);
  });
});
