// Library changes. Each create, edit and revert writes the page and its new version in one
// transaction. An edit names the version it started from and is applied only while that is still
// the page's version (a conditional UPDATE, which PostgreSQL re-checks after waiting on a
// concurrent writer), so of several edits from one base exactly one wins and the rest get 409
// with the page as it now is: no edit is silently lost.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CONTENT_TOO_LARGE,
  MAX_CONTENT_BYTES,
  type createWikiPageSchema,
  type updateWikiPageSchema,
  type WikiPage,
  type WikiPageView,
} from '../../../common/schemas/library';
import { parseMarkdown, renderParsed, storedLinks } from '../../../common/library/markdown';
import { RESERVED_SLUGS, slugify } from '../../../common/library/slug';
import { announcedTransaction } from '../../db/change-feed';
import { type Database, type Db, lastStatement } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { type Writer, writerCheck } from '../../http/session';
import { libraryChanged } from './kept';
import {
  getVersion,
  linkedPages,
  PAGE_NOT_FOUND,
  type PageRow,
  pageById,
  VERSION_NOT_FOUND,
} from './queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Row = Record<string, unknown>;

export const STALE_EDIT = 'This page was changed by someone else since you started editing';
const SLUG_LOCK = 9_341_177;
export const EARLIER_VERSION_ONLY = 'Only an earlier version can be restored';

async function rows<T = Row>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

function checkSize(content: string | undefined) {
  if (content !== undefined && Buffer.byteLength(content, 'utf8') > MAX_CONTENT_BYTES) {
    throw new AppError(413, CONTENT_TOO_LARGE);
  }
}

/**
 * A page's view from its row (pageViews): rendered with its links resolved, the pages linking to
 * it and its former titles. For a page whose writes did not store its links and names, a second
 * statement finds them from its content.
 */
export async function renderPageView(
  database: Database,
  organizationId: number,
  { page, formerTitles, linked }: PageRow,
  opts: { basePath: string; publicOnly?: boolean },
): Promise<WikiPageView> {
  // Parsed once: the links it names are looked up (when not stored), then the same tokens are drawn.
  const parsed = parseMarkdown(page.content);
  const { targets, linking } =
    linked ??
    (await linkedPages(
      database,
      organizationId,
      // Links written under any title the page has had name it by that title's slug.
      {
        id: page.id,
        names: [...new Set([page.slug, ...[page.title, ...formerTitles].map(slugify)])],
        links: storedLinks(parsed),
      },
      opts.publicOnly ?? false,
    ));
  const { html } = renderParsed(parsed, { basePath: opts.basePath, targets });
  return { ...page, html, linkTargets: targets, backlinks: linking };
}

/** The slug from `wanted`, or the first free numbered one (`home-2`, `home-3`, …). */
async function freeSlug(tx: Tx, organizationId: number, wanted: string): Promise<string> {
  const base = slugify(wanted);
  const taken = new Set(
    (
      await rows<{ slug: string }>(
        tx,
        sql`select slug from wiki_pages where organization_id = ${organizationId}
            and (slug = ${base} or slug like ${`${base}-%`})`,
      )
    ).map((r) => r.slug),
  );
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function insertVersion(
  tx: Tx,
  organizationId: number,
  page: { id: number; currentVersion: number; title: string; content: string; tags: string[] },
  authorId: number,
  changeNote: string | null,
) {
  await tx.execute(
    sql`insert into wiki_page_versions (organization_id, page_id, version, title, content, tags, author_id, change_note)
        values (${organizationId}, ${page.id}, ${page.currentVersion}, ${page.title}, ${page.content},
          ${sql.param(page.tags)}::text[], ${authorId}, ${changeNote})`,
  );
}

/** The page a write answers with; 404 when it is gone (deleted meanwhile). */
function written(page: WikiPage | undefined): WikiPage {
  if (!page) throw notFound(PAGE_NOT_FOUND);
  return page;
}

export async function createPage(
  database: Database,
  organizationId: number,
  authorId: number,
  input: z.output<typeof createWikiPageSchema>,
): Promise<WikiPage> {
  checkSize(input.content);
  const links = storedLinks(input.content);
  // New pages of one organization take their slugs one at a time (a transaction lock), so two
  // writers using one title at once get `x` and `x-2`; the unique index stays the last word.
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK}::int, ${organizationId}::int)`);
        const slug = await freeSlug(tx, organizationId, input.slug?.trim() || input.title);
        const [page] = await rows<{ id: number }>(
          tx,
          sql`insert into wiki_pages (organization_id, title, slug, content, tags, author_id, is_public,
                links, link_titles, link_slugs, title_slug)
              values (${organizationId}, ${input.title}, ${slug}, ${input.content}, ${sql.param(input.tags)}::text[],
                ${authorId}, ${input.isPublic}, ${sql.param(links.links)}::text[], ${sql.param(links.titles)}::text[],
                ${sql.param(links.slugs)}::text[], ${slugify(input.title)})
              returning id`,
        );
        // The title is this page's now: links written with it lead here, not to a renamed page.
        await tx.execute(
          sql`delete from wiki_page_former_titles
              where organization_id = ${organizationId} and lower(title) = lower(${input.title})`,
        );
        await insertVersion(
          tx,
          organizationId,
          { ...input, id: page.id, currentVersion: 1 },
          authorId,
          input.changeNote,
        );
        return page.id;
      });
      libraryChanged(database, organizationId);
      return written(await pageById(database, organizationId, id));
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/**
 * Said by a write that stores a page's links and title slug with its content and title. Without
 * it, a change to either (the database manager's, say) clears them (a wiki_pages trigger), and the
 * page's views work them out from the content again.
 */
const LIBRARY_DERIVED = { 'greenroom.library_derived': 'on' };

/** Applies a new version on top of `baseVersion`; 409 when the page has moved on since. */
async function writeVersion(
  database: Database,
  organizationId: number,
  pageId: number,
  baseVersion: number,
  author: Writer,
  change: {
    title?: string;
    content?: string;
    tags?: string[];
    isPublic?: boolean;
    changeNote: string | null;
  },
): Promise<WikiPage> {
  const links = change.content === undefined ? null : storedLinks(change.content);
  // One statement writes the page, its version from what the update returned, and on a rename the
  // old title kept as a former one (the new title stops being anyone's former); the page as it then
  // stands is read after it, with the COMMIT: the edit's answer, or a stale edit's 409. All in one
  // round trip on one connection. Announced as its page, and the names when others show the change
  // (the wiki_pages triggers say which), so other pages' views stay kept.
  const [changed, after] = await announcedTransaction(
    database,
    organizationId,
    ['library'],
    (q) =>
      Promise.all([
        q.query<{ id: number }>(
          `with prior as (
         select title, title_slug from wiki_pages where organization_id = $1 and id = $2 and current_version = $3),
       page as (
         update wiki_pages p set
           title = coalesce($4::text, title),
           content = coalesce($5::text, content),
           tags = coalesce($6::text[], tags),
           is_public = coalesce($7::boolean, is_public),
           links = coalesce($8::text[], links),
           link_titles = coalesce($11::text[], link_titles),
           link_slugs = coalesce($12::text[], link_slugs),
           title_slug = coalesce($13::text, title_slug),
           author_id = $9,
           current_version = current_version + 1,
           updated_at = now()
         where p.organization_id = $1 and p.id = $2 and p.current_version = $3
         returning p.id, p.title, p.content, p.tags, p.current_version),
       forgotten as (
         delete from wiki_page_former_titles f using page
         where f.organization_id = $1 and lower(f.title) = lower(page.title)),
       remembered as (
         insert into wiki_page_former_titles (organization_id, page_id, title, title_slug)
         select $1, page.id, prior.title, prior.title_slug from page, prior where lower(prior.title) <> lower(page.title)
         on conflict (organization_id, lower(title))
           do update set page_id = excluded.page_id, title_slug = excluded.title_slug, created_at = now())
       insert into wiki_page_versions (organization_id, page_id, version, title, content, tags, author_id, change_note)
       select $1, id, current_version, title, content, tags, $9, $10 from page
       returning page_id as id`,
          [
            organizationId,
            pageId,
            baseVersion,
            change.title ?? null,
            change.content ?? null,
            change.tags ?? null,
            change.isPublic ?? null,
            links?.links ?? null,
            author.actor.userId,
            change.changeNote,
            links?.titles ?? null,
            links?.slugs ?? null,
            change.title === undefined ? null : slugify(change.title),
          ],
        ),
        pageById(lastStatement(q), organizationId, pageId),
      ]),
    // The links and title slug set here are the content's and title's own (see LIBRARY_DERIVED).
    { ...LIBRARY_DERIVED, ...writerCheck(author) },
  );
  const now = written(after);
  // The 409 answer carries the page as it now stands, so the editor can show it beside the user's text.
  if (changed.length === 0) throw conflict(STALE_EDIT, now);
  return now;
}

export async function updatePage(
  database: Database,
  organizationId: number,
  pageId: number,
  author: Writer,
  input: z.output<typeof updateWikiPageSchema>,
): Promise<WikiPage> {
  checkSize(input.content);
  const { currentVersion, ...change } = input;
  return writeVersion(database, organizationId, pageId, currentVersion, author, change);
}

export async function revertPage(
  database: Database,
  organizationId: number,
  pageId: number,
  version: number,
  author: Writer,
): Promise<WikiPage> {
  const page = await pageById(database, organizationId, pageId);
  if (!page) throw notFound(PAGE_NOT_FOUND);
  if (version >= page.currentVersion) throw badRequest(EARLIER_VERSION_ONLY);
  const old = await getVersion(database, organizationId, pageId, version);
  if (!old) throw notFound(VERSION_NOT_FOUND);
  return writeVersion(database, organizationId, pageId, page.currentVersion, author, {
    title: old.title,
    content: old.content,
    tags: old.tags,
    changeNote: `Reverted to version ${version}`,
  });
}

export async function deletePage(database: Database, organizationId: number, pageId: number) {
  const deleted = await database.query(
    'delete from wiki_pages where organization_id = $1 and id = $2 returning id',
    [organizationId, pageId],
  );
  if (deleted.length === 0) throw notFound(PAGE_NOT_FOUND);
  libraryChanged(database, organizationId);
}
