// The scheduling screens' pure logic: availability periods in words and as form values,
// the conflicts list, the calls board and picker, rates, and what the form asks the conflicts check.
import { formatCallTime } from '@common/clock';
import {
  availabilityFormSchema,
  availabilityFormToRequest,
  type ConflictReport,
} from '@common/schemas/scheduling';
import { describe, expect, it } from 'vitest';
import { conflictsRequestOf, valuesFor } from '@web/features/calendar/components/event-form/form-values';
import { availabilityValues, describePeriod, weekdayPlural } from './availability';
import { boardSummary, candidateGroups, formatRate } from './calls';
import { conflictDates, conflictText } from './conflicts';

describe('availability periods', () => {
  const weekly = {
    startDateTime: '2027-03-02T18:00:00-05:00',
    endDateTime: '2027-03-02T21:00:00-05:00',
    weeklyUntil: '2027-06-01',
    note: 'Choir',
  };

  it('reads a weekly period as its weekday, hours and dates', () => {
    expect(describePeriod(weekly)).toBe('Tuesdays, 6:00 PM – 9:00 PM, Mar 2, 2027 to Jun 1, 2027');
    expect(describePeriod({ ...weekly, endDateTime: '2027-03-03T01:00:00-05:00' })).toBe(
      'Tuesdays, 6:00 PM – 1:00 AM (overnight), Mar 2, 2027 to Jun 1, 2027',
    );
  });

  it('reads a one-off period on one day or across days', () => {
    expect(describePeriod({ ...weekly, weeklyUntil: null })).toBe('Mar 2, 2027, 6:00 PM – 9:00 PM');
    expect(describePeriod({ ...weekly, weeklyUntil: null, endDateTime: '2027-03-09T12:00:00-05:00' })).toBe(
      'Mar 2, 2027, 6:00 PM – Mar 9, 2027, 12:00 PM',
    );
  });

  it('turns a saved period into the form and back into the same request', () => {
    const values = availabilityValues('2027-01-01', weekly);
    expect(values).toEqual({
      startDate: '2027-03-02',
      startTime: '18:00',
      endDate: '2027-03-02',
      endTime: '21:00',
      weekly: true,
      weeklyUntil: '2027-06-01',
      note: 'Choir',
    });
    expect(availabilityFormSchema.safeParse(values).success).toBe(true);
    expect(availabilityFormToRequest(values)).toEqual({
      startDateTime: '2027-03-02T18:00',
      endDateTime: '2027-03-02T21:00',
      weekly: true,
      weeklyUntil: '2027-06-01',
      note: 'Choir',
    });
  });

  it('starts a new period on the given day in the evening, once, and refuses a weekly one without an end', () => {
    const fresh = availabilityValues('2027-05-04');
    expect(fresh).toMatchObject({
      startDate: '2027-05-04',
      startTime: '18:00',
      weekly: false,
      weeklyUntil: '',
    });
    const result = availabilityFormSchema.safeParse({ ...fresh, weekly: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['weeklyUntil']);
  });

  it('names the weekday a weekly period repeats on, and nothing for an unfinished date', () => {
    expect(weekdayPlural('2027-03-02')).toBe('Tuesdays');
    expect(weekdayPlural('2027-03')).toBe('');
  });
});

const conflict = {
  userId: 1,
  name: 'Maya Moreno',
  reason: 'unavailable' as const,
  note: null,
  eventId: null,
  eventName: null,
};

describe('people conflicts', () => {
  it('says why each person cannot come', () => {
    expect(conflictText(conflict)).toBe('Maya Moreno: unavailable');
    expect(conflictText({ ...conflict, note: 'work' })).toBe('Maya Moreno: unavailable (work)');
    expect(conflictText({ ...conflict, reason: 'called', eventId: 9, eventName: 'Tech' })).toBe(
      'Maya Moreno: called to Tech',
    );
  });

  it('lists only the dates that have conflicts, with their date and hours, names from the people table', () => {
    const { name: _, ...cause } = conflict;
    const report: ConflictReport = {
      peopleCount: 5,
      occurrenceCount: 3,
      peopleWithConflicts: 2,
      occurrencesWithConflicts: 2,
      people: [
        { userId: 1, name: 'Maya Moreno' },
        { userId: 2, name: 'Sam Singh' },
      ],
      causes: [
        { ...cause, note: 'work' },
        { userId: 2, reason: 'called', note: null, eventId: 9, eventName: 'Tech' },
      ],
      occurrences: [
        {
          startDateTime: '2031-03-04T19:00:00-05:00',
          endDateTime: '2031-03-04T21:00:00-05:00',
          conflicts: [],
        },
        {
          startDateTime: '2031-03-06T19:00:00-05:00',
          endDateTime: '2031-03-06T21:00:00-05:00',
          conflicts: [0],
        },
        {
          startDateTime: '2031-03-08T19:00:00-05:00',
          endDateTime: '2031-03-08T21:00:00-05:00',
          conflicts: [0, 1],
        },
      ],
    };
    expect(conflictDates(report)).toEqual([
      {
        key: '2031-03-06T19:00:00-05:00',
        heading: 'Mar 6, 2031 · 7:00 PM – 9:00 PM',
        lines: ['Maya Moreno: unavailable (work)'],
      },
      {
        key: '2031-03-08T19:00:00-05:00',
        heading: 'Mar 8, 2031 · 7:00 PM – 9:00 PM',
        lines: ['Maya Moreno: unavailable (work)', 'Sam Singh: called to Tech'],
      },
    ]);
  });

  it('asks about the event as it would be saved, before it has a name or a space, and not while incomplete', () => {
    const values = { ...valuesFor(null, '2031-03-04', 7, undefined), teamIds: [3] };
    const body = conflictsRequestOf(values, null, false);
    expect(body).toMatchObject({
      name: 'New event',
      spaces: ['Main Stage'],
      startDateTime: '2031-03-04T19:00:00',
      teamIds: [3],
      eventId: null,
    });
    expect(conflictsRequestOf({ ...values, endTime: '18:00' }, null, false)).toBeNull();
    // One date of a series: that date alone.
    const series = { ...values, isRecurring: true, name: 'Run' };
    expect(conflictsRequestOf(series, 12, true)).toMatchObject({
      isRecurring: false,
      eventId: 12,
      name: 'Run',
    });
    expect(conflictsRequestOf(series, 12, false)).toMatchObject({ isRecurring: true });
  });
});

describe('calls', () => {
  it('reads call times on the 12-hour clock', () => {
    expect(formatCallTime('18:30')).toBe('6:30 PM');
    expect(formatCallTime('00:05')).toBe('12:05 AM');
    expect(formatCallTime(null)).toBeNull();
    expect(formatCallTime('bad')).toBeNull();
  });

  it('sums up the board', () => {
    expect(boardSummary([])).toBe('Nobody is called yet');
    expect(
      boardSummary([
        { status: 'confirmed' },
        { status: 'confirmed' },
        { status: 'declined' },
        { status: 'called' },
      ]),
    ).toBe("4 called: 2 confirmed, 1 can't make it, 1 awaiting an answer");
  });

  it('offers the team members first, each person once, then everyone else, filtered by search', () => {
    const p = (id: number, name: string) => ({ id, name, username: name.toLowerCase() });
    const teams = [
      { name: 'Cast', members: [p(2, 'Sam'), p(1, 'Maya')] },
      { name: 'Crew', members: [p(2, 'Sam'), p(3, 'Leo')] },
    ];
    const everyone = [p(1, 'Maya'), p(2, 'Sam'), p(3, 'Leo'), p(4, 'Adam')];
    expect(candidateGroups(teams, everyone, '')).toEqual([
      { label: 'Cast', people: [p(1, 'Maya'), p(2, 'Sam')] },
      { label: 'Crew', people: [p(3, 'Leo')] },
      { label: 'Everyone else', people: [p(4, 'Adam')] },
    ]);
    expect(candidateGroups(teams, everyone, ' SA ')).toEqual([{ label: 'Cast', people: [p(2, 'Sam')] }]);
    expect(candidateGroups([], everyone, 'adam')).toEqual([{ label: 'Members', people: [p(4, 'Adam')] }]);
  });

  it('shows rates as whole percentages, and a dash when nothing was marked', () => {
    expect(formatRate(0.857)).toBe('86%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('—');
  });
});
