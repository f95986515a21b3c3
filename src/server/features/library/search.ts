// Library search: PostgreSQL full-text search over the weighted tsvector kept by
// migration 0004 (title A, tags B, content C), in the organization's scope, best first. Every
// word typed matches as a whole (stemmed) word or as a prefix, so the list filters live while
// someone is still typing.
import { SEARCH_SNIPPET_CHARS, type WikiSearchResult } from '../../../common/schemas/library';
import { BoundedMap, holding } from '../../bounded-map';
import { type Database, type Runner, readTogether } from '../../db/client';
import { escapeHtml } from '../../http/link-page';

// ts_headline marks matches with these; they are stripped from the text first, so after the
// text is escaped they are the only places `<mark>` can appear.
const START = '\u0002';
const STOP = '\u0003';

/**
 * The words typed, as two tsquery texts: whole words (stemmed by the 'english' configuration)
 * and prefixes (matched against the words as written). Letters and digits only, so nothing
 * typed can reach tsquery syntax.
 */
export function queryTexts(q: string): { words: string; prefixes: string } | null {
  const words = (q.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16).map((w) => w.slice(0, 64));
  if (words.length === 0) return null;
  return { words: words.join(' & '), prefixes: words.map((w) => `${w}:*`).join(' & ') };
}

// Split keeps the markers, each a piece of its own.
const MARKERS = new RegExp(`([${START}${STOP}])`);

/**
 * A headline cut to 300 visible characters, escaped, with only the match markers turned into
 * `<mark>`; a mark cut open by the limit is closed. Escaped a run of text at a time.
 */
export function snippetHtml(headline: string, limit = SEARCH_SNIPPET_CHARS): string {
  let out = '';
  let visible = 0;
  let open = false;
  for (const run of headline.replace(/\s+/g, ' ').trim().split(MARKERS)) {
    if (run === '') continue;
    if (visible >= limit) break;
    if (run === START) {
      if (!open) out += '<mark>';
      open = true;
    } else if (run === STOP) {
      if (open) out += '</mark>';
      open = false;
    } else {
      // By code points, as typed: a letter outside the basic plane is one character, not two.
      const letters = Array.from(run);
      out += escapeHtml(letters.slice(0, limit - visible).join(''));
      visible += letters.length;
    }
  }
  return open ? `${out}</mark>` : out;
}

/**
 * Markdown syntax taken out of a page's text before its snippet is drawn, in order: PostgreSQL
 * regular expressions (newline-sensitive, so ^ and $ are line ends; \x60 is a backtick) and their
 * replacements. Links keep their shown text; code fences, rules and table separator rows go
 * whole; emphasis, heading, quote, list and table markers go. Constants: nothing typed is here.
 */
const MARKDOWN_SYNTAX: readonly [pattern: string, replacement: string][] = [
  [String.raw`^[ \t]*(\x60{3}|~{3}).*$`, ''],
  [String.raw`^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$`, ''],
  [String.raw`^[ \t]*([-*_][ \t]*){3,}$`, ''],
  [String.raw`!?\[([^]\n]*)\]\([^)\n]*\)`, String.raw`\1`],
  [String.raw`\[\[[^]|\n]*\|([^]\n]*)\]\]`, String.raw`\1`],
  [String.raw`\[\[([^]\n]*)\]\]`, String.raw`\1`],
  [String.raw`^[ \t]{0,3}#{1,6}[ \t]+`, ''],
  [String.raw`^[ \t]*(>[ \t]?)+`, ''],
  [String.raw`^[ \t]*([-*+]|[0-9]+[.)])[ \t]+`, ''],
  [String.raw`\*+|_{2,}|~{2,}|\x60+`, ''],
  [String.raw`\|`, ' '],
];

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The SQL expression for `expr` with the markdown syntax above taken out. */
export const plainTextSql = (expr: string) =>
  MARKDOWN_SYNTAX.reduce(
    (inner, [pattern, replacement]) =>
      `regexp_replace(${inner}, ${literal(pattern)}, ${literal(replacement)}, 'gn')`,
    expr,
  );

/** A page's text without markdown syntax, its match markers (`markers`: START + STOP) taken out first. */
const plainContent = (markers: string) => plainTextSql(`translate(left(h.content, 20000), ${markers}, '')`);

interface Hit {
  id: number;
  version: string;
  title: string;
  slug: string;
  tags: string[];
  updatedAt: string;
  rank: number;
  total: number;
  /**
   * The words looked for, as the page's tsvector holds them (stemmed and as typed); none when the
   * words are all stop words, since then the rank reads where the words stand (kept.ts).
   */
  lexemes: string[];
}

/** A search answer and the words it looked for (none when it found nothing to show). */
export interface Searched {
  result: WikiSearchResult;
  lexemes: string[];
}

/**
 * The part a write of more words than are named one by one announces instead; every search lies
 * under it beside its own words' parts (greenroom_library_pages_changed.sql).
 */
export const EVERY_WORD = 'word:*';

/**
 * The part of the library's words a search for `lexeme` lies under (change-feed.ts): its first two
 * letters, which every word it matches whole or as a prefix shares; a one-letter word its letter;
 * any other beginning all of them. greenroom_library_pages_changed.sql names the same parts for the
 * words an edit changed.
 */
export const wordPart = (lexeme: string) =>
  /^[a-z0-9]{2}/.test(lexeme)
    ? `word:${lexeme.slice(0, 2)}`
    : /^[a-z0-9]$/.test(lexeme)
      ? `word:${lexeme}`
      : 'words';

/**
 * Headlines by page, row version (xmin: any write to the page changes it) and query. Drawing them
 * is the costly part of a search, and an edit to one page re-ranks every search but changes no
 * other page's headline. One map per database handle, since row versions are per database.
 */
const headlineMaps = new WeakMap<Database, BoundedMap<string, string>>();
const HEADLINES_KEPT = 20_000;
function headlinesOf(database: Database) {
  let map = headlineMaps.get(database);
  if (!map) {
    map = holding('library search headlines', new BoundedMap<string, string>(HEADLINES_KEPT));
    headlineMaps.set(database, map);
  }
  return map;
}

/** The headlines of pages `ids` for the query, drawn in one statement. */
async function drawHeadlines(
  database: Runner,
  organizationId: number,
  texts: { words: string; prefixes: string },
  ids: number[],
): Promise<Map<number, string>> {
  const rows = await database.query<{ id: number; headline: string }>(
    // Highlighting reads the text as written, so the stems count there as prefixes too.
    `select h.id, ts_headline('simple', ${plainContent('$4')},
         to_tsquery('simple', $7) || to_tsquery('simple',
           regexp_replace(to_tsquery('english', $2)::text, '''(\\s|$)', ''':*\\1', 'g')),
         'StartSel=' || $5 || ', StopSel=' || $6 || ', MaxWords=60, MinWords=25, MaxFragments=2, FragmentDelimiter=" … "')
         as headline
     from wiki_pages h where h.organization_id = $1 and h.id = any($3::int[])`,
    [organizationId, texts.words, ids, START + STOP, START, STOP, texts.prefixes],
  );
  return new Map(rows.map((r) => [r.id, r.headline]));
}

export async function searchPages(
  database: Database,
  organizationId: number,
  q: string,
  page: { limit: number; offset: number },
): Promise<Searched> {
  const texts = queryTexts(q);
  if (!texts) return { result: { total: 0, items: [] }, lexemes: [] };
  // Rank every match (the GIN index finds them), keep one page of them, and only then draw the
  // headlines not drawn before. Equal ranks go newest page first, by id: an order no edit to
  // another page can change, so a kept answer need only hear of the words it looks for. The
  // ranking, then the headlines, on one connection.
  const kept = headlinesOf(database);
  const keyOf = (r: Hit) => `${organizationId}|${r.id}|${r.version}|${texts.words}|${texts.prefixes}`;
  const rows = await readTogether(database, async (q, last) => {
    const rows = await rankedPage(q, organizationId, texts, page);
    const missing = rows.filter((r) => kept.get(keyOf(r)) === undefined);
    if (missing.length > 0) {
      const ids = missing.map((r) => r.id);
      const drawn = await drawHeadlines(last, organizationId, texts, ids);
      for (const r of missing) kept.set(keyOf(r), drawn.get(r.id) ?? '');
    }
    return rows;
  });
  const headline = (r: Hit) => kept.get(keyOf(r)) ?? '';
  return {
    lexemes: rows[0]?.lexemes ?? [],
    result: {
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        tags: r.tags,
        updatedAt: new Date(r.updatedAt).toISOString(),
        rank: Number(r.rank),
        snippet: snippetHtml(headline(r)),
      })),
    },
  };
}

/** One page of the pages matching the words, best first, with the count of all. */
function rankedPage(
  q: Runner,
  organizationId: number,
  texts: { words: string; prefixes: string },
  page: { limit: number; offset: number },
): Promise<Hit[]> {
  return q.query<Hit>(
    // The tsquery is written in place (not in a CTE) so the planner sees a constant and can use
    // the GIN index. Every match is ranked and counted as its id and rank alone (`offset 0` keeps
    // the words out of the rows): counted with the page's columns and words beside them, a common
    // word's 2,000 matches were buffered at 1.6 KB each, half the query's time. Only the page's
    // rows shown are then read whole.
    `select p.id, p.xmin::text as version, p.title, p.slug, p.tags, p.updated_at as "updatedAt", top.rank,
       top.total,
       case when numnode(to_tsquery('english', $2)) > 0
         then array(select lexeme from unnest(to_tsvector('english', $2) || to_tsvector('simple', $2)))
         else '{}' end as lexemes
     from (
       select id, rank, (count(*) over ())::int as total
       from (
         select p.id, ts_rank(p.search_vector, to_tsquery('english', $2) || to_tsquery('simple', $5))::float8 as rank
         from wiki_pages p
         where p.organization_id = $1
           and p.search_vector @@ (to_tsquery('english', $2) || to_tsquery('simple', $5))
         offset 0) matched
       order by rank desc, id desc
       limit $3 offset $4) top
     join wiki_pages p on p.organization_id = $1 and p.id = top.id
     order by top.rank desc, p.id desc`,
    [organizationId, texts.words, page.limit, page.offset, texts.prefixes],
  );
}
