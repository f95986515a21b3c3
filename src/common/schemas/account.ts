// A member's own account: profile, password, picture and
// two-step sign-in. The server validates with these and the forms resolve with them.
import { z } from 'zod';
import './messages';
import { BIO_MAX, CODE_REQUIRED, CURRENT_PASSWORD_REQUIRED } from '../account';
import { emailSchema, passwordSchema, usernameSchema } from './auth';

const requiredName = (message: string, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(50, `${label} must be 50 characters or less`);

const currentPassword = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(200, CURRENT_PASSWORD_REQUIRED);
/** The two-step code, or a recovery code; asked for only when two-step sign-in is on. */
const optionalCode = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .max(32, 'That code is not valid. Please try again.')
  .optional()
  .transform((v) => v || undefined);

export const profileSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  firstName: requiredName('First name is required', 'First name'),
  lastName: requiredName('Last name is required', 'Last name'),
  bio: z
    .string({ error: 'Bio must be 500 characters or less' })
    .max(BIO_MAX, 'Bio must be 500 characters or less')
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  // Needed only when the username changes (it is what one signs in with).
  currentPassword: z.string().max(200, CURRENT_PASSWORD_REQUIRED).optional(),
  code: optionalCode,
});
export type ProfileInput = z.input<typeof profileSchema>;

/** Asks for a new e-mail address; it takes effect once the link sent to it is followed. */
export const emailChangeSchema = z.object({
  email: emailSchema,
  currentPassword,
  code: optionalCode,
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

export const pendingEmailChangeSchema = z.object({
  pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;

/** POST /api/users/{id}/email-change: the link is on its way to the new address. */
export const emailChangeRequestedSchema = pendingEmailChangeSchema.extend({ message: z.string() });
export type EmailChangeRequested = z.infer<typeof emailChangeRequestedSchema>;

/** POST /api/email-change/confirm: the address now in use. */
export const emailChangeConfirmedSchema = z.object({ message: z.string(), email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;

export const confirmEmailChangeSchema = z.object({
  token: z.string({ error: 'This confirmation link is not valid.' }).min(1).max(200),
});

/** The user object PATCH /api/users/{id}/profile answers with. */
export const profileUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;
export const profileAnswerSchema = z.object({ user: profileUserSchema });
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

/** The caller's picture after an upload (its address) or a removal (null). */
export const profilePictureSchema = z.object({ profilePictureUrl: z.string().nullable() });
export type ProfilePicture = z.infer<typeof profilePictureSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: passwordSchema,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

// Two-step sign-in.
export const RECOVERY_CODE_COUNT = 10;
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: 'Please enter the code from your authenticator app' })
    .trim()
    .min(1, 'Please enter the code from your authenticator app')
    .max(32, 'That code is not valid. Please try again.'),
});
export const loginTwoFactorSchema = twoFactorCodeSchema.extend({
  token: z.string({ error: 'Please sign in again' }).min(1, 'Please sign in again').max(500),
});
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export const INVALID_CODE = 'That code is not valid. Please try again.';
export const SIGN_IN_AGAIN = 'Your sign-in has expired. Please sign in again.';
export const TWO_FACTOR_REQUIRED_FOR_ROLE =
  'Your organization requires two-step sign-in for owners and admins. Please turn it on in Account Settings.';

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  requiredForRole: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The only answer that ever carries the secret: the set-up call that creates it. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Owners and admins must have two-step sign-in when their organization says so. */
export function twoFactorSetupRequired(opts: {
  role: string | null;
  organizationRequires: boolean;
  enabled: boolean;
}): boolean {
  return opts.organizationRequires && (opts.role === 'owner' || opts.role === 'admin') && !opts.enabled;
}
