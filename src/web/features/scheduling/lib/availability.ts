// The Availability tab: a saved period as the form holds it and as the list reads it
// ("Tuesdays, 6:00 PM – 9:00 PM, Mar 2, 2027 to Jun 1, 2027"). The form's rules and its request
// body are the contract's (availabilityFormSchema, availabilityFormToRequest).
import { WEEKDAY_NAMES } from '@common/recurrence';
import type { AvailabilityFormValues, AvailabilityPeriod } from '@common/schemas/scheduling';
import { weekdayOf } from '@common/zoned-time';
import { formatEventDate, formatEventTime, wallDate } from '@web/features/calendar/lib/dates';

type PeriodLike = Pick<AvailabilityPeriod, 'startDateTime' | 'endDateTime' | 'weeklyUntil' | 'note'>;

/** A new period's form (today's evening by default), or a saved one's. */
export function availabilityValues(today: string, period?: PeriodLike | null): AvailabilityFormValues {
  if (!period)
    return {
      startDate: today,
      startTime: '18:00',
      endDate: today,
      endTime: '21:00',
      weekly: false,
      weeklyUntil: '',
      note: '',
    };
  return {
    startDate: wallDate(period.startDateTime),
    startTime: period.startDateTime.slice(11, 16),
    endDate: wallDate(period.endDateTime),
    endTime: period.endDateTime.slice(11, 16),
    weekly: period.weeklyUntil !== null,
    weeklyUntil: period.weeklyUntil ?? '',
    note: period.note ?? '',
  };
}

/** 'Tuesdays' for a weekly period starting on `date` (empty for a date the form has not got). */
export function weekdayPlural(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${WEEKDAY_NAMES[weekdayOf(date)]}s` : '';
}

/**
 * A period in words: 'Tuesdays, 6:00 PM – 9:00 PM, Mar 2, 2027 to Jun 1, 2027',
 * 'Mar 4, 2031, 6:00 PM – 9:00 PM' or 'Mar 4, 2031, 6:00 PM – Mar 5, 2031, 9:00 AM'.
 */
export function describePeriod(p: PeriodLike): string {
  const startDay = wallDate(p.startDateTime);
  const endDay = wallDate(p.endDateTime);
  const start = formatEventTime(p.startDateTime);
  const end = formatEventTime(p.endDateTime);
  if (p.weeklyUntil) {
    const overnight = endDay > startDay ? ' (overnight)' : '';
    return `${weekdayPlural(startDay)}, ${start} – ${end}${overnight}, ${formatEventDate(startDay)} to ${formatEventDate(p.weeklyUntil)}`;
  }
  if (startDay === endDay) return `${formatEventDate(startDay)}, ${start} – ${end}`;
  return `${formatEventDate(startDay)}, ${start} – ${formatEventDate(endDay)}, ${end}`;
}

/** The server's field names → the form's (a date and a time input each). */
export const AVAILABILITY_FIELD_OF: Record<string, keyof AvailabilityFormValues> = {
  startDateTime: 'startDate',
  endDateTime: 'endTime',
  weeklyUntil: 'weeklyUntil',
  note: 'note',
};
