// The sign-in, sign-up and password forms. The server validates with
// these and the forms resolve with them, so each message is written once, in the spec's words.
import { z } from 'zod';
import './messages';
import { SHORTNAME_TOO_SHORT, shortnameProblem } from '../shortname';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const usernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username can only contain letters, numbers, dots, underscores and hyphens');
export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, 'Invalid email address')
  .pipe(z.email('Invalid email address'));
// Every password minimum is 8, with this message.
export const passwordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');
export const shortnameSchema = z.string({ error: SHORTNAME_TOO_SHORT }).superRefine((value, ctx) => {
  const problem = shortnameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const loginSchema = z.object({
  username: required('Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  organizationShortname: z.string().trim().max(50).optional().nullable(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;
export const mismatch = {
  message: "Passwords don't match",
  path: ['confirmPassword'],
  // Checked even while other fields are wrong, so a form shows every error at once rather than
  // this one only after the rest are fixed.
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
  },
};

export const joinSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    agreeToTerms: z.literal(true, { error: 'You must agree to the terms' }),
  })
  .refine(passwordsMatch, mismatch);
export type JoinInput = z.infer<typeof joinSchema>;

export const registerOrganizationFields = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: z.string({ error: "Passwords don't match" }),
  organizationName: required('Organization name is required').pipe(
    z.string().max(200, 'Organization name is too long'),
  ),
  organizationShortname: shortnameSchema,
  agreeToTerms: z.literal(true, { error: 'You must agree to the terms' }),
});
export const registerOrganizationSchema = registerOrganizationFields
  .extend({
    challengeToken: z
      .string({ error: 'Please complete the security verification' })
      .min(1, 'Please complete the security verification')
      .max(2000, 'Please complete the security verification'),
    challengeAnswer: z.string({ error: 'Please complete the security verification' }).max(100),
  })
  .refine(passwordsMatch, mismatch);
export type RegisterOrganizationInput = z.infer<typeof registerOrganizationSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});

/** The reset form's stronger rule. */
export const strongPasswordSchema = z
  .string({ error: 'Password must be at least 8 characters long' })
  .min(8, 'Password must be at least 8 characters long')
  .max(200, 'Password must be at most 200 characters')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number')
  .regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character');

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
    password: strongPasswordSchema,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine(passwordsMatch, mismatch);

export const challengeVerifySchema = z.object({
  token: z.string().min(1).max(2000),
  answer: z.string().max(100),
});

export const rejectOrganizationSchema = z.object({
  approvalStatus: z.literal('rejected').optional(),
  rejectionReason: z.string().trim().max(1000, 'Reason is too long').optional().nullable(),
});

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: 'Verification token is required' })
    .min(1, 'Verification token is required')
    .max(200),
});

// Answers. The signed-in caller as the session lookup builds it (http/session.ts) and GET /api/me
// sends it to the web.
export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  bio: z.string().nullable(),
  isSystemUser: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionOrganizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  shortname: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  favicon: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  theme: z.string(),
  timezone: z.string(),
  /** Event types public unless an event says otherwise (what a new event's switch starts at). */
  publicEventTypes: z.array(z.string()),
  approvalStatus: z.string(),
  enablePublicRegistration: z.boolean(),
  requireTwoFactorForAdmins: z.boolean(),
  /** Changes with every settings or branding save; versions the custom stylesheet link. */
  updatedAt: z.string(),
});
export type SessionOrganization = z.infer<typeof sessionOrganizationSchema>;

/** GET /api/me. */
export const meSchema = z.object({
  user: sessionUserSchema,
  organization: sessionOrganizationSchema.nullable(),
  role: z.string().nullable(),
  isSystemUser: z.boolean(),
  pendingApproval: z.boolean(),
  /** An owner or admin whose organization requires two-step sign-in and who has not set it up. */
  twoFactorSetupRequired: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

const signedInOrganizationSchema = z.object({ id: z.number(), name: z.string(), shortname: z.string() });

/** POST /api/login: signed in, or (two-step sign-in) only a token the code must come back with. */
export const loginAnswerSchema = z.object({
  organization: signedInOrganizationSchema.nullable(),
  isSystemUser: z.boolean(),
  twoFactorRequired: z.boolean().optional(),
  twoFactorToken: z.string().optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/login/two-factor: the session is open. */
export const twoFactorLoginAnswerSchema = z.object({
  organization: signedInOrganizationSchema.nullable(),
  isSystemUser: z.boolean(),
  twoFactorSetupRequired: z.boolean(),
});
export type TwoFactorLoginAnswer = z.infer<typeof twoFactorLoginAnswerSchema>;

/** An organization named on a sign-in or sign-up page: approved ones only. */
export const contextOrganizationSchema = z.object({
  name: z.string(),
  shortname: z.string(),
  logoUrl: z.string().nullable(),
  allowPublicRegistration: z.boolean(),
});
export type ContextOrganization = z.infer<typeof contextOrganizationSchema>;

/** GET /api/organization-context: which organization a sign-in or sign-up page addresses. */
export const organizationContextSchema = z.object({
  isSystemDomain: z.boolean(),
  organization: contextOrganizationSchema.nullable(),
  /** The addressed organization exists but a system administrator has not approved it yet. */
  pendingApproval: z.boolean(),
  /** ?org= on another organization's address names this one: its own sign-up address. */
  registeredElsewhere: z
    .object({ name: z.string(), shortname: z.string(), registerUrl: z.string() })
    .nullable(),
});
export type OrganizationContext = z.infer<typeof organizationContextSchema>;

/** GET /api/support-contact: where a pending registration may write, and who reviews it. */
export const supportContactSchema = z.object({
  email: z.string(),
  reviewer: z.enum(['organization', 'system']),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

export const shortnameAvailabilitySchema = z.object({ available: z.boolean() });
export type ShortnameAvailability = z.infer<typeof shortnameAvailabilitySchema>;

export const securityChallengeSchema = z.object({
  token: z.string(),
  type: z.enum(['math', 'trivia']),
  question: z.string(),
});
export type SecurityChallenge = z.infer<typeof securityChallengeSchema>;

export const challengeResultSchema = z.object({ correct: z.boolean(), attemptsRemaining: z.number() });
export type ChallengeResult = z.infer<typeof challengeResultSchema>;

/** POST /api/register-organization: created, waiting for a system administrator. */
export const registeredOrganizationAnswerSchema = z.object({
  message: z.string(),
  requiresApproval: z.literal(true),
  organization: z.object({
    id: z.number(),
    name: z.string(),
    shortname: z.string(),
    approvalStatus: z.literal('pending'),
  }),
});
export type RegisteredOrganizationAnswer = z.infer<typeof registeredOrganizationAnswerSchema>;

/** POST /api/register: joined (signed in), or waiting for approval or an e-mail check. */
export const joinAnswerSchema = z.object({
  message: z.string(),
  requiresApproval: z.boolean(),
  requiresEmailVerification: z.boolean().optional(),
});
export type JoinAnswer = z.infer<typeof joinAnswerSchema>;

export const resetTokenValiditySchema = z.object({ valid: z.boolean() });
export type ResetTokenValidity = z.infer<typeof resetTokenValiditySchema>;

/** GET /api/temp-login: the fixed test account, when the server offers it. */
export const tempLoginSchema = z.object({ username: z.string() });
export type TempLogin = z.infer<typeof tempLoginSchema>;
