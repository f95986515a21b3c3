// Dates on screen, in the one style of @common/format-date and on the organization's clock: the
// signed-in organization's zone is set once here, so every page reads a moment as the mails do.
import { formatInstant } from '@common/format-date';

let displayZone: string | undefined;

/** The zone dates are shown in: the organization's; the browser's where there is none (system pages). */
export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  displayZone = timeZone || undefined;
}

/** 'Dec 17, 2026, 7:00 PM' */
export function formatDateTime(value: string | number | Date): string {
  return formatInstant(value, 'dateTime', displayZone);
}

/** 'Dec 17, 2026' */
export function formatDate(value: string | number | Date): string {
  return formatInstant(value, 'date', displayZone);
}

/** 'Dec 17, 7:00 PM': a recent moment, whose year goes without saying. */
export function formatDayTime(value: string | number | Date): string {
  return formatInstant(value, 'dayTime', displayZone);
}

/** '7:00 PM' */
export function formatTime(value: string | number | Date): string {
  return formatInstant(value, 'time', displayZone);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/** Initials for an avatar; 'U' when there is nothing to take them from. */
export function initials(
  firstName?: string | null,
  lastName?: string | null,
  username?: string | null,
): string {
  const fromNames = `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`;
  if (fromNames) return fromNames.toUpperCase();
  return username?.trim().charAt(0).toUpperCase() || 'U';
}
