// The organization's clock in words: en-US 12-hour time ('7:00 PM'), the one format for times on
// screens and in mail alike, so a call time never reads '18:45' beside a start of '7:00 PM'.

/** '7:00 PM' from minutes after midnight. */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** '18:30' → '6:30 PM'; null when there is no call time (called for the event's start). */
export function formatCallTime(hhmm: string | null): string | null {
  if (!hhmm || !/^\d{2}:\d{2}$/.test(hhmm)) return null;
  return formatClock(Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));
}
