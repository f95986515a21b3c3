// How far ahead a digest lists the coming schedule. "Your schedule today" is the organization's
// calendar day, so a daily digest ends at its next midnight (an early call tomorrow belongs to
// tomorrow's digest); a weekly digest covers the seven days from when it is sent.
import { addDays, todayIn, wallTimeToInstant } from '../../../common/zoned-time';

export type DigestFrequency = 'daily' | 'weekly';

const WEEK_MS = 7 * 86_400_000;

export function digestUntil(frequency: DigestFrequency, now: Date, timeZone: string): Date {
  if (frequency === 'weekly') return new Date(now.getTime() + WEEK_MS);
  return wallTimeToInstant(`${addDays(todayIn(timeZone, now.getTime()), 1)}T00:00`, timeZone);
}
