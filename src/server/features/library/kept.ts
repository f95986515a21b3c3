// Kept library answers (db/change-feed.ts): a page view (markdown rendered and sanitized, links
// and backlinks resolved) stays true until its page changes or the library's names do (a page
// added, removed, renamed, relinked or made public or private), and a search until the words it
// looks for, the pages it shows or the names change, all of which the wiki_pages triggers
// announce; a page list until anything in the library changes. A view also shows its author's
// name, and a public one its organization's name. Rendering costs far more than the queries, and
// pages are read far more often than written, so a hot read is one map lookup. Answers are kept as
// the bytes sent (http/etag.ts: ETag and compressed forms made once), cut to their response schema.
import type { z } from 'zod';
import type { Areas } from '../../db/areas';
import type { Database } from '../../db/client';
import { areaScope, ChangeFeed, orgScopes, partScope, type Scope } from '../../db/change-feed';
import { KeptBody } from '../../http/etag';
import { EVERY_WORD, type Ranking, type Rankings, type Searched, wordPart } from './search';
import { wikiSearchSchema } from '../../../common/schemas/library';

const MB = 1024 * 1024;

function keptAnswer<V>(
  database: Database,
  name: 'wiki-views' | 'wiki-search' | 'wiki-rankings' | 'wiki-lists',
  sizeOf: (value: V) => number,
) {
  const cache = ChangeFeed.of(database).cache<string, V>(name, {
    maxAgeMs: 10 * 60_000,
    maxSize: 64 * MB,
    sizeOf,
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
const names = (organizationId: number) => partScope(organizationId, 'library', 'names');

/**
 * Page views by slug, for members or the public (null: no such page, kept too until the names
 * change). A view shows its page, the pages its links name and those linking to it (the names),
 * its author's name, and a public one its organization's name.
 */
export function keptViews(database: Database) {
  const answer = keptAnswer<KeptBody | null>(database, 'wiki-views', (v) => 2 * (v?.size ?? 32) + 256);
  return (
    organizationId: number,
    audience: 'member' | 'public',
    slug: string,
    load: () => Promise<KeptBody | null>,
  ) =>
    answer(
      organizationId,
      `${audience}|${slug}`,
      [
        partScope(organizationId, 'library', `page:${slug}`),
        names(organizationId),
        ...orgScopes(organizationId, VIEW_AREAS),
      ],
      load,
    );
}

/**
 * Search answers: titles, slugs, tags and headlines of the pages found. One is kept under the words
 * it looked for (search.ts, wordPart, and EVERY_WORD), the pages it shows and the names, since only
 * a change to one of those words in some page can find, lose or re-rank a page. One that shows
 * nothing, or looks only for stop words, is kept under the whole library.
 */
export function keptSearches(database: Database) {
  const answer = keptAnswer<{ body: KeptBody; scopes: Scope[] }>(
    database,
    'wiki-search',
    (v) => 2 * v.body.size + 256,
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
