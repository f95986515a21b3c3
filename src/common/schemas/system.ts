// System administration inputs, shared by the server and the forms.
import { z } from 'zod';
import './messages';
import { emailSchema, shortnameSchema, usernameSchema } from './auth';
import { memberPageSchema, pageQueryFields } from './member-list';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * Which decision may follow which state. The basic flow is pending → approved | rejected; a
 * rejected organization may be approved after all, an approved one suspended, and a suspended
 * one approved again (restored). Everything else is refused with 409.
 */
export const APPROVAL_TRANSITIONS = {
  approve: ['pending', 'rejected', 'suspended'],
  reject: ['pending'],
  suspend: ['approved'],
} as const satisfies Record<string, readonly ApprovalStatus[]>;
export type ApprovalDecision = keyof typeof APPROVAL_TRANSITIONS;

export function canDecide(decision: ApprovalDecision, status: string): boolean {
  return (APPROVAL_TRANSITIONS[decision] as readonly string[]).includes(status);
}

const systemSearchSchema = z
  .string()
  .trim()
  .max(200, 'Search is too long')
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * The system lists answer one keyset page at a time (`limit`, `after`; docs/api.md#system-lists),
 * however many organizations there are.
 */
export const organizationListQuerySchema = z.object({
  search: systemSearchSchema,
  status: z.enum(['all', ...APPROVAL_STATUSES]).default('all'),
  ...pageQueryFields,
});

export const pendingOrganizationsQuerySchema = z.object({ ...pageQueryFields });

export const suspendOrganizationSchema = z.object({
  reason: z.string().trim().max(1000, 'Reason is too long').optional().nullable(),
});

export const DATABASE_SETTINGS_DEFAULTS = {
  host: 'localhost',
  port: 5432,
  database: '',
  username: '',
  password: '',
  ssl: true,
  maxConnections: 10,
  connectionTimeout: 10000,
};

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(255);

export const databaseSettingsSchema = z.object({
  host: required('Host is required'),
  port: z.coerce
    .number({ error: 'Port must be between 1 and 65535' })
    .int('Port must be between 1 and 65535')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535'),
  database: required('Database name is required'),
  username: required('Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000),
  ssl: z.boolean().default(true),
  maxConnections: z.coerce
    .number({ error: 'Max connections must be between 1 and 100' })
    .int('Max connections must be between 1 and 100')
    .min(1, 'Max connections must be between 1 and 100')
    .max(100, 'Max connections must be between 1 and 100'),
  connectionTimeout: z.coerce
    .number({ error: 'Connection timeout must be between 1000 and 60000 ms' })
    .int('Connection timeout must be between 1000 and 60000 ms')
    .min(1000, 'Connection timeout must be between 1000 and 60000 ms')
    .max(60000, 'Connection timeout must be between 1000 and 60000 ms'),
});
export type DatabaseSettings = z.infer<typeof databaseSettingsSchema>;

/**
 * Saving may keep the stored password: the server never sends it back, so an empty password
 * on save means "unchanged" once one is stored (the server checks that one is).
 */
export const saveDatabaseSettingsSchema = databaseSettingsSchema.extend({
  password: z.string().max(1000).default(''),
});

export const tableRecordsQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search is too long').optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** Column values of one record, keyed by column name; each is checked against its column type. */
export const recordDataSchema = z.record(z.string().max(63), z.unknown());

export const systemRegisterOrganizationSchema = z.object({
  organizationName: z
    .string({ error: 'Organization name is required' })
    .trim()
    .min(1, 'Organization name is required')
    .max(200, 'Organization name is too long'),
  organizationShortname: shortnameSchema,
  ownerUsername: usernameSchema,
  ownerEmail: emailSchema,
  ownerFirstName: z.string().trim().max(50, 'Name fields are at most 50 characters').optional(),
  ownerLastName: z.string().trim().max(50, 'Name fields are at most 50 characters').optional(),
});
export type SystemRegisterOrganizationInput = z.infer<typeof systemRegisterOrganizationSchema>;

/** Where people waiting for a decision write to; empty means the system user's own address. */
export const supportSettingsInputSchema = z.object({
  supportEmail: z.union([z.literal(''), emailSchema], { error: 'Invalid email address' }),
});
export const supportSettingsSchema = z.object({ supportEmail: z.string(), defaultEmail: z.string() });
export type SupportSettings = z.infer<typeof supportSettingsSchema>;

export const outboxQuerySchema = z.object({ ...pageQueryFields });

/** The charts' range, and the per-organization table's search and page. */
export const analyticsQuerySchema = z.object({
  weeks: z.coerce.number().int().min(4).max(104).default(12),
  search: systemSearchSchema,
  ...pageQueryFields,
});

// Answers of the system routes: the server's serializer keeps only these fields, so nothing
// else (a password, a hash) can slip into a response by a later change of a query.

/**
 * A time the database hands over as a Date (or already as text), sent as its ISO 8601 string.
 * The server gives the schema's output; what the web receives is its input (`z.input`), a string.
 */
const timestamp = z.codec(z.string(), z.union([z.string(), z.date()]), {
  decode: (text) => text,
  encode: (time) => (typeof time === 'string' ? time : time.toISOString()),
});
const ownerSchema = z.object({ id: z.number(), username: z.string(), email: z.string() });

const organizationCountsSchema = z.object({
  total: z.number(),
  approved: z.number(),
  pending: z.number(),
  rejected: z.number(),
  suspended: z.number(),
});
export type OrganizationCounts = z.infer<typeof organizationCountsSchema>;

const organizationSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  shortname: z.string(),
  description: z.string().nullable(),
  contactEmail: z.string().nullable(),
  approvalStatus: z.string(),
  approvedAt: timestamp.nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: timestamp,
  userCount: z.number(),
  owner: ownerSchema.nullable(),
});
export type OrganizationSummary = z.input<typeof organizationSummarySchema>;

/** One page of organizations, with the counts by status of all of them (whatever the filters). */
export const organizationListSchema = memberPageSchema(organizationSummarySchema).extend({
  counts: organizationCountsSchema,
});
export type OrganizationList = z.input<typeof organizationListSchema>;

/** GET /api/system/pending-organizations: the queue, oldest first; `owner` has nulls when none. */
const pendingOrganizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  shortname: z.string(),
  contactEmail: z.string().nullable(),
  createdAt: timestamp,
  owner: z
    .object({ id: z.number().nullable(), username: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
});
export type PendingOrganization = z.input<typeof pendingOrganizationSchema>;
export const pendingOrganizationListSchema = memberPageSchema(pendingOrganizationSchema);
export type PendingOrganizationList = z.input<typeof pendingOrganizationListSchema>;

/** GET /api/system/stats: the platform's figures for the system dashboard. */
export const systemStatsSchema = z.object({
  totalOrganizations: z.number(),
  totalUsers: z.number(),
  totalEvents: z.number(),
  databaseSize: z.string(),
});
export type SystemStats = z.infer<typeof systemStatsSchema>;

export const decisionResultSchema = z.object({
  id: z.number(),
  name: z.string(),
  shortname: z.string(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  rejectionReason: z.string().nullable(),
});
export type DecisionResult = z.infer<typeof decisionResultSchema>;

export const registeredOrganizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  shortname: z.string(),
  approvalStatus: z.literal('approved'),
  owner: ownerSchema,
});
export type RegisteredOrganization = z.infer<typeof registeredOrganizationSchema>;

export const systemInfoSchema = z.object({
  databaseStatus: z.string(),
  connectionCount: z.number(),
  uptime: z.number(),
  version: z.string(),
  database: z.object({ kind: z.enum(['embedded', 'server']), source: z.string(), name: z.string() }),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

// Plain types: before anything is saved the defaults have no database or username yet.
export const storedDatabaseSettingsSchema = z.object({
  host: z.string(),
  port: z.number(),
  database: z.string(),
  username: z.string(),
  password: z.literal(''),
  ssl: z.boolean(),
  maxConnections: z.number(),
  connectionTimeout: z.number(),
  hasPassword: z.boolean(),
  saved: z.boolean(),
});
export type StoredDatabaseSettings = z.infer<typeof storedDatabaseSettingsSchema>;

export const connectionTestSchema = z.object({
  success: z.literal(true),
  responseTime: z.number(),
  serverVersion: z.string(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

const outboxMessageSchema = z.object({
  id: z.number(),
  toAddress: z.string(),
  subject: z.string(),
  sentAt: timestamp.nullable(),
  error: z.string().nullable(),
  createdAt: timestamp,
});
export type OutboxMessage = z.input<typeof outboxMessageSchema>;

export const outboxListSchema = memberPageSchema(outboxMessageSchema);
export type OutboxList = z.input<typeof outboxListSchema>;

export const outboxEntrySchema = outboxMessageSchema.extend({
  textBody: z.string(),
  htmlBody: z.string().nullable(),
});
export type OutboxEntry = z.input<typeof outboxEntrySchema>;

export const tableListSchema = z.array(
  z.object({ name: z.string(), insertable: z.boolean(), rowCount: z.number() }),
);
export type TableInfo = z.infer<typeof tableListSchema>[number];

/** One row of a managed table: its columns but the secret ones, each as the database gives it. */
export const dbRecordSchema = z.looseObject({ id: z.number() });
export type DbRecord = z.infer<typeof dbRecordSchema>;

export const recordPageSchema = z.object({
  table: z.string(),
  columns: z.array(z.string()),
  records: z.array(dbRecordSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type RecordPage = z.infer<typeof recordPageSchema>;

/** GET …/table/{table}/export: every row (up to the export limit), as a JSON download. */
export const recordExportSchema = z.array(dbRecordSchema);

export const recordDeletedSchema = z.object({ id: z.number(), deleted: z.literal(true) });
export type RecordDeleted = z.infer<typeof recordDeletedSchema>;

export const tableSchemaSchema = z.object({
  table: z.string(),
  insertable: z.boolean(),
  columns: z.array(
    z.object({
      column_name: z.string(),
      data_type: z.string(),
      is_nullable: z.string(),
      column_default: z.string().nullable(),
      required: z.boolean(),
      /** May be given when a record is added, and changed when one is edited. */
      creatable: z.boolean(),
      editable: z.boolean(),
      /** Why the column cannot be changed here, shown beside it; null when it can. */
      readOnlyReason: z.string().nullable(),
    }),
  ),
});
export type TableSchema = z.infer<typeof tableSchemaSchema>;
export type SchemaColumn = TableSchema['columns'][number];

/** GET /api/health: 200 while the database answers, 503 (the same shape) while it does not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['connected', 'unreachable']),
});

export const ANALYTICS_SERIES = ['organizations', 'members', 'events', 'activeMembers'] as const;
export type SeriesName = (typeof ANALYTICS_SERIES)[number];

const weekPointSchema = z.object({ week: z.string(), value: z.number() });
export type WeekPoint = z.infer<typeof weekPointSchema>;

const organizationFiguresSchema = z.object({
  id: z.number(),
  name: z.string(),
  shortname: z.string(),
  approvalStatus: z.string(),
  members: z.number(),
  activeMembers: z.number(),
  events: z.number(),
});
export type OrganizationFigures = z.infer<typeof organizationFiguresSchema>;

const seriesSchema = z.object({
  organizations: z.array(weekPointSchema),
  members: z.array(weekPointSchema),
  events: z.array(weekPointSchema),
  activeMembers: z.array(weekPointSchema),
}) satisfies z.ZodType<Record<SeriesName, WeekPoint[]>>;

/** GET /api/system/analytics: weekly figures over every organization, or one, and a page of the table. */
export const analyticsSchema = z.object({
  weeks: z.number(),
  organizationId: z.number().nullable(),
  /** The organization the charts are for, when one is chosen. */
  organization: z.object({ id: z.number(), name: z.string(), shortname: z.string() }).nullable(),
  /** The charts; null on a later page of the table, whose first page brought them. */
  series: seriesSchema.nullable(),
  organizations: memberPageSchema(organizationFiguresSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;
