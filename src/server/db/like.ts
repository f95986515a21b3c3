// Searching text with ILIKE: what a person typed is matched literally, so `%` or `_` in a search
// finds those characters instead of matching anything.

/** `%search%` with the pattern characters escaped; null for no search. */
export const containsPattern = (search: string | undefined | null): string | null =>
  search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
