// Team forms and calls, with the spec's messages. The server validates
// with these and the dialogs resolve with them.
import { z } from 'zod';
import { memberPageSchema } from './member-list';
import './messages';
import { MAX_DB_ID } from '../ids';
import { isWebUrl, withWebScheme } from '../links';
import { TEAM_ROLES } from '../teams';

export const teamNameSchema = z
  .string({ error: 'Team name is required' })
  .trim()
  .min(1, 'Team name is required')
  .max(200, 'Team name must be at most 200 characters');

export const teamHandleSchema = z
  .string({ error: 'Team handle is required' })
  .trim()
  .min(1, 'Team handle is required')
  .max(100, 'Team handle must be at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Handle can only contain letters, numbers, underscores, and hyphens');

export const teamDescriptionSchema = z
  .string()
  .trim()
  .max(5000, 'Description must be at most 5000 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** A web address or nothing; an empty box means no URL. */
export const teamUrlSchema = z
  .string({ error: 'Must be a valid URL' })
  .trim()
  .max(2048, 'Must be a valid URL')
  .transform(withWebScheme)
  .refine((v) => v === '' || isWebUrl(v), 'Must be a valid URL')
  .nullish()
  .transform((v) => (v ? v : null));

export const createTeamSchema = z.object({
  name: teamNameSchema,
  description: teamDescriptionSchema,
  handle: teamHandleSchema,
  teamUrl: teamUrlSchema,
  memberIds: z
    .array(z.number().int().positive().max(MAX_DB_ID), { error: 'Please select valid members' })
    .max(1000)
    .default([]),
});
export type CreateTeamInput = z.input<typeof createTeamSchema>;

export const updateTeamSchema = z
  .object({
    name: teamNameSchema,
    description: teamDescriptionSchema,
    handle: teamHandleSchema,
    teamUrl: teamUrlSchema,
  })
  .partial();
export type UpdateTeamInput = z.input<typeof updateTeamSchema>;

/**
 * The Edit About dialog: the spec shows description and handle; the team's name and website are
 * edited there too, since nowhere else offers them.
 */
export const editAboutSchema = z.object({
  name: teamNameSchema,
  description: z.string().max(5000, 'Description must be at most 5000 characters'),
  handle: teamHandleSchema,
  teamUrl: teamUrlSchema,
});
export type EditAboutInput = z.input<typeof editAboutSchema>;
export type EditAboutOutput = z.output<typeof editAboutSchema>;

export const teamRoleSchema = z.enum(TEAM_ROLES, { error: 'Please select a role' });

export const addMemberSchema = z.object({
  userId: z
    .number({ error: 'Please select a user' })
    .int('Please select a user')
    .positive('Please select a user')
    .max(MAX_DB_ID, 'Please select a user'),
  role: teamRoleSchema,
});
export type AddMemberInput = z.input<typeof addMemberSchema>;

export const setMemberRoleSchema = z.object({ role: teamRoleSchema });

export const addLinkSchema = z.object({
  url: z
    .string({ error: 'Please enter a valid URL' })
    .trim()
    .max(2048, 'Please enter a valid URL')
    .transform(withWebScheme)
    .refine(isWebUrl, 'Please enter a valid URL'),
  label: z
    .string()
    .trim()
    .max(100, 'Label must be at most 100 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AddLinkInput = z.input<typeof addLinkSchema>;

// What the server answers: response schemas name exactly the fields that go out, and the screens
// read the same types.
const iso = z.string();

export const teamPersonSchema = z.object({
  userId: z.number(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type TeamPerson = z.infer<typeof teamPersonSchema>;

export const teamMemberSchema = z.object({
  id: z.number(),
  teamId: z.number(),
  userId: z.number(),
  role: teamRoleSchema,
  createdAt: iso,
  user: teamPersonSchema.omit({ userId: true }),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamLinkSchema = z.object({
  id: z.number(),
  teamId: z.number(),
  url: z.string(),
  label: z.string().nullable(),
  createdAt: iso,
});
export type TeamLink = z.infer<typeof teamLinkSchema>;

export const teamAssetSchema = z.object({
  id: z.number(),
  teamId: z.number(),
  fileName: z.string(),
  originalName: z.string(),
  /** Where the file downloads from (members of the organization only). */
  filePath: z.string(),
  fileSize: z.number().nullable(),
  mimeType: z.string().nullable(),
  uploadedBy: z.number().nullable(),
  createdAt: iso,
});
export type TeamAsset = z.infer<typeof teamAssetSchema>;

/** The team's header image after an upload (its address) or a removal (null). */
export const headerImageSchema = z.object({ headerImage: z.string().nullable() });
export type HeaderImage = z.infer<typeof headerImageSchema>;

export const teamShowSchema = z.object({
  id: z.number(),
  name: z.string(),
  startDateTime: iso,
  endDateTime: iso,
  spaces: z.array(z.string()),
});
export type TeamShow = z.infer<typeof teamShowSchema>;

const teamFields = {
  id: z.number(),
  organizationId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  handle: z.string(),
  teamUrl: z.string().nullable(),
  headerImage: z.string().nullable(),
  archivedAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
};
export const teamSchema = z.object(teamFields);
export type Team = z.infer<typeof teamSchema>;

/** A card in the teams list: counts and the first avatars, not every member. */
export const teamSummarySchema = z.object({
  ...teamFields,
  memberCount: z.number(),
  assetCount: z.number(),
  memberPreview: z.array(teamPersonSchema),
  /** The caller's own role in the team (null when not a member), e.g. for where they may announce. */
  viewerTeamRole: teamRoleSchema.nullable(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamDetailSchema = z.object({
  ...teamFields,
  members: z.array(teamMemberSchema),
  links: z.array(teamLinkSchema),
  assets: z.array(teamAssetSchema),
  upcomingShows: z.array(teamShowSchema),
  /** The caller's own role in the team (null when not a member): with policy.manageTeam. */
  viewerTeamRole: teamRoleSchema.nullable(),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const teamCandidateSchema = teamPersonSchema.extend({ id: z.number() });
export type TeamCandidate = z.infer<typeof teamCandidateSchema>;
/** The pickers' answer: everyone matching, or a keyset page of them when one is asked for. */
export const teamCandidatesAnswerSchema = z.union([
  z.array(teamCandidateSchema),
  memberPageSchema(teamCandidateSchema),
]);
