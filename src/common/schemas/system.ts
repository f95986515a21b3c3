// System administration inputs (spec part 2 §5, §9), shared by the server and the forms.
import { z } from 'zod';
import { emailSchema, shortnameSchema, usernameSchema } from './auth';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * Which decision may follow which state. Spec §4 only draws pending → approved | rejected; a
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

export const organizationListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search is too long').optional(),
  status: z.enum(['all', ...APPROVAL_STATUSES]).default('all'),
});

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

export const outboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const analyticsQuerySchema = z.object({
  weeks: z.coerce.number().int().min(4).max(104).default(12),
});
