// How an edit is planned, with no database: which statements it makes, what it books and what it
// replaces, from a stored event or series and a patch. The write itself is proven through the API
// (series-edits.test.ts, events.test.ts); these pin the plan each kind of edit makes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Strategy } from '../../../../common/calendar';
import { type EventRequest, eventInputSchema } from '../../../../common/schemas/calendar';
import { instantToWallTime } from '../../../../common/zoned-time';
import { AppError } from '../../../http/errors';
import { type EditedEvent, planEdit, readEdit, writesBesideEvents } from './edit-plan';
import type { Part } from './lineage';
import type { EventRow } from '../events/queries';
import { plannedOccurrences, ruleFromInput, templateFromInput } from './series';
import { NO_DATES } from '../events/validation';

const TZ = 'America/New_York';
const ME = 1;

beforeAll(() => {
  // The dates to come are booked, those past are not: the plan reads the clock for that only.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-01-01T00:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
});

const body = (overrides: Partial<EventRequest> = {}): EventRequest => ({
  name: 'Rehearsal',
  description: 'Act one blocking',
  spaces: ['Main Stage'],
  startDateTime: '2031-03-04T19:00:00',
  endDateTime: '2031-03-04T22:00:00',
  eventType: 'rehearsal',
  reservedBy: ME,
  ...overrides,
});

/** Tuesdays from 4 March 2031, `count` of them. */
const weekly = (count: number, overrides: Partial<EventRequest> = {}) =>
  body({
    isRecurring: true,
    recurringPattern: 'weekly',
    recurringWeeklyDays: ['2'],
    recurringEndType: 'count',
    recurringEndCount: count,
    ...overrides,
  });

function eventRow(id: number, seriesId: number | null, span: { start: Date; end: Date }): EventRow {
  return {
    id,
    seriesId,
    name: 'Rehearsal',
    description: 'Act one blocking',
    spaces: ['Main Stage'],
    start: span.start,
    end: span.end,
    eventType: 'rehearsal',
    eventUrl: null,
    instructorId: null,
    reservedBy: ME,
    isException: false,
    conflictOverride: false,
    isPublic: true,
    teamIds: [],
  };
}

/** A one-off made a series: three Tuesdays. */
const REPEATS_THREE_TUESDAYS: Partial<EventRequest> = {
  isRecurring: true,
  recurringPattern: 'weekly',
  recurringWeeklyDays: ['2'],
  recurringEndType: 'count',
  recurringEndCount: 3,
};

/** A one-off event as an edit reads it. */
function oneOff(id = 5): EditedEvent {
  const start = new Date('2031-03-05T00:00:00Z');
  return {
    row: eventRow(id, null, { start, end: new Date(start.getTime() + 3 * 3_600_000) }),
    parts: [],
    hasEarlier: false,
    rows: [],
    version: 'v1',
  };
}

/** A series of one part as an edit of its `at`-th date reads it (rows: with every row). */
function series(request: EventRequest, at: number, withRows = true): EditedEvent {
  const input = eventInputSchema.parse(request);
  const rule = ruleFromInput(input, TZ);
  rule.template = templateFromInput(input, false);
  const part: Part = { id: 10, lineageId: 10, rule, materializedUntil: null };
  const rows = plannedOccurrences(rule).occurrences.map((o, i) => ({
    id: 100 + i,
    seriesId: 10,
    start: o.start,
    end: o.end,
    isException: false,
  }));
  return {
    row: eventRow(rows[at].id, 10, rows[at]),
    parts: [part],
    hasEarlier: at > 0,
    rows: withRows ? rows : null,
    version: 'v1',
  };
}

const planOf = (found: EditedEvent, patch: Partial<EventRequest>, strategy: Strategy) =>
  planEdit(readEdit(found, patch, strategy, TZ));
/** The spans' starts as wall times in the organization's zone. */
const dates = (spans: { start: Date }[]) => spans.map((s) => instantToWallTime(s.start, TZ));

describe('planEdit', () => {
  it('renames a one-off event: its row alone, booked at its own time', () => {
    const found = oneOff();
    const plan = planOf(found, { name: 'Tech run' }, 'this');
    expect(plan.mode).toBe('single');
    expect(plan.input.name).toBe('Tech run');
    expect(plan.write).toEqual({
      kind: 'one-event',
      dropRowsOf: [],
      dropFrom: null,
      dropParts: [],
      endPart: null,
    });
    expect(plan.spans).toEqual([plan.span]);
    expect(plan.span.start).toEqual(found.row.start);
    expect(plan.replacing).toEqual({ eventIds: [5] });
    expect(plan.hold).toEqual({ seriesIds: [], eventId: 5, rows: true, version: 'v1' });
  });

  it('turns a one-off event into a series whose first date is its row, every date booked', () => {
    const plan = planOf(oneOff(), REPEATS_THREE_TUESDAYS, 'this');
    expect(plan.write.kind).toBe('new-series');
    if (plan.write.kind !== 'new-series') return;
    expect(plan.rules).toEqual([plan.write.rule]);
    expect(plan.write.rule.endCount).toBe(3);
    expect(dates(plan.spans)).toEqual(['2031-03-04T19:00', '2031-03-11T19:00', '2031-03-18T19:00']);
  });

  it("edits one date of a series on its own: the date joins the series' exdates, its row stays in the series", () => {
    const found = series(weekly(4), 1, false);
    found.row.conflictOverride = true;
    const plan = planOf(found, { name: 'Dress rehearsal' }, 'this');
    expect(plan.mode).toBe('this');
    expect(plan.write.kind).toBe('this-date');
    if (plan.write.kind !== 'this-date') return;
    expect(plan.write.exdate?.id).toBe(10);
    expect(plan.write.exdate?.rule.exdates).toEqual(['2031-03-11']);
    expect(plan.write.rowRule).toBe(found.parts[0].rule);
    expect(plan.rules).toEqual([]);
    expect(plan.spans).toEqual([plan.span]);
    expect(plan.replacing).toEqual({ eventIds: [found.row.id] });
    // A date booked over keeps its mark when edited on its own.
    expect(plan.keepsOverride).toBe(true);
    expect(plan.hold.rows).toBe(false);
  });

  it('edits again a date already edited on its own without adding it to the exdates twice', () => {
    const found = series(weekly(4), 1, false);
    found.row.isException = true;
    const plan = planOf(found, { name: 'Dress rehearsal' }, 'this');
    expect(plan.write).toMatchObject({ kind: 'this-date', exdate: null });
  });

  it('moves every date of a series a day later under one rule: Tuesdays become Wednesdays', () => {
    const found = series(weekly(3), 0);
    const plan = planOf(
      found,
      { startDateTime: '2031-03-05T19:00:00', endDateTime: '2031-03-05T22:00:00' },
      'series',
    );
    expect(plan.mode).toBe('series');
    expect(plan.write.kind).toBe('rewrite');
    if (plan.write.kind !== 'rewrite') return;
    expect(plan.rules).toHaveLength(1);
    expect(plan.rules[0].weeklyDays).toEqual([3]);
    expect(plan.write.rewrite.parts.map((p) => p.id)).toEqual([10]);
    expect(plan.write.rewrite.dropped).toEqual([]);
    expect(plan.write.rewrite.total).toBe(3);
    expect(dates(plan.spans)).toEqual(['2031-03-05T19:00', '2031-03-12T19:00', '2031-03-19T19:00']);
    expect(plan.replacing).toEqual({ eventIds: [100], seriesIds: [10], seriesFrom: null });
  });

  it('says which edits write beyond their events: those that remove dates or start a series', () => {
    const beside = (found: EditedEvent, patch: Partial<EventRequest>, strategy: Strategy) =>
      writesBesideEvents(planOf(found, patch, strategy).write);
    expect(beside(oneOff(), { name: 'Tech run' }, 'this')).toBe(false);
    expect(beside(series(weekly(4), 1, false), { name: 'Dress rehearsal' }, 'this')).toBe(false);
    // Renamed or moved date for date, every row stays.
    expect(beside(series(weekly(3), 0), { name: 'Tech run' }, 'series')).toBe(false);
    expect(
      beside(
        series(weekly(3), 0),
        { startDateTime: '2031-03-05T19:00:00', endDateTime: '2031-03-05T22:00:00' },
        'series',
      ),
    ).toBe(false);
    // Fewer dates: the last ones go, with their calls, shifts and follow records.
    expect(beside(series(weekly(4), 0), { recurringEndCount: 2 }, 'series')).toBe(true);
    expect(beside(series(weekly(4), 1), { isRecurring: false }, 'future')).toBe(true);
    expect(beside(oneOff(), REPEATS_THREE_TUESDAYS, 'this')).toBe(true);
  });

  it('plans "this and following" of the first date as "all dates"', () => {
    const plan = planOf(series(weekly(3), 0), { name: 'Tech run' }, 'future');
    expect(plan.mode).toBe('series');
  });

  it('splits a series at a later date: the part ends the day before, a new part carries on the count', () => {
    const found = series(weekly(4), 2);
    const plan = planOf(found, { name: 'Tech run' }, 'future');
    expect(plan.mode).toBe('future');
    expect(plan.write.kind).toBe('rewrite');
    if (plan.write.kind !== 'rewrite') return;
    const { rewrite } = plan.write;
    expect(rewrite.parts.map((p) => p.id)).toEqual([null]);
    expect(rewrite.lineageId).toBe(10);
    expect(rewrite.ended?.id).toBe(10);
    expect(rewrite.ended?.rule.endCount).toBe(2);
    expect(plan.rules[0].endCount).toBe(2);
    expect(rewrite.total).toBe(4);
    // The third and fourth dates move to the new part.
    expect([...rewrite.moves.entries()]).toEqual([
      [102, null],
      [103, null],
    ]);
    expect(dates(plan.spans)).toEqual(['2031-03-18T19:00', '2031-03-25T19:00']);
    expect(plan.replacing).toEqual({ eventIds: [102], seriesIds: [10], seriesFrom: found.row.start });
  });

  it('ends a series at this date when "this and following" stops repeating', () => {
    const found = series(weekly(4), 2);
    const plan = planOf(found, { isRecurring: false }, 'future');
    expect(plan.write).toEqual({
      kind: 'one-event',
      dropRowsOf: [10],
      dropFrom: found.row.start,
      dropParts: [],
      endPart: { part: found.parts[0], date: '2031-03-18', lineageId: 10 },
    });
    expect(plan.spans).toEqual([plan.span]);
  });

  it('drops every other date and the series when "all dates" stops repeating', () => {
    const plan = planOf(series(weekly(4), 2), { isRecurring: false }, 'series');
    expect(plan.write).toEqual({
      kind: 'one-event',
      dropRowsOf: [10],
      dropFrom: null,
      dropParts: [10],
      endPart: null,
    });
  });

  it('refuses a patch the event form would refuse, and a repetition with no dates', () => {
    expect(() => planOf(oneOff(), { name: '' }, 'this')).toThrow(AppError);
    // Every date the new end leaves is one already left out.
    const found = series(
      weekly(3, { recurringEndType: 'date', recurringEnd: '2031-03-18', recurringEndCount: null }),
      0,
    );
    found.parts[0].rule.exdates = ['2031-03-04', '2031-03-11'];
    const noDates = () => planOf(found, { recurringEnd: '2031-03-11' }, 'series');
    expect(noDates).toThrow(NO_DATES);
  });
});
