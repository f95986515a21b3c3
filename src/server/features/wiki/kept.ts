// Kept library answers (db/change-feed.ts): a page view (markdown rendered and sanitized, links
// and backlinks resolved) and a search answer stay true until the organization's library changes,
// which the wiki_pages trigger announces. Rendering costs far more than the queries, and pages are
// read far more often than written, so a hot read is one map lookup. Answers are kept as the
// bytes sent (http/etag.ts: ETag and compressed forms made once), cut to their response schema.
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ChangeFeed, orgScope } from '../../db/change-feed';
import { KeptBody } from '../../http/etag';

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

/** JSON of exactly the schema's fields, ready to send. */
export const keptJson = <S extends z.ZodType>(schema: S, value: z.input<S>) =>
  new KeptBody(JSON.stringify(schema.parse(value)));

/** Page views (null: no such page, kept too until a page is written). */
export const keptViews = (database: Database) =>
  keptAnswer<KeptBody | null>(database, 'wiki-views', (v) => 2 * (v?.size ?? 32) + 256);

export const keptSearches = (database: Database) =>
  keptAnswer<KeptBody>(database, 'wiki-search', (v) => 2 * v.size + 256);

/** A write's own process drops what it kept at once, before the trigger's notification arrives. */
export const libraryChanged = (database: Database, organizationId: number) =>
  ChangeFeed.of(database).changed(orgScope(organizationId));
