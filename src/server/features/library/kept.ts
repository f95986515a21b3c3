// Kept library answers (db/change-feed.ts): a page view (markdown rendered and sanitized, links
// and backlinks resolved) and a search answer stay true until the organization's library changes,
// which the wiki_pages trigger announces (and, for a view, its author's name or the organization's
// own name, which it shows). Rendering costs far more than the queries, and pages are
// read far more often than written, so a hot read is one map lookup. Answers are kept as the
// bytes sent (http/etag.ts: ETag and compressed forms made once), cut to their response schema.
import type { z } from 'zod';
import type { Areas } from '../../db/areas';
import type { Database } from '../../db/client';
import { areaScope, ChangeFeed, orgScopes } from '../../db/change-feed';
import { KeptBody } from '../../http/etag';

const MB = 1024 * 1024;

export function keptAnswer<V>(
  database: Database,
  name: 'wiki-views' | 'wiki-search',
  areas: Areas,
  sizeOf: (value: V) => number,
) {
  const cache = ChangeFeed.of(database).cache<string, V>(name, {
    maxAgeMs: 10 * 60_000,
    maxSize: 64 * MB,
    sizeOf,
  });
  return (organizationId: number, key: string, load: () => Promise<V>) =>
    cache.getOrLoad(`${organizationId}|${key}`, orgScopes(organizationId, areas), load);
}

/** JSON of exactly the schema's fields, ready to send. */
export const keptJson = <S extends z.ZodType>(schema: S, value: z.input<S>) =>
  new KeptBody(JSON.stringify(schema.parse(value)));

/**
 * Page views (null: no such page, kept too until a page is written). A view shows its author's
 * name, and a public one its organization's name.
 */
export const keptViews = (database: Database) =>
  keptAnswer<KeptBody | null>(
    database,
    'wiki-views',
    ['library', 'people', 'settings'],
    (v) => 2 * (v?.size ?? 32) + 256,
  );

/** Search answers: titles, slugs, tags and headlines of pages, nothing else. */
export const keptSearches = (database: Database) =>
  keptAnswer<KeptBody>(database, 'wiki-search', ['library'], (v) => 2 * v.size + 256);

/** A write's own process drops what it kept at once, before the trigger's notification arrives. */
export const libraryChanged = (database: Database, organizationId: number) =>
  ChangeFeed.of(database).changed(areaScope(organizationId, 'library'));
