// Dates are shown in en-US with 12-hour time (spec part 1 §9).

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDateTime(value: string | number | Date): string {
  const d = toDate(value);
  return d ? dateTime.format(d) : '';
}

export function formatDate(value: string | number | Date): string {
  const d = toDate(value);
  return d ? dateOnly.format(d) : '';
}

export function formatTime(value: string | number | Date): string {
  const d = toDate(value);
  return d ? timeOnly.format(d) : '';
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/** Initials for an avatar; 'U' when there is nothing to take them from (spec part 1 §9). */
export function initials(
  firstName?: string | null,
  lastName?: string | null,
  username?: string | null,
): string {
  const fromNames = `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`;
  if (fromNames) return fromNames.toUpperCase();
  return username?.trim().charAt(0).toUpperCase() || 'U';
}
