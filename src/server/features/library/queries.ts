// Reading the library. Every query names the organization in its `where`, so another
// organization's page ids and slugs are simply not found.
import type { LinkTarget } from '../../../common/library/markdown';
import {
  HISTORY_PREVIEW_CHARS,
  type WikiPage,
  type WikiPageSummary,
  type WikiVersion,
  type WikiVersionSummary,
} from '../../../common/schemas/library';
import { nameJson } from '../../db/columns';
import type { Database, Runner } from '../../db/client';

export const PAGE_NOT_FOUND = 'Page not found';
export const VERSION_NOT_FOUND = 'Version not found';

const author = (alias: string) =>
  `case when ${alias}.id is null then null else json_build_object(${nameJson(alias)}) end`;

export const PAGE_COLUMNS = `p.id, p.organization_id as "organizationId", p.title, p.slug, p.content, p.tags,
  p.author_id as "authorId", ${author('u')} as author, p.current_version as "currentVersion",
  p.is_public as "isPublic", p.created_at as "createdAt", p.updated_at as "updatedAt"`;

const iso = (value: unknown) => new Date(value as string).toISOString();

type Row = Record<string, unknown>;

export function toPage(row: Row): WikiPage {
  return { ...(row as unknown as WikiPage), createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

export async function pageById(database: Runner, organizationId: number, pageId: number) {
  const [row] = await database.query<Row>(
    `select ${PAGE_COLUMNS} from wiki_pages p left join users u on u.id = p.author_id
     where p.organization_id = $1 and p.id = $2`,
    [organizationId, pageId],
  );
  return row ? toPage(row) : undefined;
}

export async function listPages(
  database: Database,
  organizationId: number,
  /** `recent`: only that many, the most recently changed first (else all, by title). */
  opts: { tag?: string; publicOnly?: boolean; recent?: number } = {},
): Promise<WikiPageSummary[]> {
  const order = opts.recent ? 'p.updated_at desc, p.id desc limit $4' : 'lower(p.title), p.id';
  const rows = await database.query<Row>(
    `select p.id, p.title, p.slug, p.tags, p.is_public as "isPublic", p.current_version as "currentVersion",
       ${author('u')} as author, p.updated_at as "updatedAt"
     from wiki_pages p left join users u on u.id = p.author_id
     where p.organization_id = $1
       and ($2::text is null or exists (select 1 from unnest(p.tags) t where lower(t) = lower($2::text)))
       and (not $3::boolean or p.is_public)
     order by ${order}`,
    [organizationId, opts.tag ?? null, opts.publicOnly ?? false, ...(opts.recent ? [opts.recent] : [])],
  );
  return rows.map((r) => ({ ...(r as unknown as WikiPageSummary), updatedAt: iso(r.updatedAt) }));
}

/**
 * What a page view shows of other pages, as two SQL expressions (organization $1; the others are
 * SQL too): `targets`, the pages its internal links name, found by address (`slugs`) or by title
 * in lower case (`titles`), then the pages that once had a linked title (renamed since), current
 * titles first, so a page that has a title now wins it over the page that had it before; and
 * `linking`, "What links here": up to 100 pages whose links name one of `names` (the slugs of
 * the page's titles, now and before), other than page `id`.
 */
function linkedExpressions(o: {
  slugs: string;
  titles: string;
  names: string;
  id: string;
  publicOnly: string;
}) {
  return {
    targets: `coalesce((select json_agg(json_build_object('title', t.title, 'slug', t.slug) order by t.former, t.id) from (
         select title, slug, 0 as former, id from wiki_pages
         where organization_id = $1 and (slug = any(${o.slugs}) or lower(title) = any(${o.titles}))
           and (not ${o.publicOnly} or is_public)
         union all
         select f.title, renamed.slug, 1, renamed.id
         from wiki_page_former_titles f join wiki_pages renamed on renamed.id = f.page_id
         where f.organization_id = $1 and lower(f.title) = any(${o.titles}) and (not ${o.publicOnly} or renamed.is_public)
       ) t), '[]')`,
    linking: `coalesce((select json_agg(json_build_object('title', b.title, 'slug', b.slug) order by lower(b.title), b.id) from (
         select title, slug, id from wiki_pages
         where organization_id = $1 and links && ${o.names} and id <> ${o.id} and (not ${o.publicOnly} or is_public)
         order by lower(title), id limit 100
       ) b), '[]')`,
  };
}

type Linked = { targets: LinkTarget[]; linking: LinkTarget[] };
const parseLinked = (v: LinkTarget[] | string) =>
  typeof v === 'string' ? (JSON.parse(v) as LinkTarget[]) : v;

// A page's former titles, read once: as written, their stored slugs, and whether every slug is known.
const FORMER_TITLES = `cross join lateral (select coalesce(array_agg(f.title), '{}') as titles,
    coalesce(array_agg(f.title_slug), '{}') as slugs, bool_and(f.title_slug is not null) is not false as known
  from wiki_page_former_titles f where f.organization_id = p.organization_id and f.page_id = p.id) former`;

// The names a page is linked by, from what its writes stored: null when any is not known.
const STORED_NAMES = `cross join lateral (select case when p.link_titles is not null and p.link_slugs is not null
    and p.title_slug is not null and former.known then array[p.slug::text, p.title_slug] || former.slugs end as names) k`;

const STORED_LINKED = linkedExpressions({
  slugs: 'p.link_slugs',
  titles: 'p.link_titles',
  names: 'k.names',
  id: 'p.id',
  publicOnly: '$3::boolean',
});

/** A page as its view reads it (pageViews): `linked` is null when its links and names are not known. */
export type PageRow = { page: WikiPage; formerTitles: string[]; linked: Linked | null };

/**
 * Page `slug` as a view reads it, and after it, in the order of their addresses, up to
 * `following` pages of at most `followingBytes` of content (read ahead: their views then need no
 * round trip of their own), in one statement. Each row holds the page, the titles it had before
 * (which links written then still use), and what its view shows of other pages (see
 * linkedExpressions) from the links and names its writes stored with it; `linked` is null when
 * those are not known (a page written before they were kept, or changed behind the app), and
 * `linkedPages` finds them. The first row is page `slug` when it exists (and is public, for
 * `publicOnly`).
 */
export async function pageViews(
  database: Runner,
  organizationId: number,
  slug: string,
  opts: { publicOnly?: boolean; following?: number; followingBytes?: number } = {},
): Promise<PageRow[]> {
  const rows = await database.query<
    Row & {
      formerTitles: string[];
      targets: LinkTarget[] | string | null;
      linking: LinkTarget[] | string | null;
    }
  >(
    `select ${PAGE_COLUMNS}, former.titles as "formerTitles",
       case when k.names is not null then ${STORED_LINKED.targets} end as targets,
       case when k.names is not null then ${STORED_LINKED.linking} end as linking
     from wiki_pages p left join users u on u.id = p.author_id ${FORMER_TITLES} ${STORED_NAMES}
     where p.organization_id = $1 and (not $3::boolean or p.is_public)
       and p.slug >= $2 and (p.slug = $2 or octet_length(p.content) <= $5)
     order by p.slug limit $4`,
    [organizationId, slug, opts.publicOnly ?? false, 1 + (opts.following ?? 0), opts.followingBytes ?? 0],
  );
  return rows.map(({ formerTitles, targets, linking, ...page }) => ({
    page: toPage(page),
    formerTitles,
    linked:
      targets === null || linking === null
        ? null
        : { targets: parseLinked(targets), linking: parseLinked(linking) },
  }));
}

const LINKED = linkedExpressions({
  slugs: '$2::text[]',
  titles: '$3::text[]',
  names: '$5::text[]',
  id: '$6',
  publicOnly: '$4::boolean',
});

/**
 * What a page view shows of other pages (see linkedExpressions), from links read from its content
 * (storedLinks: the titles in lower case).
 */
export async function linkedPages(
  database: Runner,
  organizationId: number,
  page: { id: number; names: string[]; links: { titles: string[]; slugs: string[] } },
  publicOnly = false,
): Promise<Linked> {
  const [row] = await database.query<{ targets: LinkTarget[] | string; linking: LinkTarget[] | string }>(
    `select ${LINKED.targets} as targets, ${LINKED.linking} as linking`,
    [organizationId, page.links.slugs, page.links.titles, publicOnly, page.names, page.id],
  );
  return { targets: parseLinked(row.targets), linking: parseLinked(row.linking) };
}

const VERSION_COLUMNS = `v.id, v.page_id as "pageId", v.version, v.title, v.tags, v.author_id as "authorId",
  ${author('u')} as author, v.change_note as "changeNote", v.created_at as "createdAt",
  left(v.content, ${HISTORY_PREVIEW_CHARS}) as preview`;

export async function listVersions(
  database: Database,
  organizationId: number,
  pageId: number,
): Promise<WikiVersionSummary[]> {
  const rows = await database.query<Row>(
    `select ${VERSION_COLUMNS} from wiki_page_versions v left join users u on u.id = v.author_id
     where v.organization_id = $1 and v.page_id = $2 order by v.version desc`,
    [organizationId, pageId],
  );
  return rows.map((r) => ({ ...(r as unknown as WikiVersionSummary), createdAt: iso(r.createdAt) }));
}

export async function getVersion(
  database: Database,
  organizationId: number,
  pageId: number,
  version: number,
): Promise<WikiVersion | undefined> {
  const [row] = await database.query<Row>(
    `select ${VERSION_COLUMNS}, v.content from wiki_page_versions v left join users u on u.id = v.author_id
     where v.organization_id = $1 and v.page_id = $2 and v.version = $3`,
    [organizationId, pageId, version],
  );
  return row ? { ...(row as unknown as WikiVersion), createdAt: iso(row.createdAt) } : undefined;
}
