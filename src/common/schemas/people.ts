// The User Details form: the server validates PATCH /api/users/{id}/details with
// it and the dialog resolves with it, so the rules and messages live in one place.
import { z } from 'zod';
import './messages';
import { ORGANIZATION_ROLES, PERMISSION_ROLES } from '../permissions';
import { memberPageSchema } from './member-list';

// All six roles parse (the dialog shows the owner's own level); the server refuses to hand
// 'owner' to anyone and never changes the owner's level.
export const userDetailsSchema = z.object({
  permissionRole: z.enum(PERMISSION_ROLES, { error: 'Choose a valid permission level' }),
  organizationRoles: z
    .array(z.enum(ORGANIZATION_ROLES, { error: 'Choose organization roles from the list' }), {
      error: 'Choose organization roles from the list',
    })
    .max(ORGANIZATION_ROLES.length, 'Choose organization roles from the list')
    .refine((roles) => new Set(roles).size === roles.length, 'Each organization role can be chosen once'),
  isActive: z.boolean({ error: 'Active status must be true or false' }),
});
export type UserDetailsInput = z.infer<typeof userDetailsSchema>;

/** A team a member belongs to, with their role in it. */
export const memberTeamSchema = z.object({ id: z.number(), name: z.string(), role: z.string() });
export type DirectoryTeam = z.infer<typeof memberTeamSchema>;

// The directory's answers, built as JSON by the server's SQL (directory/queries.ts), in the
// columns' order there.
const entryFields = {
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  bio: z.string().nullable(),
  roles: z.array(z.string()),
  organizationRole: z.string(),
};

/** One member in GET /api/organizations/{orgId}/directory. */
export const directoryEntrySchema = z.object({ ...entryFields, teams: z.array(memberTeamSchema) });
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

/** The directory: every entry (the spec's plain array), or one page when `limit` or `after` asks. */
export const directoryAnswerSchema = z.union([
  z.array(directoryEntrySchema),
  memberPageSchema(directoryEntrySchema),
]);

/** The person page: the entry plus e-mail and the teams' handles for links. */
export const personSchema = z.object({
  ...entryFields,
  email: z.string(),
  teams: z.array(memberTeamSchema.extend({ handle: z.string() })),
});
export type PersonEntry = z.infer<typeof personSchema>;

/** Who a member is, as the user management list and the User Details dialog show them. */
export const memberIdentitySchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePicture: z.string().nullable(),
});

/** GET and PATCH /api/users/{id}/details answer this; the dialog reads it. */
export const userDetailsResponseSchema = memberIdentitySchema.extend({
  bio: z.string().nullable(),
  permissionRole: z.string(),
  organizationRoles: z.array(z.string()),
  isActive: z.boolean(),
  teams: z.array(memberTeamSchema),
});
export type UserDetails = z.infer<typeof userDetailsResponseSchema>;

/** The form's starting values. */
export const USER_DETAILS_DEFAULTS: UserDetailsInput = {
  permissionRole: 'standard_user',
  organizationRoles: ['Student'],
  isActive: true,
};

export const OWNER_UNCHANGEABLE = "The owner's permission level and access cannot be changed";
export const OWNER_NOT_ASSIGNABLE = 'The owner role cannot be assigned';
export const CANNOT_DISABLE_SELF = 'You cannot disable your own access';
export const CANNOT_CHANGE_OWN_LEVEL = 'You cannot change your own permission level';
