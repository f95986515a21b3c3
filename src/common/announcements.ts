// The two kinds of announcement, as words people read (the dashboard shows them without loading
// any schema). 'casting' is gated by castingUpdates (Class & Workshop Announcements),
// 'production' by productionAnnouncements (General Theater Announcements).
export const ANNOUNCEMENT_KINDS = ['casting', 'production'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];
export const ANNOUNCEMENT_KIND_LABELS: Record<AnnouncementKind, string> = {
  casting: 'Class & Workshop Announcement',
  production: 'General Theater Announcement',
};
