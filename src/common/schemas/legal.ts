// The site's Terms of Service and Privacy Policy: markdown the system user edits, shown to anyone
// at /terms and /privacy (the sign-up forms link to them).
import { z } from 'zod';

export const LEGAL_KINDS = ['terms', 'privacy'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export const LEGAL_TITLES: Record<LegalKind, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
};

/** Long enough for a real policy, short enough that one save cannot fill the database. */
export const LEGAL_TEXT_MAX = 50_000;

const legalText = z
  .string()
  .trim()
  .min(1, 'Write at least a sentence')
  .max(LEGAL_TEXT_MAX, `At most ${LEGAL_TEXT_MAX.toLocaleString('en-US')} characters`);

export const legalTextsSchema = z.object({ terms: legalText, privacy: legalText });
export type LegalTexts = z.infer<typeof legalTextsSchema>;

export const legalKindParamsSchema = z.object({ kind: z.enum(LEGAL_KINDS) });

export const legalPageSchema = z.object({
  kind: z.enum(LEGAL_KINDS),
  title: z.string(),
  /** Rendered by the library's sanitizing markdown renderer. */
  html: z.string(),
});
export type LegalPage = z.infer<typeof legalPageSchema>;
