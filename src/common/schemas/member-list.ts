// The member lists' query strings (docs/api.md#member-lists): the filters and the keyset paging,
// declared once for the directory, User Management and the team member pickers.
import { z } from 'zod';
import './messages';
import { MAX_DB_ID } from '../ids';
import { INVALID_CURSOR, MEMBER_PAGE_MAX, MEMBERSHIP_STATUSES } from '../member-list';
import { ORGANIZATION_ROLES, PERMISSION_ROLES } from '../permissions';

export {
  INVALID_CURSOR,
  MEMBER_PAGE_MAX,
  MEMBER_PAGE_SIZE,
  type MemberPage,
  MEMBERSHIP_STATUSES,
  type MembershipStatus,
  wantsPage,
} from '../member-list';

/**
 * Keyset paging: `after` is the `nextCursor` of the page before (opaque to clients), `limit` the
 * page size. Either one asks for the paged answer `{items, total, nextCursor}`.
 */
export const pageQueryFields = {
  after: z
    .string()
    .max(400, INVALID_CURSOR)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR)
    .optional(),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${MEMBER_PAGE_MAX}` })
    .int(`Limit must be a whole number from 1 to ${MEMBER_PAGE_MAX}`)
    .min(1, `Limit must be a whole number from 1 to ${MEMBER_PAGE_MAX}`)
    .max(MEMBER_PAGE_MAX, `Limit must be a whole number from 1 to ${MEMBER_PAGE_MAX}`)
    .optional(),
};

export const memberSearchSchema = z
  .string()
  .trim()
  .max(100, 'Search must be 100 characters or less')
  .optional()
  .transform((v) => (v ? v : undefined));

const teamIdSchema = z.coerce
  .number({ error: 'Choose a team from the list' })
  .int('Choose a team from the list')
  .positive('Choose a team from the list')
  .max(MAX_DB_ID, 'Choose a team from the list');

/**
 * The filters every member list understands: `role` is the permission level (owner … standard
 * user), `organizationRole` one of the organization's role chips (Student, Performer …), `team`
 * a team's id, `status` the membership status.
 */
export const memberFilterFields = {
  search: memberSearchSchema,
  role: z.enum(PERMISSION_ROLES, { error: 'Choose a permission level from the list' }).optional(),
  organizationRole: z
    .enum(ORGANIZATION_ROLES, { error: 'Choose an organization role from the list' })
    .optional(),
  team: teamIdSchema.optional(),
  status: z.enum(MEMBERSHIP_STATUSES, { error: 'Choose a status from the list' }).optional(),
};

/** GET /api/organizations/{orgId}/directory. */
export const directoryQuerySchema = z.object({ ...memberFilterFields, ...pageQueryFields });
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

/** The team pickers: who may join a team, by name. */
export const candidateQuerySchema = z.object({ search: memberSearchSchema, ...pageQueryFields });

export const memberPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), nextCursor: z.string().nullable() });
