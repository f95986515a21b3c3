// Notification preferences, announcements and the in-app notification
// centre. The server validates with these and the forms resolve with them.
import { z } from 'zod';
import './messages';
import { DIGEST_FREQUENCIES, REMINDER_TIMINGS } from '../notifications';
import { ANNOUNCEMENT_KINDS } from '../announcements';
import { MAX_DB_ID } from '../ids';

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

export const notificationPreferencesSchema = z.object({
  emailNotifications: flag('emailNotifications'),
  pushNotifications: flag('pushNotifications'),
  scheduleReminders: flag('scheduleReminders'),
  volunteerReminders: flag('volunteerReminders'),
  castingUpdates: flag('castingUpdates'),
  productionAnnouncements: flag('productionAnnouncements'),
  reminderTiming: z.enum(REMINDER_TIMINGS, {
    error: 'Reminder timing must be one of 15min, 1hour, 1day, 1week',
  }),
  digestFrequency: z.enum(DIGEST_FREQUENCIES, {
    error: 'Digest frequency must be one of immediate, daily, weekly, never',
  }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PATCH sends any subset; an unknown field is refused rather than ignored. */
export const notificationPreferencesPatchSchema = notificationPreferencesSchema.partial().strict();

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  pushNotifications: true,
  scheduleReminders: true,
  volunteerReminders: true,
  castingUpdates: true,
  productionAnnouncements: true,
  reminderTiming: '1hour',
  digestFrequency: 'daily',
};

/** Stored JSON (possibly partial or from older versions) → complete preferences. */
export function withDefaults(stored: unknown): NotificationPreferences {
  const parsed = notificationPreferencesSchema.partial().safeParse(stored ?? {});
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(parsed.success ? parsed.data : {}) };
}

export const announcementInputSchema = z.object({
  kind: z.enum(ANNOUNCEMENT_KINDS, { error: 'Please choose the kind of announcement' }),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(120, 'Title must be 120 characters or less'),
  body: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(1000, 'Message must be 1000 characters or less'),
  teamId: z.number().int().min(1).max(MAX_DB_ID).nullish(),
});
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

export const announcementSchema = z.object({
  id: z.number(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  title: z.string(),
  body: z.string(),
  team: z.object({ id: z.number(), name: z.string() }).nullable(),
  author: z.object({
    id: z.number(),
    username: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const NOTIFICATION_KINDS = ['reminder', 'change', 'announcement', 'report'] as const;

export const inboxItemSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxSchema = z.object({ unreadCount: z.number(), items: z.array(inboxItemSchema) });
export type Inbox = z.infer<typeof inboxSchema>;

export const markReadSchema = z
  .object({ ids: z.array(z.number().int().min(1).max(MAX_DB_ID)).max(200).optional() })
  .strict();
