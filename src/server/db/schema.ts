// One schema for both drivers (PGlite and node-postgres). Every organization-owned table carries
// organization_id itself so a query scopes by tenant in one step, and is keyed by it (with its
// unique indexes and the foreign keys between such tables), so the schema can be sharded by
// organization (docs/scaling.md; held by distribution.test.ts).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const orgId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortname: varchar('shortname', { length: 50 }).notNull().unique(),
    description: text('description'),
    contactEmail: text('contact_email'),
    phone: text('phone'),
    customDomain: text('custom_domain'),
    enableCustomDomain: boolean('enable_custom_domain').notNull().default(false),
    enablePublicRegistration: boolean('enable_public_registration').notNull().default(false),
    requireEmailVerification: boolean('require_email_verification').notNull().default(false),
    requireAdminApproval: boolean('require_admin_approval').notNull().default(true),
    defaultRole: text('default_role').notNull().default('standard_user'),
    timezone: text('timezone').notNull().default('America/New_York'),
    logoUrl: text('logo_url'),
    primaryColor: text('primary_color').notNull().default('#6b46c1'),
    secondaryColor: text('secondary_color').notNull().default('#f0594f'),
    accentColor: text('accent_color').notNull().default('#10b981'),
    backgroundColor: text('background_color').notNull().default('#ffffff'),
    textColor: text('text_color').notNull().default('#111827'),
    theme: text('theme').notNull().default('light'),
    customCss: text('custom_css'),
    favicon: text('favicon'),
    /** Event types shown on the public calendar unless an event says otherwise. */
    publicEventTypes: text('public_event_types')
      .array()
      .notNull()
      .default(sql`'{show,class,rehearsal,other}'::text[]`),
    approvalStatus: text('approval_status').notNull().default('pending'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by'),
    rejectionReason: text('rejection_reason'),
    // Owners and admins without two-step sign-in must set it up before using the app.
    requireTwoFactorForAdmins: boolean('require_two_factor_for_admins').notNull().default(false),
    /** Volunteer hours each member is asked for per season (the hours ledger's target); null = none. */
    volunteerHoursTarget: numeric('volunteer_hours_target', { precision: 6, scale: 2, mode: 'number' }),
    /**
     * No digest can be due before this instant: the next 07:00 in the organization's zone once its
     * day is planned. The worker's tick reads only organizations past it (notifications/scans.ts),
     * so quiet ones cost it nothing. Minus infinity: look at it on the next tick.
     */
    digestsDueAt: timestamp('digests_due_at', { withTimezone: true }).notNull().default(sql`'-infinity'`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // The system list's order, newest first, a page at a time.
    index('organizations_created').on(t.createdAt, t.id),
    index('organizations_digests_due').on(t.digestsDueAt).where(sql`approval_status = 'approved'`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 50 }).notNull(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    profilePicture: text('profile_picture'),
    notificationSettings: jsonb('notification_settings'),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    bio: varchar('bio', { length: 500 }),
    teams: text('teams').array().notNull().default(sql`'{}'::text[]`),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    isSystemUser: boolean('is_system_user').notNull().default(false),
    // Only a SHA-256 of the reset token is kept; a newer token overwrites (voids) the older one.
    resetToken: text('reset_token'),
    resetTokenExpiry: timestamp('reset_token_expiry', { withTimezone: true }),
    // Set (as a SHA-256) only for people who joined by public registration and have not yet
    // confirmed their address; organizations that require verification refuse them until then.
    emailVerificationToken: text('email_verification_token'),
    // Digests of the links a newer one replaced, newest first, so an old link can say so.
    emailVerificationSuperseded: text('email_verification_superseded')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Two-step sign-in (TOTP): the secret being set up, the confirmed one, and the last time
    // step a code was accepted for (a code is refused for that step or any earlier one).
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastTimeStep: integer('totp_last_time_step'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    index('users_email_verification_superseded').using('gin', t.emailVerificationSuperseded),
    // Members reminded a day or a week ahead (few): the worker's tick looks that far only for them.
    index('users_long_reminders')
      .on(t.id)
      .where(sql`(notification_settings->>'reminderTiming') in ('1day', '1week')`),
  ],
);

export const userOrganizations = pgTable(
  'user_organizations',
  {
    id: serial('id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: orgId(),
    role: text('role').notNull(),
    // Organization roles (Student, Performer, ...) belong to the membership, not the global user.
    organizationRoles: text('organization_roles').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    status: text('status').notNull().default('active'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledBy: integer('disabled_by'),
    disabledReason: text('disabled_reason'),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('user_organizations_id').on(t.id),
    uniqueIndex('user_organizations_org_user').on(t.organizationId, t.userId),
    index('user_organizations_user').on(t.userId),
  ],
);

export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    // Denormalised from sess so that "end this user's sessions" is one indexed delete.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_expire').on(t.expire), index('session_user').on(t.userId)],
);

// Uploaded bytes live in PostgreSQL so that every instance can serve them.
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_files_org_id').on(t.organizationId, t.id),
    index('stored_files_org').on(t.organizationId),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id'),
    organizationId: orgId(),
    name: text('name').notNull(),
    description: text('description'),
    handle: varchar('handle', { length: 100 }).notNull(),
    teamUrl: text('team_url'),
    headerImage: text('header_image'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('teams_id').on(t.id),
    uniqueIndex('teams_org_handle').on(t.organizationId, sql`lower(${t.handle})`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id'),
    organizationId: orgId(),
    teamId: integer('team_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('team_members_id').on(t.id),
    foreignKey({
      name: 'team_members_team_id_teams_id_fk',
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete('cascade'),
    uniqueIndex('team_members_org_team_user').on(t.organizationId, t.teamId, t.userId),
    index('team_members_team_user').on(t.teamId, t.userId),
    index('team_members_org_user').on(t.organizationId, t.userId),
  ],
);

export const teamLinks = pgTable(
  'team_links',
  {
    id: serial('id'),
    organizationId: orgId(),
    teamId: integer('team_id').notNull(),
    url: text('url').notNull(),
    label: text('label'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('team_links_id').on(t.id),
    foreignKey({
      name: 'team_links_team_id_teams_id_fk',
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete('cascade'),
    index('team_links_team').on(t.teamId),
  ],
);

export const teamAssets = pgTable(
  'team_assets',
  {
    id: serial('id'),
    organizationId: orgId(),
    teamId: integer('team_id').notNull(),
    fileId: integer('file_id'),
    fileName: text('file_name').notNull(),
    originalName: text('original_name').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: integer('file_size'),
    mimeType: text('mime_type'),
    uploadedBy: integer('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('team_assets_id').on(t.id),
    // The migration writes this key `on delete set null (file_id)`, which drizzle cannot say: a
    // deleted file empties the asset's file_id and leaves its organization_id.
    foreignKey({
      name: 'team_assets_file_id_stored_files_id_fk',
      columns: [t.organizationId, t.fileId],
      foreignColumns: [storedFiles.organizationId, storedFiles.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'team_assets_team_id_teams_id_fk',
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete('cascade'),
    index('team_assets_team').on(t.teamId),
  ],
);

// A recurring series: the rule, and how far its occurrences have been materialised.
export const calendarEventSeries = pgTable(
  'calendar_event_series',
  {
    id: serial('id'),
    organizationId: orgId(),
    rule: jsonb('rule').notNull(),
    materializedUntil: timestamp('materialized_until', { withTimezone: true }),
    /** The first series of a run split by "this and following" edits (null: this one is the first). */
    lineageId: integer('lineage_id'),
    /** The UID of the calendar file this series was imported from, and the digest of what it said. */
    icalUid: text('ical_uid'),
    icalDigest: text('ical_digest'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('calendar_event_series_id').on(t.id),
    // Series due to grow (ensureMaterialized, before every calendar read and write).
    index('calendar_event_series_org_until').on(t.organizationId, t.materializedUntil),
    // The same across organizations, for the notification worker's tick.
    index('calendar_event_series_until').on(t.materializedUntil),
    // Every part of one series (lineageParts, in each series edit and follow).
    index('calendar_event_series_org_lineage').on(t.organizationId, sql`coalesce(${t.lineageId}, ${t.id})`),
  ],
);

// One row per occurrence: each has its own id for delete, follow and unfollow.
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id'),
    organizationId: orgId(),
    seriesId: integer('series_id'),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    spaces: text('spaces').array().notNull(),
    startDateTime: timestamp('start_date_time', { withTimezone: true }).notNull(),
    endDateTime: timestamp('end_date_time', { withTimezone: true }).notNull(),
    eventType: varchar('event_type', { length: 50 }).notNull().default('other'),
    isRecurring: boolean('is_recurring').notNull().default(false),
    recurringPattern: text('recurring_pattern'),
    recurringInterval: integer('recurring_interval').notNull().default(1),
    recurringEnd: timestamp('recurring_end', { withTimezone: true }),
    recurringWeeklyDays: text('recurring_weekly_days').array(),
    recurringMonthlyWeek: integer('recurring_monthly_week'),
    recurringMonthlyWeekday: integer('recurring_monthly_weekday'),
    recurringEndType: text('recurring_end_type'),
    recurringEndCount: integer('recurring_end_count'),
    eventUrl: text('event_url'),
    instructorId: integer('instructor_id').references(() => users.id, { onDelete: 'set null' }),
    reservedBy: integer('reserved_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conflictOverride: boolean('conflict_override').notNull().default(false),
    isException: boolean('is_exception').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    /** Imported events: the file's UID, so a newer file updates instead of duplicating. */
    icalUid: text('ical_uid'),
    icalDigest: text('ical_digest'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('calendar_events_id').on(t.id),
    foreignKey({
      name: 'calendar_events_series_id_calendar_event_series_id_fk',
      columns: [t.organizationId, t.seriesId],
      foreignColumns: [calendarEventSeries.organizationId, calendarEventSeries.id],
    }).onDelete('cascade'),
    index('calendar_events_org_start').on(t.organizationId, t.startDateTime),
    // What starts soon in any organization (the worker's reminders, analytics by week).
    index('calendar_events_start').on(t.startDateTime),
    index('calendar_events_org_ical_uid').on(t.organizationId, t.icalUid),
    index('calendar_events_series').on(t.seriesId),
    // Bookings longer than a day, for the conflict check's look back (conflicts.ts): few rows.
    index('calendar_events_org_start_long')
      .on(t.organizationId, t.startDateTime)
      .where(sql`${t.endDateTime} - ${t.startDateTime} > interval '1 day'`),
  ],
);

export const calendarEventTeams = pgTable(
  'calendar_event_teams',
  {
    id: serial('id'),
    organizationId: orgId(),
    eventId: integer('event_id').notNull(),
    teamId: integer('team_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('calendar_event_teams_id').on(t.id),
    foreignKey({
      name: 'calendar_event_teams_event_id_calendar_events_id_fk',
      columns: [t.organizationId, t.eventId],
      foreignColumns: [calendarEvents.organizationId, calendarEvents.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'calendar_event_teams_team_id_teams_id_fk',
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_event_teams_org_event_team').on(t.organizationId, t.eventId, t.teamId),
    index('calendar_event_teams_event_team').on(t.eventId, t.teamId),
    index('cet_team').on(t.teamId),
  ],
);

export const calendarEventFollowers = pgTable(
  'calendar_event_followers',
  {
    id: serial('id'),
    organizationId: orgId(),
    eventId: integer('event_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isFollowing: boolean('is_following').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('calendar_event_followers_id').on(t.id),
    foreignKey({
      name: 'calendar_event_followers_event_id_calendar_events_id_fk',
      columns: [t.organizationId, t.eventId],
      foreignColumns: [calendarEvents.organizationId, calendarEvents.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_event_followers_org_event_user').on(t.organizationId, t.eventId, t.userId),
    index('calendar_event_followers_event_user').on(t.eventId, t.userId),
    index('cef_org_user').on(t.organizationId, t.userId),
  ],
);

// Secret per-member iCalendar feed tokens (stored hashed, revocable).
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    id: serial('id'),
    organizationId: orgId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('calendar_feed_tokens_id').on(t.id),
    uniqueIndex('calendar_feed_tokens_org_token_hash').on(t.organizationId, t.tokenHash),
    index('calendar_feed_tokens_token_hash').on(t.tokenHash),
  ],
);

export const wikiPages = pgTable(
  'wiki_pages',
  {
    id: serial('id'),
    organizationId: orgId(),
    title: text('title').notNull(),
    slug: varchar('slug', { length: 200 }).notNull(),
    content: text('content').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    currentVersion: integer('current_version').notNull().default(1),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Slugs this page's internal links point at, for "What links here" (GIN-indexed in SQL). */
    links: text('links').array().notNull().default(sql`'{}'::text[]`),
    /** A page view's links, worked out as the page is written (null: not known; work them out). */
    linkTitles: text('link_titles').array(),
    linkSlugs: text('link_slugs').array(),
    titleSlug: text('title_slug'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('wiki_pages_id').on(t.id),
    uniqueIndex('wiki_pages_org_slug').on(t.organizationId, t.slug),
    // The dashboard's recently changed pages: the first few in this order, not a sort of them all.
    index('wiki_pages_org_recent').on(t.organizationId, t.updatedAt.desc(), t.id.desc()),
  ],
);

export const wikiPageVersions = pgTable(
  'wiki_page_versions',
  {
    id: serial('id'),
    organizationId: orgId(),
    pageId: integer('page_id').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    changeNote: text('change_note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('wiki_page_versions_id').on(t.id),
    foreignKey({
      name: 'wiki_page_versions_page_id_wiki_pages_id_fk',
      columns: [t.organizationId, t.pageId],
      foreignColumns: [wikiPages.organizationId, wikiPages.id],
    }).onDelete('cascade'),
    uniqueIndex('wiki_page_versions_org_page_version').on(t.organizationId, t.pageId, t.version),
    index('wiki_page_versions_page_version').on(t.pageId, t.version),
  ],
);

// A library page's earlier titles, so links written with an old title still lead to the page
// and count in its "What links here". A current title always wins over a former one.
export const wikiPageFormerTitles = pgTable(
  'wiki_page_former_titles',
  {
    id: serial('id'),
    organizationId: orgId(),
    pageId: integer('page_id').notNull(),
    title: text('title').notNull(),
    /** The title's slug, kept from the page as it was renamed (null: not known). */
    titleSlug: text('title_slug'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('wiki_page_former_titles_id').on(t.id),
    foreignKey({
      name: 'wiki_page_former_titles_page_id_wiki_pages_id_fk',
      columns: [t.organizationId, t.pageId],
      foreignColumns: [wikiPages.organizationId, wikiPages.id],
    }).onDelete('cascade'),
    uniqueIndex('wiki_page_former_titles_org_title').on(t.organizationId, sql`lower(${t.title})`),
    index('wiki_page_former_titles_page').on(t.pageId),
  ],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_org_created').on(t.organizationId, t.createdAt)],
);

// Fixed-window counters shared by every instance (rate limits must hold across a load balancer).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

// Security-challenge tokens already answered, so each is single-use across instances.
export const usedChallenges = pgTable('used_challenges', {
  id: text('id').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  consumed: boolean('consumed').notNull().default(false),
  expire: timestamp('expire', { withTimezone: true }).notNull(),
});

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// One-time recovery codes for two-step sign-in; only a SHA-256 of each is kept.
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_recovery_codes_user_code').on(t.userId, t.codeHash)],
);

// A requested e-mail change, waiting for the link sent to the new address (account/email-change.ts).
// Used and replaced rows stay, so an old link can say what became of it.
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    // Only a SHA-256 of the link's token.
    tokenHash: text('token_hash').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_changes_token_hash').on(t.tokenHash),
    uniqueIndex('email_changes_open_per_user')
      .on(t.userId)
      .where(sql`${t.confirmedAt} is null and ${t.supersededAt} is null`),
  ],
);

// Notifications and mail. Jobs are claimed with FOR UPDATE SKIP LOCKED; unique keys
// make each reminder, notice and digest happen once per member however many workers run.
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    uniqueKey: text('unique_key').notNull().unique(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`done_at is null`),
    // Finished jobs past their month, pruned on every tick.
    index('jobs_done_idx').on(t.doneAt).where(sql`done_at is not null`),
  ],
);

// Which organization's digests were planned for which local date: the scan queues a day's digest
// jobs once, in the transaction that adds this row, and later ticks that day skip the organization.
export const digestPlans = pgTable(
  'digest_plans',
  {
    organizationId: orgId(),
    localDate: date('local_date').notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.localDate] }),
    index('digest_plans_date').on(t.localDate),
  ],
);

export const memberNotifications = pgTable(
  'member_notifications',
  {
    id: serial('id'),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    uniqueKey: text('unique_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    inApp: boolean('in_app').notNull(),
    digestPending: boolean('digest_pending').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('member_notifications_id').on(t.id),
    uniqueIndex('member_notifications_org_unique_key').on(t.organizationId, t.uniqueKey),
    index('member_notifications_unique_key').on(t.uniqueKey),
    index('member_notifications_inbox_idx').on(t.userId, t.organizationId, t.id),
    index('member_notifications_digest_idx').on(t.userId, t.organizationId).where(sql`digest_pending`),
  ],
);

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id'),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id'),
    kind: text('kind').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    body: varchar('body', { length: 1000 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('announcements_id').on(t.id),
    foreignKey({
      name: 'announcements_team_id_teams_id_fk',
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete('cascade'),
    index('announcements_org_idx').on(t.organizationId, t.id),
  ],
);

// Written by a trigger on calendar_events (custom migration): who followed the occurrence at the
// moment it changed, so a cancelled occurrence's followers are still known afterwards.
export const eventChanges = pgTable(
  'event_changes',
  {
    id: serial('id'),
    // No foreign key: deleting an organization cascades to its events, whose trigger writes here.
    organizationId: integer('organization_id').notNull(),
    eventId: integer('event_id').notNull(),
    kind: text('kind').notNull(),
    actorId: integer('actor_id'),
    tx: text('tx').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after'),
    // Edits are noted without their followers, who are named when the notice is sent (scans.ts
    // processChanges) from the date's reserver and instructor as they were; deletions name them at
    // once (their follow records go with the row).
    followerIds: integer('follower_ids').array(),
    reservedBy: integer('reserved_by'),
    instructorId: integer('instructor_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('event_changes_id').on(t.id),
    index('event_changes_pending_idx').on(t.id).where(sql`processed_at is null`),
  ],
);

// A team's earlier handles, so an old address (bookmarks, shared links) still finds the team
// after its handle changes. A current handle always wins over a former one.
export const teamFormerHandles = pgTable(
  'team_former_handles',
  {
    id: serial('id'),
    organizationId: orgId(),
    teamId: integer('team_id').notNull(),
    handle: varchar('handle', { length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('team_former_handles_id').on(t.id),
    foreignKey({
      name: 'team_former_handles_team_id_teams_id_fk',
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete('cascade'),
    uniqueIndex('team_former_handles_org_handle').on(t.organizationId, sql`lower(${t.handle})`),
  ],
);

// Which members were active in which week (filled by a trigger on user_organizations.last_active_at,
// migration member_activity_sql), so the system analytics can count weekly active members.
export const memberActivityWeeks = pgTable(
  'member_activity_weeks',
  {
    organizationId: orgId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: timestamp('week', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('member_activity_weeks_org_week_user').on(t.organizationId, t.week, t.userId)],
);

// Rehearsal scheduling. A period when a member is unavailable: once, or every week on
// the start's weekday through weekly_until (inclusive) in time_zone (the organization's zone when
// it was written), so 19:00 stays 19:00 across daylight-saving changes. last_end is the end of
// its last repetition, so overlap queries stay one index range.
export const availabilityPeriods = pgTable(
  'availability_periods',
  {
    id: serial('id'),
    organizationId: orgId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The wall times as entered ('YYYY-MM-DDTHH:MM'); what weekly repetition repeats. */
    startWall: varchar('start_wall', { length: 16 }).notNull(),
    endWall: varchar('end_wall', { length: 16 }).notNull(),
    /** The first repetition's instants. */
    startDateTime: timestamp('start_date_time', { withTimezone: true }).notNull(),
    endDateTime: timestamp('end_date_time', { withTimezone: true }).notNull(),
    weeklyUntil: date('weekly_until', { mode: 'string' }),
    timeZone: text('time_zone').notNull(),
    lastEnd: timestamp('last_end', { withTimezone: true }).notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('availability_periods_id').on(t.id),
    index('availability_periods_org_user_start').on(t.organizationId, t.userId, t.startDateTime),
    check(
      'availability_periods_order',
      sql`${t.endDateTime} > ${t.startDateTime} and ${t.lastEnd} >= ${t.endDateTime}`,
    ),
  ],
);

// Who is called to one occurrence, with their answer. link_nonce counts the one-click links
// issued: a mail's links carry the value it had, and using one (or a newer mail) moves it on.
export const eventCalls = pgTable(
  'event_calls',
  {
    id: serial('id'),
    organizationId: orgId(),
    eventId: integer('event_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('called'),
    callTime: varchar('call_time', { length: 5 }),
    note: text('note'),
    responseNote: text('response_note'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    linkNonce: integer('link_nonce').notNull().default(0),
    calledBy: integer('called_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('event_calls_id').on(t.id),
    foreignKey({
      name: 'event_calls_event_id_calendar_events_id_fk',
      columns: [t.organizationId, t.eventId],
      foreignColumns: [calendarEvents.organizationId, calendarEvents.id],
    }).onDelete('cascade'),
    uniqueIndex('event_calls_org_event_user').on(t.organizationId, t.eventId, t.userId),
    index('event_calls_event_user').on(t.eventId, t.userId),
    index('event_calls_org_user').on(t.organizationId, t.userId),
    check('event_calls_status', sql`${t.status} in ('called', 'confirmed', 'declined')`),
  ],
);

// Attendance at one occurrence that has started.
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    id: serial('id'),
    organizationId: orgId(),
    eventId: integer('event_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('attendance_records_id').on(t.id),
    foreignKey({
      name: 'attendance_records_event_id_calendar_events_id_fk',
      columns: [t.organizationId, t.eventId],
      foreignColumns: [calendarEvents.organizationId, calendarEvents.id],
    }).onDelete('cascade'),
    uniqueIndex('attendance_records_org_event_user').on(t.organizationId, t.eventId, t.userId),
    index('attendance_records_event_user').on(t.eventId, t.userId),
    index('attendance_records_org_user').on(t.organizationId, t.userId),
    check('attendance_records_status', sql`${t.status} in ('present', 'late', 'absent', 'excused')`),
  ],
);

// Volunteering: the organization's positions (House Manager, Usher, ...).
export const volunteerPositions = pgTable(
  'volunteer_positions',
  {
    id: serial('id'),
    organizationId: orgId(),
    name: varchar('name', { length: 80 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('volunteer_positions_id').on(t.id),
    uniqueIndex('volunteer_positions_org_name').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

// A shift on one occurrence: a position, its places and times, and who may sign up (team_ids
// empty = any member). `taken` counts its signups, kept by a trigger (migration
// *_volunteer_shifts) that refuses a signup past `places`.
export const volunteerShifts = pgTable(
  'volunteer_shifts',
  {
    id: serial('id'),
    organizationId: orgId(),
    eventId: integer('event_id').notNull(),
    positionId: integer('position_id').notNull(),
    places: integer('places').notNull(),
    taken: integer('taken').notNull().default(0),
    startDateTime: timestamp('start_date_time', { withTimezone: true }).notNull(),
    endDateTime: timestamp('end_date_time', { withTimezone: true }).notNull(),
    note: text('note'),
    teamIds: integer('team_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('volunteer_shifts_id').on(t.id),
    foreignKey({
      name: 'volunteer_shifts_event_id_calendar_events_id_fk',
      columns: [t.organizationId, t.eventId],
      foreignColumns: [calendarEvents.organizationId, calendarEvents.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'volunteer_shifts_position_id_volunteer_positions_id_fk',
      columns: [t.organizationId, t.positionId],
      foreignColumns: [volunteerPositions.organizationId, volunteerPositions.id],
    }).onDelete('restrict'),
    index('volunteer_shifts_org_start').on(t.organizationId, t.startDateTime),
    // Shifts starting soon in any organization (the worker's shift reminders).
    index('volunteer_shifts_start').on(t.startDateTime),
    index('volunteer_shifts_event').on(t.eventId),
    check('volunteer_shifts_places', sql`${t.places} > 0 and ${t.taken} >= 0 and ${t.taken} <= ${t.places}`),
    check('volunteer_shifts_order', sql`${t.endDateTime} > ${t.startDateTime}`),
  ],
);

// One member's place on a shift. offered_at: offered for a swap (they stay responsible until
// someone takes it); check_in: marked at the event.
export const volunteerSignups = pgTable(
  'volunteer_signups',
  {
    id: serial('id'),
    organizationId: orgId(),
    shiftId: integer('shift_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    checkIn: text('check_in'),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('volunteer_signups_id').on(t.id),
    foreignKey({
      name: 'volunteer_signups_shift_id_volunteer_shifts_id_fk',
      columns: [t.organizationId, t.shiftId],
      foreignColumns: [volunteerShifts.organizationId, volunteerShifts.id],
    }).onDelete('cascade'),
    uniqueIndex('volunteer_signups_org_shift_user').on(t.organizationId, t.shiftId, t.userId),
    index('volunteer_signups_shift_user').on(t.shiftId, t.userId),
    index('volunteer_signups_org_user').on(t.organizationId, t.userId),
    check('volunteer_signups_check_in', sql`${t.checkIn} in ('present', 'no_show')`),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type User = typeof users.$inferSelect;
export type Membership = typeof userOrganizations.$inferSelect;

/** A team's characters (docs/product.md#the-breakdown); the members cast in each are below. */
export const productionCharacters = pgTable(
  'production_characters',
  {
    id: serial('id'),
    organizationId: orgId(),
    teamId: integer('team_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('production_characters_id').on(t.id),
    foreignKey({
      name: 'production_characters_team_id_teams_id_fk',
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete('cascade'),
    uniqueIndex('production_characters_org_team_name').on(t.organizationId, t.teamId, sql`lower(${t.name})`),
    index('production_characters_team_name').on(t.teamId, sql`lower(${t.name})`),
    index('production_characters_org_team').on(t.organizationId, t.teamId),
  ],
);

export const productionCharacterCast = pgTable(
  'production_character_cast',
  {
    id: serial('id'),
    organizationId: orgId(),
    characterId: integer('character_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('production_character_cast_id').on(t.id),
    foreignKey({
      name: 'production_character_cast_character_id_production_characters_id',
      columns: [t.organizationId, t.characterId],
      foreignColumns: [productionCharacters.organizationId, productionCharacters.id],
    }).onDelete('cascade'),
    uniqueIndex('production_character_cast_org_character_user').on(t.organizationId, t.characterId, t.userId),
    index('production_character_cast_character_user').on(t.characterId, t.userId),
    index('production_character_cast_org_user').on(t.organizationId, t.userId),
  ],
);

/** A team's scenes; `pages` counts eighths of a page, as stage managers measure a scene. */
export const productionScenes = pgTable(
  'production_scenes',
  {
    id: serial('id'),
    organizationId: orgId(),
    teamId: integer('team_id').notNull(),
    name: text('name').notNull(),
    act: text('act'),
    position: integer('position').notNull(),
    pages: integer('pages'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('production_scenes_id').on(t.id),
    foreignKey({
      name: 'production_scenes_team_id_teams_id_fk',
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete('cascade'),
    uniqueIndex('production_scenes_org_team_name').on(t.organizationId, t.teamId, sql`lower(${t.name})`),
    index('production_scenes_team_name').on(t.teamId, sql`lower(${t.name})`),
    index('production_scenes_org_team').on(t.organizationId, t.teamId),
    check('production_scenes_pages', sql`${t.pages} >= 0`),
  ],
);

export const productionSceneCharacters = pgTable(
  'production_scene_characters',
  {
    id: serial('id'),
    organizationId: orgId(),
    sceneId: integer('scene_id').notNull(),
    characterId: integer('character_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('production_scene_characters_id').on(t.id),
    foreignKey({
      name: 'production_scene_characters_character_id_production_characters_',
      columns: [t.organizationId, t.characterId],
      foreignColumns: [productionCharacters.organizationId, productionCharacters.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'production_scene_characters_scene_id_production_scenes_id_fk',
      columns: [t.organizationId, t.sceneId],
      foreignColumns: [productionScenes.organizationId, productionScenes.id],
    }).onDelete('cascade'),
    uniqueIndex('production_scene_characters_org_scene_character').on(
      t.organizationId,
      t.sceneId,
      t.characterId,
    ),
    index('production_scene_characters_scene_character').on(t.sceneId, t.characterId),
    index('production_scene_characters_character').on(t.characterId),
  ],
);

/** The scenes a rehearsal date works: its people are then those scenes' cast. */
export const calendarEventScenes = pgTable(
  'calendar_event_scenes',
  {
    id: serial('id'),
    organizationId: orgId(),
    eventId: integer('event_id').notNull(),
    sceneId: integer('scene_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('calendar_event_scenes_id').on(t.id),
    foreignKey({
      name: 'calendar_event_scenes_event_id_calendar_events_id_fk',
      columns: [t.organizationId, t.eventId],
      foreignColumns: [calendarEvents.organizationId, calendarEvents.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'calendar_event_scenes_scene_id_production_scenes_id_fk',
      columns: [t.organizationId, t.sceneId],
      foreignColumns: [productionScenes.organizationId, productionScenes.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_event_scenes_org_event_scene').on(t.organizationId, t.eventId, t.sceneId),
    index('calendar_event_scenes_event_scene').on(t.eventId, t.sceneId),
    index('calendar_event_scenes_scene').on(t.sceneId),
  ],
);

/** The departments reports are addressed to; an organization without rows uses the defaults. */
export const reportDepartments = pgTable(
  'report_departments',
  {
    id: serial('id'),
    organizationId: orgId(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    recipientIds: integer('recipient_ids').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('report_departments_id').on(t.id),
    uniqueIndex('report_departments_org_name').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

/** One report per rehearsal or show date: a draft until published. */
export const eventReports = pgTable(
  'event_reports',
  {
    id: serial('id'),
    organizationId: orgId(),
    eventId: integer('event_id').notNull(),
    times: jsonb('times').notNull().default(sql`'{}'::jsonb`),
    summary: text('summary'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('event_reports_id').on(t.id),
    foreignKey({
      name: 'event_reports_event_id_calendar_events_id_fk',
      columns: [t.organizationId, t.eventId],
      foreignColumns: [calendarEvents.organizationId, calendarEvents.id],
    }).onDelete('cascade'),
    uniqueIndex('event_reports_org_event').on(t.organizationId, t.eventId),
    index('event_reports_event').on(t.eventId),
    index('event_reports_org').on(t.organizationId),
  ],
);

export const reportNotes = pgTable(
  'report_notes',
  {
    id: serial('id'),
    organizationId: orgId(),
    reportId: integer('report_id').notNull(),
    position: integer('position').notNull(),
    department: text('department').notNull(),
    text: text('text').notNull(),
    confidential: boolean('confidential').notNull().default(false),
    status: text('status').notNull().default('open'),
    reply: text('reply'),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('report_notes_id').on(t.id),
    foreignKey({
      name: 'report_notes_report_id_event_reports_id_fk',
      columns: [t.organizationId, t.reportId],
      foreignColumns: [eventReports.organizationId, eventReports.id],
    }).onDelete('cascade'),
    index('report_notes_report').on(t.reportId),
    index('report_notes_org_department_status').on(t.organizationId, sql`lower(${t.department})`, t.status),
    check('report_notes_status', sql`${t.status} in ('open', 'acknowledged', 'done')`),
  ],
);
