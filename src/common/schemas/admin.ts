// Organization administration forms: add user, disable, role,
// organization settings and branding. The server validates with these and the forms resolve with
// them, so each message is written once.
import { z } from 'zod';
import './messages';
import { DISABLE_REASON_REQUIRED, type Theme, THEMES } from '../admin';
import { customCssProblem } from '../custom-css';
import { ASSIGNABLE_ROLES } from '../permissions';
import { isValidTimeZone } from '../timezones';
import { emailSchema, passwordSchema, usernameSchema } from './auth';
import { EVENT_TYPES } from '../calendar';
import { memberIdentitySchema } from './people';

import { type MembershipStatus, memberFilterFields, pageQueryFields } from './member-list';

export { MEMBERSHIP_STATUSES, type MembershipStatus } from './member-list';

export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Role is required'
      : 'This role cannot be assigned',
});

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(50, `${label} must be 50 characters or less`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const addUserSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  role: assignableRoleSchema,
});
export type AddUserInput = z.input<typeof addUserSchema>;

export const disableUserSchema = z.object({
  reason: z
    .string({ error: DISABLE_REASON_REQUIRED })
    .trim()
    .min(1, DISABLE_REASON_REQUIRED)
    .max(500, 'Reason must be 500 characters or less'),
});

export const changeRoleSchema = z.object({ role: assignableRoleSchema });

/**
 * One membership row as the user management routes send it (the response schema, so no other
 * column can leak) and as the users page reads it.
 */
export const membershipRowSchema = z.object({
  id: z.number(),
  userId: z.number(),
  user: memberIdentitySchema,
  role: z.string(),
  status: z.string(),
  isActive: z.boolean(),
  approvedAt: z.string().nullable(),
  approvedBy: z.number().nullable(),
  disabledAt: z.string().nullable(),
  disabledBy: z.number().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
});
// The wire schema keeps `status` a plain string, as it always was; every writer sets one of the
// three statuses, which the type says so screens can key on it.
export type MembershipRow = z.infer<typeof membershipRowSchema> & { status: MembershipStatus };

/**
 * The user management list: the member filters, and either keyset paging (`after`, `limit`: the
 * answer is a page object) or the older numbered pages (`page`, `pageSize`: a plain array with
 * the total in headers).
 */
export const listUsersQuerySchema = z
  .object({
    ...memberFilterFields,
    ...pageQueryFields,
    page: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine((q) => !((q.page || q.pageSize) && (q.after !== undefined || q.limit !== undefined)), {
    message: 'Page with either page and pageSize or after and limit',
    path: ['page'],
  });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const PUBLIC_TYPES = 'Public event types must be chosen from show, class, rehearsal and other';
export const VOLUNTEER_TARGET =
  'Volunteer hours target must be a number of hours from 0 to 1000 (quarter hours)';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const organizationSettingsFields = z.object({
  name: z
    .string({ error: 'Organization name is required' })
    .trim()
    .min(1, 'Organization name is required')
    .max(200, 'Organization name must be 200 characters or less'),
  description: optionalText(2000, 'Description'),
  contactEmail: z
    .union([
      z.literal(''),
      z.null(),
      z.string().trim().max(254, 'Invalid email').pipe(z.email('Invalid email')),
    ])
    .optional()
    .transform((v) => (v ? v : null)),
  phone: optionalText(50, 'Phone'),
  customDomain: z
    .union([
      z.literal(''),
      z.null(),
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(DOMAIN, 'Please enter a valid domain, such as theater.example.com'),
    ])
    .optional()
    .transform((v) => (v ? v : null)),
  enableCustomDomain: z.boolean(),
  enablePublicRegistration: z.boolean(),
  requireEmailVerification: z.boolean(),
  requireAdminApproval: z.boolean(),
  requireTwoFactorForAdmins: z.boolean(),
  defaultRole: assignableRoleSchema,
  timezone: z
    .string({ error: 'Please choose a time zone' })
    .refine(isValidTimeZone, 'Please choose a valid time zone'),
  /** Event types shown on the public calendar unless an event says otherwise. */
  publicEventTypes: z
    .array(z.enum(EVENT_TYPES, { error: PUBLIC_TYPES }), { error: PUBLIC_TYPES })
    .max(EVENT_TYPES.length, PUBLIC_TYPES)
    .transform((v) => EVENT_TYPES.filter((t) => v.includes(t)))
    .optional(),
  /** Volunteer hours asked of each member per season (the hours ledger's target); null = none. */
  volunteerHoursTarget: z
    .number({ error: VOLUNTEER_TARGET })
    .min(0, VOLUNTEER_TARGET)
    .max(1000, VOLUNTEER_TARGET)
    .multipleOf(0.25, VOLUNTEER_TARGET)
    .nullable()
    .optional(),
});

export const CUSTOM_DOMAIN_REQUIRED = 'Please enter the custom domain to enable it';

/** The settings form: every field present. */
export const organizationSettingsSchema = organizationSettingsFields.refine(
  (v) => !v.enableCustomDomain || !!v.customDomain,
  { message: CUSTOM_DOMAIN_REQUIRED, path: ['customDomain'] },
);
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;

/** PATCH /api/organizations/{orgId}: any subset of the settings (shortname is never accepted). */
export const organizationSettingsPatchSchema = organizationSettingsFields.partial();

export const hexColorSchema = z
  .string({ error: 'Must be a valid hex color' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'Must be a valid hex color');

// Our own stored files, or an https address; never javascript:, data: or plain http.
const imageUrlSchema = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .trim()
      .max(2000, 'Must be a valid URL')
      .refine(
        (v) => /^\/files\/\d+\/[A-Za-z0-9_-]+$/.test(v) || /^https:\/\/[^\s"'()<>\\]+$/i.test(v),
        'Must be a valid URL',
      ),
  ])
  .optional()
  .transform((v) => (v ? v : null));

export const brandingFields = z.object({
  logoUrl: imageUrlSchema,
  favicon: imageUrlSchema,
  primaryColor: hexColorSchema,
  secondaryColor: hexColorSchema,
  accentColor: hexColorSchema,
  backgroundColor: hexColorSchema,
  textColor: hexColorSchema,
  theme: z.enum(THEMES, { error: 'Theme must be light, dark or auto' }),
  customCss: z
    .string()
    .nullable()
    .optional()
    .superRefine((css, ctx) => {
      const problem = customCssProblem(css);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => (v?.trim() ? v : null)),
});
export const brandingSchema = brandingFields;
export type BrandingInput = z.input<typeof brandingSchema>;
/** PUT /api/organizations/{orgId}/branding: fields left out stay as they are. */
export const brandingPatchSchema = brandingFields.partial();
export type BrandingPatchInput = z.input<typeof brandingPatchSchema>;

/** GET and PATCH /api/organizations/{orgId}: what the settings page reads. */
export const organizationSettingsResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  shortname: z.string(),
  description: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  customDomain: z.string().nullable(),
  enableCustomDomain: z.boolean(),
  enablePublicRegistration: z.boolean(),
  requireEmailVerification: z.boolean(),
  requireAdminApproval: z.boolean(),
  requireTwoFactorForAdmins: z.boolean(),
  defaultRole: z.string(),
  timezone: z.string(),
  publicEventTypes: z.array(z.string()),
  volunteerHoursTarget: z.number().nullable(),
  approvalStatus: z.string(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsResponseSchema>;

/** GET and PUT /api/organizations/{orgId}/branding: what the branding page reads. */
export const brandingResponseSchema = z.object({
  logoUrl: z.string().nullable(),
  favicon: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  theme: z.enum(THEMES).or(z.string()),
  customCss: z.string().nullable(),
  updatedAt: z.string(),
});
// The wire schema lets any stored theme through, as it always did; saves accept only the three
// themes, which the type says so the page can pick one.
export type Branding = z.infer<typeof brandingResponseSchema> & { theme: Theme };

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  action: z.string().max(64).optional(),
});

/** GET /api/public/{shortname}/branding: the public calendar's look, with the organization's name. */
export const publicBrandingSchema = brandingResponseSchema.extend({ name: z.string() });

/** POST …/upload-logo and …/upload-favicon: the new image's address, under the field it fills. */
export const brandImageAnswerSchemas = {
  logo: z.object({ logoUrl: z.string() }),
  favicon: z.object({ favicon: z.string() }),
};
export type BrandImageAnswer = z.infer<
  (typeof brandImageAnswerSchemas)[keyof typeof brandImageAnswerSchemas]
>;

/** DELETE /api/organizations/{orgId}/users/{userId}: whether the account went too (no other organization). */
export const userDeletedSchema = z.object({ message: z.string(), accountDeleted: z.boolean() });
export type UserDeleted = z.infer<typeof userDeletedSchema>;

export const auditRowSchema = z.object({
  id: z.number(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.number().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  actor: z
    .object({
      id: z.number(),
      username: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
    })
    .nullable(),
  /** The target's current username when it is a user who still exists. */
  targetUsername: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** GET /api/organizations/{orgId}/audit. */
export const auditPageSchema = z.object({
  items: z.array(auditRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /manifest.webmanifest: the installable app's manifest, the organization's on its address. */
export const appManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })),
  shortcuts: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
});
