// Moving in: members from a spreadsheet and a season from a calendar app. The row rules
// reuse the Add User schema, so an imported row is refused with the same words as a typed one.
import { z } from 'zod';
import './messages';
import { addUserSchema, assignableRoleSchema } from './admin';
import { EVENT_TYPES } from '../calendar';

export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const TOO_MANY_ROWS = `A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows`;

/** One member row as read from the file, before teams and roles are looked up. */
export const importMemberSchema = addUserSchema.omit({ password: true, role: true }).extend({
  role: assignableRoleSchema.optional(),
});

export const IMPORT_ROW_STATUSES = ['create', 'skip', 'error'] as const;

export const memberImportResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.number(),
  skipped: z.number(),
  errors: z.number(),
  rows: z.array(
    z.object({
      line: z.number(),
      status: z.enum(IMPORT_ROW_STATUSES),
      username: z.string(),
      message: z.string().nullable(),
      /** The member made (or already there), for links on the result screen. */
      userId: z.number().nullable(),
    }),
  ),
});
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['0', '1', 'true', 'false'], { error: 'dryRun must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export const CALENDAR_IMPORT_FIELDS_INVALID = 'Invalid import options';
export const calendarImportFieldsSchema = z.object({
  space: z.string().trim().max(200, 'Space must be 200 characters or less').optional(),
  eventType: z.enum(EVENT_TYPES, { error: 'Choose an event type from the list' }).optional(),
  allowConflicts: z.boolean().optional(),
});

const importedEventSchema = z.object({
  uid: z.string(),
  summary: z.string(),
  /** The event or series made or changed, for links on the result screen. */
  eventId: z.number().nullable(),
  seriesId: z.number().nullable(),
  start: z.string(),
});

/** A date the import leaves out (or books over, when allowed) because its space is taken. */
const clashSchema = z.object({ start: z.string(), message: z.string() });

export const CALENDAR_CHANGES = ['name', 'description', 'spaces', 'time', 'dates'] as const;

export const calendarImportResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  items: z.array(
    importedEventSchema.extend({
      status: z.enum(['create', 'update', 'unchanged']),
      /** Where its dates are booked (a moved date may name its own space). */
      spaces: z.array(z.string()),
      /** The local start of every date it has after the import. */
      dates: z.array(z.string()),
      clashes: z.array(clashSchema),
      /** What an update changes. */
      changes: z.array(z.enum(CALENDAR_CHANGES)),
    }),
  ),
  skipped: z.array(z.object({ uid: z.string(), summary: z.string(), reason: z.string() })),
  conflicts: z.array(z.object({ uid: z.string(), summary: z.string(), message: z.string() })),
  /** UIDs imported earlier that this file no longer has: reported, never deleted. */
  missing: z.array(z.object({ uid: z.string(), title: z.string() })),
  /** Dates an update takes away, with the calls, answers and follows that go with them. */
  removed: z.array(
    z.object({
      uid: z.string(),
      summary: z.string(),
      eventId: z.number(),
      start: z.string(),
      calls: z.array(z.object({ name: z.string(), status: z.string() })),
      followers: z.array(z.string()),
    }),
  ),
});
export type CalendarImportResult = z.infer<typeof calendarImportResultSchema>;
