// The Terms of Service and Privacy Policy, kept in system_settings under one key. Until the
// system user writes their own, a plain default says who runs the site and what it keeps.
import {
  LEGAL_TITLES,
  type LegalKind,
  type LegalPage,
  type LegalTexts,
  legalTextsSchema,
} from '../../../common/schemas/legal';
import { renderMarkdown } from '../../../common/library/markdown';
import type { Database } from '../../db/client';
import { readSystemSetting, saveSystemSetting } from './system-settings';

const SETTINGS_KEY = 'legal';

export const DEFAULT_LEGAL_TEXTS: LegalTexts = {
  terms: [
    "This site is run by its operator for the organizations registered on it. By creating an account you agree to use it only for your organization's work, to keep your password to yourself, and to respect the other members.",
    '',
    'The operator may suspend an account or organization that misuses the site.',
  ].join('\n'),
  privacy: [
    "The site keeps what you enter (your name, email address, profile, availability and the content you write) to run your organization's schedule and directory. It is shown only to the members of your organization, as the site's permissions allow, and is never sold.",
    '',
    "Ask your organization's administrator or the site's operator to correct or remove your data.",
  ].join('\n'),
};

export async function readLegalTexts(database: Database): Promise<LegalTexts> {
  const value = await readSystemSetting(database, SETTINGS_KEY);
  if (value === undefined) return DEFAULT_LEGAL_TEXTS;
  const parsed = legalTextsSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LEGAL_TEXTS;
}

export async function saveLegalTexts(database: Database, texts: LegalTexts): Promise<void> {
  await saveSystemSetting(database, SETTINGS_KEY, texts);
}

/** One document as the public page shows it; links stay plain links (no library targets). */
export async function legalPage(database: Database, kind: LegalKind): Promise<LegalPage> {
  const texts = await readLegalTexts(database);
  const { html } = renderMarkdown(texts[kind], { basePath: '/library', targets: [] });
  return { kind, title: LEGAL_TITLES[kind], html };
}
