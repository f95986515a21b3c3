// Kept library answers (db/change-feed.ts): a page view (markdown rendered and sanitized, links
// and backlinks resolved) and a search answer stay true until the organization's library changes,
// which the wiki_pages trigger announces. Rendering costs far more than the queries, and pages are
// read far more often than written, so a hot read is one map lookup.
import type { WikiPageView, WikiSearchResult } from '../../../common/schemas/wiki';
import type { Database } from '../../db/client';
import { ChangeFeed, orgScope } from '../../db/change-feed';

const MB = 1024 * 1024;

export function keptAnswer<V>(
  database: Database,
  name: 'wiki-views' | 'wiki-search',
  sizeOf: (value: V) => number,
) {
  const cache = ChangeFeed.of(database).cache<string, V>(name, {
    maxAgeMs: 10 * 60_000,
    maxSize: 64 * MB,
    sizeOf,
  });
  return (organizationId: number, key: string, load: () => Promise<V>) =>
    cache.getOrLoad(`${organizationId}|${key}`, [orgScope(organizationId)], load);
}

export const keptViews = (database: Database) =>
  keptAnswer<WikiPageView | null>(database, 'wiki-views', (v) =>
    v ? 2 * (v.html.length + v.content.length) + 1024 : 64,
  );

export const keptSearches = (database: Database) =>
  keptAnswer<WikiSearchResult>(database, 'wiki-search', (r) => 1024 + r.items.length * 1024);

/** A write's own process drops what it kept at once, before the trigger's notification arrives. */
export const libraryChanged = (database: Database, organizationId: number) =>
  ChangeFeed.of(database).changed(orgScope(organizationId));
