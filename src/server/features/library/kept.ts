// Kept library answers (db/change-feed.ts): a page view (markdown rendered and sanitized, links
// and backlinks resolved) stays true until its page changes or the library's names do (a page
// added, removed, renamed, relinked or made public or private), and a search until the words it
// looks for, the pages it shows or the names change, all of which the wiki_pages triggers
// announce; a page list until anything in the library changes. A view also shows its author's
// name, and a public one its organization's name. Rendering costs far more than the queries, and
// pages are read far more often than written, so a hot read is one map lookup; a first view of a
// page is drawn from its row, read ahead with an earlier one where it can be. Answers are kept as
// the bytes sent (http/etag.ts: ETag and compressed forms made once), cut to their response schema.
import type { z } from 'zod';
import type { Areas } from '../../db/areas';
import type { Database } from '../../db/client';
import { areaScope, ChangeFeed, orgScopes, partScope, type Scope } from '../../db/change-feed';
import { KeptBody } from '../../http/etag';
import { type PageRow, pageViews } from './queries';
import { EVERY_WORD, type Ranking, type Rankings, type Searched, wordPart } from './search';
import { wikiSearchSchema } from '../../../common/schemas/library';

const MB = 1024 * 1024;

function keptAnswer<V>(
  database: Database,
  name: 'wiki-views' | 'wiki-search' | 'wiki-rankings' | 'wiki-lists',
  sizeOf: (value: V) => number,
  { refreshAhead = false } = {},
) {
  const cache = ChangeFeed.of(database).cache<string, V>(name, {
    maxAgeMs: 10 * 60_000,
    maxSize: 64 * MB,
    sizeOf,
    refreshAhead,
  });
  return (
    organizationId: number,
    key: string,
    scopes: Scope[] | ((value: V) => Scope[]),
    load: () => Promise<V>,
  ) => cache.getOrLoad(`${organizationId}|${key}`, scopes, load);
}

/** JSON of exactly the schema's fields, ready to send. */
export const keptJson = <S extends z.ZodType>(schema: S, value: z.input<S>) =>
  new KeptBody(JSON.stringify(schema.parse(value)));

const VIEW_AREAS = ['people', 'settings'] as const satisfies Areas;
const ROW_AREAS = ['people'] as const satisfies Areas;
const names = (organizationId: number) => partScope(organizationId, 'library', 'names');

type Audience = 'member' | 'public';

/**
 * Page views by slug, for members or the public (null: no such page, kept too until the names
 * change). A view shows its page, the pages its links name and those linking to it (the names),
 * its author's name, and a public one its organization's name; `render` draws it from the page's
 * row (readAhead).
 */
export function keptViews(database: Database) {
  const answer = keptAnswer<KeptBody | null>(database, 'wiki-views', (v) => 2 * (v?.size ?? 32) + 256);
  const rows = readAhead(database);
  return (
    organizationId: number,
    audience: Audience,
    slug: string,
    render: (row: PageRow) => Promise<KeptBody>,
  ) =>
    answer(organizationId, `${audience}|${slug}`, pageScopes(organizationId, slug, VIEW_AREAS), async () => {
      const row = await rows(organizationId, audience, slug);
      return row && render(row);
    });
}

const pageScopes = (organizationId: number, slug: string, areas: Areas) => [
  partScope(organizationId, 'library', `page:${slug}`),
  names(organizationId),
  ...orgScopes(organizationId, areas),
];

/** Pages read with the one opened (pageViews): up to this many after it, of at most 16 KB each. */
const READ_AHEAD = 31;
const READ_AHEAD_BYTES = 16 * 1024;

/**
 * Page rows for views not kept. A page not read before is read with the pages after it in the
 * order of their addresses, whose rows are kept for their own views: members read a library a page
 * after another, and a first view of each would otherwise cost a round trip, against little more
 * than one for 32 rows. A row lies under its page, the names and people (its author's name), and
 * is taken once: its view is kept from then on, and the row leaves a mark, under the names alone,
 * that the page was read. A page marked (its view went with an edit) is read alone: the pages after
 * it were read with it before, unless the names changed since, which can change what follows what.
 */
function readAhead(database: Database) {
  const feed = ChangeFeed.of(database);
  const rows = feed.cache<string, PageRow | 'read'>('wiki-rows', {
    maxAgeMs: 10 * 60_000,
    maxSize: 32 * MB,
    sizeOf: (row) => (row === 'read' ? 128 : 2 * row.page.content.length + 1024),
  });
  return async (organizationId: number, audience: Audience, slug: string): Promise<PageRow | null> => {
    const key = (slug: string) => `${organizationId}|${audience}|${slug}`;
    const ticket = feed.ticket();
    const markRead = () => rows.set(key(slug), 'read', [names(organizationId)], ticket);
    const kept = rows.get(key(slug));
    if (kept && kept !== 'read') {
      markRead();
      return kept;
    }
    const found = await pageViews(database, organizationId, slug, {
      publicOnly: audience === 'public',
      following: kept === 'read' ? 0 : READ_AHEAD,
      followingBytes: READ_AHEAD_BYTES,
    });
    for (const row of found)
      if (row.page.slug !== slug)
        rows.set(key(row.page.slug), row, pageScopes(organizationId, row.page.slug, ROW_AREAS), ticket);
    markRead();
    return found[0]?.page.slug === slug ? found[0] : null;
  };
}

/**
 * Search answers: titles, slugs, tags and headlines of the pages found. One is kept under the words
 * it looked for (search.ts, wordPart, and EVERY_WORD), the pages it shows and the names, since only
 * a change to one of those words in some page can find, lose or re-rank a page. One that shows
 * nothing, or looks only for stop words, is kept under the whole library. One asked for more than
 * once lately is searched again a moment after a change drops it (change-feed.ts, refreshAhead): a
 * common word's answer shows many pages, and an edit to any of them would otherwise leave its next
 * reader the search.
 */
export function keptSearches(database: Database) {
  const answer = keptAnswer<{ body: KeptBody; scopes: Scope[] }>(
    database,
    'wiki-search',
    (v) => 2 * v.body.size + 256,
    { refreshAhead: true },
  );
  return async (organizationId: number, key: string, search: () => Promise<Searched>) => {
    const load = async () => {
      const { result, lexemes } = await search();
      const shown = result.items.map((item) => partScope(organizationId, 'library', `page:${item.slug}`));
      const scopes =
        shown.length === 0 || lexemes.length === 0
          ? orgScopes(organizationId, ['library'])
          : [...wordScopes(organizationId, lexemes), ...shown, names(organizationId)];
      return { body: keptJson(wikiSearchSchema, result), scopes };
    };
    return (await answer(organizationId, key, (kept) => kept.scopes, load)).body;
  };
}

/** The parts of the words a search looks for, and every word (search.ts, EVERY_WORD). */
const wordScopes = (organizationId: number, lexemes: string[]) =>
  [...new Set([...lexemes.map(wordPart), EVERY_WORD])].map((part) =>
    partScope(organizationId, 'library', part),
  );

/**
 * Search rankings (search.ts, Ranking): kept under the words looked for and the names alone, not
 * the pages shown, since a page's rank reads only those words' weights in it; one that found
 * nothing, or looks only for stop words, under the whole library.
 */
export function keptRankings(database: Database): Rankings {
  const answer = keptAnswer<Ranking>(database, 'wiki-rankings', (v) => 16 * v.ids.length + 256);
  return (organizationId, key, rank) =>
    answer(
      organizationId,
      key,
      (ranking) =>
        ranking.ids.length === 0 || ranking.lexemes.length === 0
          ? orgScopes(organizationId, ['library'])
          : [...wordScopes(organizationId, ranking.lexemes), names(organizationId)],
      rank,
    );
}

/** Page lists (the library's index, a tag's pages, the dashboard's recent ones), with authors' names. */
export function keptLists(database: Database) {
  const answer = keptAnswer<KeptBody>(database, 'wiki-lists', (v) => 2 * v.size + 256);
  return (organizationId: number, key: string, load: () => Promise<KeptBody>) =>
    answer(organizationId, key, orgScopes(organizationId, ['library', 'people']), load);
}

/**
 * A page added or removed: its process drops what it kept at once (every view, by the names), before
 * the triggers' notifications arrive.
 */
export function libraryChanged(database: Database, organizationId: number) {
  const feed = ChangeFeed.of(database);
  feed.changed(areaScope(organizationId, 'library'));
  feed.changed(names(organizationId));
}
