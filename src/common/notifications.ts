// Notification preferences' choices and their words, read by Notification Settings without
// loading any schema (schemas/notifications.ts builds the preferences schema on them).

export const REMINDER_TIMINGS = ['15min', '1hour', '1day', '1week'] as const;

export const DIGEST_FREQUENCIES = ['immediate', 'daily', 'weekly', 'never'] as const;

export type ReminderTiming = (typeof REMINDER_TIMINGS)[number];

export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export const REMINDER_TIMING_LABELS: Record<ReminderTiming, string> = {
  '15min': '15 minutes before',
  '1hour': '1 hour before',
  '1day': '1 day before',
  '1week': '1 week before',
};

export const DIGEST_FREQUENCY_LABELS: Record<DigestFrequency, string> = {
  immediate: 'Immediately',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  never: 'Never',
};
