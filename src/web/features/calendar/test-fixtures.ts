// Calendar answers for component tests: the form's options and events as the API sends them.
import type { CalendarEvent, CalendarOptions } from '@common/schemas/calendar';

export function calendarOptions(overrides: Partial<CalendarOptions> = {}): CalendarOptions {
  return {
    spaces: ['Main Stage', 'Office', 'Annex'],
    eventTypes: ['show', 'class', 'rehearsal', 'other'],
    timeZone: 'America/New_York',
    publicEventTypes: ['show'],
    teams: [{ id: 7, name: 'Run Crew' }],
    people: [
      { id: 1, firstName: 'Olivia', lastName: 'Owner', username: 'olivia', isInstructor: false },
      { id: 2, firstName: 'Sam', lastName: 'Standard', username: 'sam', isInstructor: true },
    ],
    canConfigure: true,
    canOverrideConflicts: true,
    canReserveForOthers: true,
    ...overrides,
  };
}

/** A rehearsal in the Annex on Tuesday 2 April 2030, 19:00–21:00 New York time. */
export function calendarEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 100,
    seriesId: null,
    organizationId: 1,
    name: 'Fight call',
    description: null,
    spaces: ['Annex'],
    startDateTime: '2030-04-02T19:00:00-04:00',
    endDateTime: '2030-04-02T21:00:00-04:00',
    eventType: 'rehearsal',
    isRecurring: false,
    recurringPattern: null,
    recurringInterval: 1,
    recurringEnd: null,
    recurringWeeklyDays: null,
    recurringMonthlyWeek: null,
    recurringMonthlyWeekday: null,
    recurringEndType: null,
    recurringEndCount: null,
    eventUrl: null,
    instructorId: null,
    instructor: null,
    reservedBy: { id: 1, firstName: 'Olivia', lastName: 'Owner', username: 'olivia' },
    teams: [],
    isException: false,
    conflictOverride: false,
    isPublic: false,
    isFollowing: true,
    createdAt: '2030-03-01T12:00:00+00:00',
    updatedAt: '2030-03-01T12:00:00+00:00',
    ...overrides,
  };
}
