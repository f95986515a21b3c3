// Library (wiki) forms and calls, with the spec's messages. The server
// validates with these and the editor resolves with them.
import { z } from 'zod';
import './messages';

/** Previews in history, snippets in search. */
export const HISTORY_PREVIEW_CHARS = 200;
export const SEARCH_SNIPPET_CHARS = 300;
/** Content above this many UTF-8 bytes is refused with 413 (checked on the server, not here). */
export const MAX_CONTENT_BYTES = 1024 * 1024;
export const CONTENT_TOO_LARGE = 'Content must be 1 MB or less';

export const wikiTitleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title must be at most 200 characters');

export const wikiContentSchema = z
  .string({ error: 'Content is required' })
  .refine((v) => v.trim().length > 0, 'Content is required');

/** Tags are trimmed and de-duplicated (case-insensitively, first spelling kept); blanks dropped. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

const tagListSchema = z
  .array(z.string().max(50, 'Tags must be at most 50 characters'), { error: 'Tags must be a list' })
  .max(50, 'At most 50 tags');
export const wikiTagsSchema = tagListSchema.default([]).transform(normalizeTags);

const changeNoteSchema = z
  .string()
  .trim()
  .max(500, 'Change note must be at most 500 characters')
  .nullish()
  .transform((v) => (v ? v : null));

export const createWikiPageSchema = z.object({
  title: wikiTitleSchema,
  content: wikiContentSchema,
  tags: wikiTagsSchema,
  isPublic: z.boolean().default(false),
  changeNote: changeNoteSchema,
  /** Wanted address; made from the title when absent, numbered when taken. */
  slug: z.string().max(200).nullish(),
});
export type CreateWikiPageInput = z.input<typeof createWikiPageSchema>;

export const updateWikiPageSchema = z.object({
  title: wikiTitleSchema.optional(),
  content: wikiContentSchema.optional(),
  // Without the default: an edit that leaves tags out keeps the page's.
  tags: tagListSchema.transform(normalizeTags).optional(),
  isPublic: z.boolean().optional(),
  changeNote: changeNoteSchema,
  /** The version the edit started from: a newer one on the server means someone else saved first. */
  currentVersion: z.number({ error: 'currentVersion is required' }).int().positive().max(2_147_483_647),
});
export type UpdateWikiPageInput = z.input<typeof updateWikiPageSchema>;

/** The editor's form: everything a writer types (tags as one comma-separated box). */
export const wikiEditorSchema = z.object({
  title: wikiTitleSchema,
  content: wikiContentSchema,
  tags: z.string().max(3000),
  isPublic: z.boolean(),
  changeNote: z.string().max(500, 'Change note must be at most 500 characters'),
});
export type WikiEditorValues = z.input<typeof wikiEditorSchema>;

export const tagsFromText = (text: string) => normalizeTags(text.split(','));

const iso = z.string();
export const wikiAuthorSchema = z
  .object({ firstName: z.string().nullable(), lastName: z.string().nullable(), username: z.string() })
  .nullable();

export const wikiLinkSchema = z.object({ title: z.string(), slug: z.string() });
export type WikiLink = z.infer<typeof wikiLinkSchema>;

export const wikiPageSchema = z.object({
  id: z.number(),
  organizationId: z.number(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  authorId: z.number().nullable(),
  author: wikiAuthorSchema,
  currentVersion: z.number(),
  isPublic: z.boolean(),
  createdAt: iso,
  updatedAt: iso,
});
export type WikiPage = z.infer<typeof wikiPageSchema>;

/** A page as read: its rendered HTML, what it links to that exists, and what links to it. */
export const wikiPageViewSchema = wikiPageSchema.extend({
  html: z.string(),
  /** Internal link targets that resolve, so the preview draws the same links as the page. */
  linkTargets: z.array(wikiLinkSchema),
  backlinks: z.array(wikiLinkSchema),
});
export type WikiPageView = z.infer<typeof wikiPageViewSchema>;

export const wikiPageSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  tags: z.array(z.string()),
  isPublic: z.boolean(),
  currentVersion: z.number(),
  author: wikiAuthorSchema,
  updatedAt: iso,
});
export type WikiPageSummary = z.infer<typeof wikiPageSummarySchema>;

export const wikiVersionSummarySchema = z.object({
  id: z.number(),
  pageId: z.number(),
  version: z.number(),
  title: z.string(),
  tags: z.array(z.string()),
  authorId: z.number().nullable(),
  author: wikiAuthorSchema,
  changeNote: z.string().nullable(),
  createdAt: iso,
  /** The first 200 characters of the version's content. */
  preview: z.string(),
});
export type WikiVersionSummary = z.infer<typeof wikiVersionSummarySchema>;

export const wikiVersionSchema = wikiVersionSummarySchema.extend({ content: z.string() });
export type WikiVersion = z.infer<typeof wikiVersionSchema>;

export const wikiSearchResultSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  tags: z.array(z.string()),
  updatedAt: iso,
  rank: z.number(),
  /** Up to 300 characters of escaped text; only `<mark>`…`</mark>` is markup. */
  snippet: z.string(),
});
export const wikiSearchSchema = z.object({
  total: z.number(),
  items: z.array(wikiSearchResultSchema),
});
export type WikiSearchResult = z.infer<typeof wikiSearchSchema>;

export const publicWikiPageSchema = wikiPageViewSchema.pick({
  title: true,
  slug: true,
  tags: true,
  html: true,
  updatedAt: true,
});
export type PublicWikiPage = z.infer<typeof publicWikiPageSchema>;

/** The organization a public page or index belongs to, named for its header. */
const publicLibraryOrganizationSchema = z.object({ name: z.string(), shortname: z.string() });

/** GET /api/public/{shortname}/wiki/{slug}. */
export const publicWikiPageAnswerSchema = publicWikiPageSchema.extend({
  organization: publicLibraryOrganizationSchema,
});
export type PublicWikiPageAnswer = z.infer<typeof publicWikiPageAnswerSchema>;

/** GET /api/public/{shortname}/wiki: the organization's public pages. */
export const publicWikiIndexSchema = z.object({
  organization: publicLibraryOrganizationSchema,
  pages: z.array(wikiPageSummarySchema.pick({ title: true, slug: true, tags: true, updatedAt: true })),
});
export type PublicWikiIndex = z.infer<typeof publicWikiIndexSchema>;
