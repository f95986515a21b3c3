import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatClock } from '../../../../common/clock';
import {
  COLOR_CHOICES,
  DEFAULT_SPACE_COLORS,
  DEFAULT_TYPE_COLORS,
  readSpaceColors,
  readTypeColors,
  SPACE_COLORS_KEY,
  spaceBarBackground,
  spaceBarColor,
  TYPE_COLORS_KEY,
} from './colors';
import {
  dayPart,
  dayWithEvents,
  isAllDay,
  openingMinutes,
  eventDates,
  formatEventTime,
  formatWeekTitle,
  monthGrid,
  visibleMinutes,
  weekOf,
} from './dates';
import { layoutDay } from './layout';

describe('calendar dates', () => {
  it('builds a 42-day month grid starting on the Sunday on or before the 1st', () => {
    const grid = monthGrid('2031-03-15');
    expect(grid).toHaveLength(42);
    expect(grid[0]).toBe('2031-02-23');
    expect(grid[6]).toBe('2031-03-01');
    expect(grid[41]).toBe('2031-04-05');
    expect(monthGrid('2026-11-01')[0]).toBe('2026-11-01');
    expect(weekOf('2031-03-05')).toEqual([
      '2031-03-02',
      '2031-03-03',
      '2031-03-04',
      '2031-03-05',
      '2031-03-06',
      '2031-03-07',
      '2031-03-08',
    ]);
  });

  it('reads the wall clock from the offset string, whatever the browser zone', () => {
    expect(formatEventTime('2031-03-04T19:00:00-05:00')).toBe('7:00 PM');
    expect(formatEventTime('2031-03-04T00:30:00+05:30')).toBe('12:30 AM');
    expect(formatClock(12 * 60)).toBe('12:00 PM');
    expect(eventDates('2031-03-04T22:00:00-05:00', '2031-03-05T01:00:00-05:00')).toEqual([
      '2031-03-04',
      '2031-03-05',
    ]);
    expect(eventDates('2031-03-04T22:00:00-05:00', '2031-03-05T00:00:00-05:00')).toEqual(['2031-03-04']);
  });

  it("names a month grid's day as the app's long dates read, with its events counted", () => {
    expect(dayWithEvents('2026-11-01', 0)).toBe('Sunday, November 1, 2026, no events');
    expect(dayWithEvents('2026-11-01', 1)).toBe('Sunday, November 1, 2026, 1 event');
    expect(dayWithEvents('2026-12-17', 3)).toBe('Thursday, December 17, 2026, 3 events');
  });
});

describe('day layout', () => {
  it('puts overlapping events side by side and lets others use the full width', () => {
    const placed = layoutDay([
      { item: 'a', start: 600, end: 720 },
      { item: 'b', start: 630, end: 690 },
      { item: 'c', start: 700, end: 760 },
      { item: 'd', start: 800, end: 860 },
    ]);
    const by = Object.fromEntries(placed.map((p) => [p.item, [p.lane, p.lanes]]));
    expect(by).toEqual({ a: [0, 2], b: [1, 2], c: [1, 2], d: [0, 1] });
  });
});

describe('dashboard lists', () => {
  const ev = (
    name: string,
    eventType: string,
    start: string,
    extra: Partial<{ isRecurring: boolean; isFollowing: boolean; description: string }> = {},
  ) => ({
    name,
    description: extra.description ?? null,
    eventType,
    isRecurring: extra.isRecurring ?? false,
    isFollowing: extra.isFollowing ?? false,
    startDateTime: start,
  });

  it('keeps upcoming events only, three of each, rehearsals only when followed, classes de-duplicated', async () => {
    const { dashboardLists } = await import('./dashboard');
    const now = Date.parse('2031-03-04T12:00:00-05:00');
    const events = [
      ev('Past show', 'show', '2031-03-04T10:00:00-05:00'),
      ...[5, 6, 7, 8].map((d) => ev(`Show ${d}`, 'show', `2031-03-0${d}T19:00:00-05:00`)),
      ev('Acting', 'class', '2031-03-05T10:00:00-05:00', { isRecurring: true }),
      ev('Acting', 'class', '2031-03-06T10:00:00-05:00', { isRecurring: true }),
      ev('Acting', 'class', '2031-03-07T10:00:00-05:00'),
      ev('Voice', 'class', '2031-03-07T11:00:00-05:00'),
      ev('Rehearsal A', 'rehearsal', '2031-03-05T19:00:00-05:00', { isFollowing: true }),
      ev('Rehearsal B', 'rehearsal', '2031-03-06T19:00:00-05:00'),
    ];
    const lists = dashboardLists(events, now);
    expect(lists.shows.map((e) => e.name)).toEqual(['Show 5', 'Show 6', 'Show 7']);
    expect(lists.classes.map((e) => `${e.name} ${e.startDateTime.slice(8, 10)}`)).toEqual([
      'Acting 05',
      'Voice 07',
    ]);
    expect(lists.rehearsals.map((e) => e.name)).toEqual(['Rehearsal A']);
  });
});

describe('week and day view hours', () => {
  const ev = (start: string, end: string) => ({ startDateTime: start, endDateTime: end });
  it('are 06:00–23:00, widened to whole hours for events before or after', () => {
    const week = weekOf('2031-03-05');
    expect(visibleMinutes([ev('2031-03-04T19:00:00-05:00', '2031-03-04T22:00:00-05:00')], week)).toEqual({
      start: 360,
      end: 1380,
    });
    expect(
      visibleMinutes(
        [
          ev('2031-03-04T05:30:00-05:00', '2031-03-04T07:00:00-05:00'),
          ev('2031-03-06T22:30:00-05:00', '2031-03-06T23:40:00-05:00'),
        ],
        week,
      ),
    ).toEqual({ start: 300, end: 1440 });
    // Out of the days shown: no effect.
    expect(visibleMinutes([ev('2031-03-10T01:00:00-04:00', '2031-03-10T02:00:00-04:00')], week)).toEqual({
      start: 360,
      end: 1380,
    });
  });

  it('show an overnight event on both days, to and from midnight', () => {
    const overnight = ev('2031-03-04T22:00:00-05:00', '2031-03-05T02:00:00-05:00');
    expect(dayPart(overnight, '2031-03-04')).toEqual({ start: 1320, end: 1440 });
    expect(dayPart(overnight, '2031-03-05')).toEqual({ start: 0, end: 120 });
    expect(dayPart(overnight, '2031-03-06')).toBeNull();
    expect(visibleMinutes([overnight], ['2031-03-05'])).toEqual({ start: 0, end: 1380 });
  });

  it('title a week with its year, both years across New Year', () => {
    expect(formatWeekTitle(weekOf('2027-01-13'))).toBe('Sun, Jan 10 – Sat, Jan 16, 2027');
    expect(formatWeekTitle(weekOf('2031-12-31'))).toBe('Sun, Dec 28, 2031 – Sat, Jan 3, 2032');
  });
});

describe('stored colours', () => {
  const store = new Map<string, string>();
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = {
      localStorage: { getItem: (k: string) => store.get(k) ?? null },
    };
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('fall back to the defaults, entry by entry, when the browser holds something else', () => {
    for (const raw of ['not json', 'null', '[1,2]', '42', '{"show":5}', '{"show":{"name":"x"}}']) {
      store.set(TYPE_COLORS_KEY, raw);
      expect(readTypeColors(), raw).toEqual(DEFAULT_TYPE_COLORS);
    }
    const red = COLOR_CHOICES[4];
    store.set(TYPE_COLORS_KEY, JSON.stringify({ show: red, class: { ...red, border: 'url(evil)' } }));
    expect(readTypeColors()).toEqual({ ...DEFAULT_TYPE_COLORS, show: red });
    store.set(
      SPACE_COLORS_KEY,
      JSON.stringify({ Annex: '#123456', Office: 'javascript:1', Extra: '#000000' }),
    );
    expect(readSpaceColors()).toEqual({ ...DEFAULT_SPACE_COLORS, Annex: '#123456' });
  });
});

describe('all-day events and where the hours open', () => {
  const ev = (start: string, end: string) => ({ startDateTime: start, endDateTime: end });
  const week = weekOf('2031-03-05');
  const allDay = ev('2031-03-04T00:00:00-05:00', '2031-03-04T23:59:00-05:00');
  const evening = ev('2031-03-06T19:00:00-05:00', '2031-03-06T22:00:00-05:00');

  it('counts a whole day (to 23:59 or midnight) as all day, and a part-day event not', () => {
    expect(isAllDay(allDay)).toBe(true);
    expect(isAllDay(ev('2031-03-04T00:00:00-05:00', '2031-03-06T00:00:00-05:00'))).toBe(true);
    expect(isAllDay(ev('2031-03-04T00:00:00-05:00', '2031-03-04T12:00:00-05:00'))).toBe(false);
    expect(isAllDay(evening)).toBe(false);
  });

  it('leave all-day events out of the hours grid', () => {
    expect(visibleMinutes([allDay], week)).toEqual({ start: 360, end: 1380 });
  });

  it('open at the earliest timed start of the days shown, or 5 PM when there is none', () => {
    expect(openingMinutes([allDay, evening], week)).toBe(19 * 60);
    expect(
      openingMinutes([evening, ev('2031-03-07T10:00:00-05:00', '2031-03-07T12:00:00-05:00')], week),
    ).toBe(600);
    expect(openingMinutes([allDay], week)).toBe(17 * 60);
    expect(openingMinutes([], week)).toBe(17 * 60);
  });
});

describe("a chip's space colour bar", () => {
  it('takes the strong colour of a pale choice, and stripes several spaces equally', () => {
    expect(spaceBarColor('#DBEAFE')).toBe('#3b82f6');
    expect(spaceBarColor('#123456')).toBe('#123456');
    expect(spaceBarBackground(['#3b82f6'])).toBe('#3b82f6');
    expect(spaceBarBackground(['#3b82f6', '#22c55e'])).toBe(
      'linear-gradient(to bottom, #3b82f6 0% 50%, #22c55e 50% 100%)',
    );
  });
});
