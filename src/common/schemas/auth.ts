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
