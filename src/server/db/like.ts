// Matching text as people mean it. A search (ILIKE) matches what a person typed literally, so `%`
// or `_` in a search finds those characters instead of matching anything; a username, an e-mail
// or a handle is the same whatever its case.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%search%` with the pattern characters escaped; null for no search. */
export const containsPattern = (search: string | undefined | null): string | null =>
  search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;

/** `lower(column) = lower(value)`, as the unique indexes on usernames, e-mails and handles compare. */
export const sameText = (column: AnyPgColumn, value: string): SQL<boolean> =>
  sql<boolean>`lower(${column}) = lower(${value})`;
