// Keyset paging for lists sorted on a few SQL expressions: a page ends where the next one starts,
// named by the last row's sort key, so a page costs the same deep in the list as at its top and a
// row added or removed elsewhere never shifts a page by one (docs/api.md#member-lists).
import { INVALID_CURSOR, MEMBER_PAGE_SIZE, type MemberPage } from '../../common/member-list';
import { badRequest } from './errors';

/** `timestamptz` keys travel as UTC text with microseconds (`instantKey` in SQL), so none is rounded. */
export type KeyType = 'text' | 'int' | 'bool' | 'timestamptz';
type KeyValue = string | number | boolean;

/**
 * The sort of one list: its key expressions (never null) and their types, all ascending or, with
 * `descending`, all descending (newest first), so one row comparison finds where a page starts.
 */
export interface Keyset {
  columns: readonly { sql: string; type: KeyType }[];
  descending?: boolean;
}

/** A timestamptz as the text a `timestamptz` key carries. */
export const instantKey = (sql: string) =>
  `to_char(${sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const INSTANT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const fits = (value: unknown, type: KeyType) =>
  type === 'text'
    ? typeof value === 'string' && value.length <= 200
    : type === 'int'
      ? Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647
      : type === 'timestamptz'
        ? typeof value === 'string' && INSTANT_KEY.test(value)
        : typeof value === 'boolean';

/** The cursor a client sends back: the key of the page's last row, as base64url JSON. */
export function encodeCursor(values: KeyValue[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The key a cursor names, checked against the list's key types; 400 for anything else. */
export function decodeCursor(keyset: Keyset, cursor: string): KeyValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const { columns } = keyset;
  if (
    !Array.isArray(values) ||
    values.length !== columns.length ||
    values.some((v, i) => !fits(v, columns[i].type))
  )
    throw badRequest(INVALID_CURSOR, { after: INVALID_CURSOR });
  return values as KeyValue[];
}

/** The page a list's query asks for: its decoded cursor (400 if not one of ours) and size. */
export const pageOf = (keyset: Keyset, query: { after?: string; limit?: number }) => ({
  after: query.after === undefined ? null : decodeCursor(keyset, query.after),
  limit: query.limit ?? MEMBER_PAGE_SIZE,
});

/** `order by` for the keyset's columns. */
export const orderBy = (keyset: Keyset) =>
  `order by ${keyset.columns.map((c) => (keyset.descending ? `${c.sql} desc` : c.sql)).join(', ')}`;

/**
 * The condition "after this key" with its parameters numbered from `firstParam`; true (no
 * parameters) for the first page.
 */
export function afterKey(keyset: Keyset, key: KeyValue[] | null, firstParam: number) {
  if (!key) return { sql: 'true', params: [] as KeyValue[] };
  const list = keyset.columns.map((c, i) => `$${firstParam + i}::${c.type}`);
  const past = keyset.descending ? '<' : '>';
  return {
    sql: `(${keyset.columns.map((c) => c.sql).join(', ')}) ${past} (${list.join(', ')})`,
    params: key,
  };
}

/**
 * A page from up to `limit + 1` rows in key order: the extra row only says another page follows;
 * the cursor is the key of the last row kept.
 */
export function pageFrom<R, T>(
  rows: R[],
  limit: number,
  total: number,
  keyOf: (row: R) => KeyValue[],
  itemOf: (row: R) => T,
): MemberPage<T> {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return {
    items: kept.map(itemOf),
    total,
    nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
}
