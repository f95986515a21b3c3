import { describe, expect, it } from 'vitest';
import { BAD_DATE, dateProblem, YEAR_RANGE } from '../calendar';
import { type EventFormValues, eventFormSchema, eventInputSchema, eventPatchSchema, M } from './calendar';

const form = (over: Partial<EventFormValues> = {}): EventFormValues => ({
  name: 'Rehearsal',
  description: '',
  spaces: ['Main Stage'],
  startDate: '2027-05-12',
  startTime: '19:00',
  endDate: '2027-05-12',
  endTime: '21:00',
  eventType: 'rehearsal',
  isRecurring: false,
  recurringPattern: 'weekly',
  recurringInterval: 1,
  recurringWeeklyDays: ['3'],
  recurringMonthlyWeek: 2,
  recurringMonthlyWeekday: 3,
  recurringEndType: 'never',
  recurringEnd: '',
  recurringEndCount: 10,
  eventUrl: '',
  instructorId: null,
  reservedBy: 1,
  teamIds: [],
  sceneIds: [],
  isPublic: true,
  ...over,
});

const errorsOf = (values: EventFormValues) => {
  const result = eventFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the event form', () => {
  it('refuses a typed year the calendar does not hold, never reading 0027 as 1927', () => {
    expect(errorsOf(form({ startDate: '0027-05-12', endDate: '0027-05-12' }))).toMatchObject({
      startDate: YEAR_RANGE,
      endDate: YEAR_RANGE,
    });
    expect(
      errorsOf(form({ isRecurring: true, recurringEndType: 'date', recurringEnd: '2201-01-01' })),
    ).toMatchObject({ recurringEnd: YEAR_RANGE });
    expect(errorsOf(form({ startDate: '' }))).toMatchObject({ startDate: M.startDate });
    expect(errorsOf(form())).toEqual({});
  });

  it('names what is wrong with a date', () => {
    expect(dateProblem('2027-02-30')).toBe(BAD_DATE);
    expect(dateProblem('2028-02-29')).toBeNull();
    expect(dateProblem('1899-12-31')).toBe(YEAR_RANGE);
    expect(dateProblem('2200-12-31')).toBeNull();
  });
});

describe('every error at once', () => {
  const messagesByField = (issues: { path: PropertyKey[]; message: string }[]) =>
    Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message]));

  it('the empty form names every field wrong on the first save, across fields too', () => {
    const result = eventFormSchema.safeParse(
      form({
        name: '',
        spaces: [],
        endTime: '18:00',
        isRecurring: true,
        recurringEndType: 'date',
        recurringEnd: '',
      }),
    );
    expect(result.success).toBe(false);
    expect(messagesByField(result.error?.issues ?? [])).toEqual({
      name: M.name,
      spaces: M.spaces,
      endTime: M.endAfterStart,
      recurringEnd: M.repeatEnd,
    });
  });

  it('the API names a missing name and an end before the start together', () => {
    const result = eventInputSchema.safeParse({
      name: '',
      spaces: [],
      startDateTime: '2027-05-12T19:00:00',
      endDateTime: '2027-05-12T18:00:00',
      reservedBy: 1,
    });
    expect(messagesByField(result.error?.issues ?? [])).toEqual({
      name: M.name,
      spaces: M.spaces,
      endDateTime: M.endAfterStart,
    });
  });

  it('leaves a cross-field rule alone while a field it reads is itself wrong', () => {
    const result = eventFormSchema.safeParse(form({ name: '', endDate: '' }));
    expect(messagesByField(result.error?.issues ?? [])).toEqual({ name: M.name, endDate: M.endDate });
  });
});

describe('an edit (PATCH) body', () => {
  it('keeps only what it names: no default fills a field left out, other keys are ignored', () => {
    // eventType and isRecurring have defaults on create; an edit that leaves them out keeps the event's.
    const named = eventPatchSchema.parse({ name: ' Blocking ', occurrenceDate: '2031-03-04' });
    expect(named).toEqual({ name: 'Blocking' });
    expect(eventPatchSchema.parse({ description: '', teamIds: null })).toEqual({
      description: null,
      teamIds: [],
    });
  });

  it('checks each field it names as on create', () => {
    const refused = eventPatchSchema.safeParse({ name: '', eventType: 'party', spaces: [] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', M.name],
      ['spaces', M.spaces],
      ['eventType', M.eventType],
    ]);
  });

  it('is an object', () => {
    for (const body of ['Renamed', 42, ['name'], null]) {
      expect(eventPatchSchema.safeParse(body).error?.issues[0].message).toBe('Invalid request body');
    }
  });
});
