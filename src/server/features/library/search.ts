// Library search: PostgreSQL full-text search over the weighted tsvector kept by
// migration 0004 (title A, tags B, content C), in the organization's scope, best first. Every
// word typed matches as a whole (stemmed) word or as a prefix, so the list filters live while
// someone is still typing.
import { SEARCH_SNIPPET_CHARS, type WikiSearchResult } from '../../../common/schemas/library';
import { BoundedMap, holding } from '../../bounded-map';
import type { Database } from '../../db/client';
import { escapeHtml } from '../../http/link-page';

// ts_headline marks matches with these; the text it reads has none of its own
// (greenroom_markdown_plain_text.sql), so after it is escaped they are the only places `<mark>`
// can appear.
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

type QueryTexts = NonNullable<ReturnType<typeof queryTexts>>;

/**
 * The order a search shows its pages in: those of the page of results asked for, best first, with
 * their ranks, how many pages match in all, and the words looked for as the pages' tsvectors hold
 * them (stemmed and as typed; none when the words are all stop words, since then the rank reads
 * where the words stand: kept.ts).
 */
export interface Ranking {
  ids: number[];
  ranks: number[];
  total: number;
  lexemes: string[];
}

/**
 * Where a search finds its ranking: kept (kept.ts, keptRankings) under the words it looks for and
 * the names alone, since a page's rank reads only the weights of those words in it: an edit to a
 * page shown that leaves them alone changes what the search shows of the page, not the order.
 */
export type Rankings = (
  organizationId: number,
  key: string,
  rank: () => Promise<Ranking>,
) => Promise<Ranking>;

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
 * The part of the library's words a search for `lexeme` lies under (change-feed.ts): its first
 * three letters or digits, or as many as it starts with, which every word it matches whole or as a
 * prefix shares; a word starting otherwise, all of them. greenroom_library_pages_changed.sql names
 * a changed word's first one, two and three, so each search under one of them hears of it.
 */
export const wordPart = (lexeme: string) => {
  const start = /^[a-z0-9]{1,3}/.exec(lexeme)?.[0];
  return start ? `word:${start}` : 'words';
};

/**
 * Headlines drawn for a query, by page, with the row version (xmin: any write to the page changes
 * it) each was drawn from. Drawing them is the costly part of showing a page found, and an edit to
 * one page changes no other page's headline, so a search sends those it holds and the database
 * draws only the rest. One map per database handle, since row versions are per database; for each
 * query as many headlines as the largest page of results shows.
 */
interface Headline {
  version: string;
  text: string;
}
const headlineMaps = new WeakMap<Database, BoundedMap<string, Map<number, Headline>>>();
const QUERIES_KEPT = 200;
const HEADLINES_PER_QUERY = 100;

function headlinesFor(database: Database, organizationId: number, texts: QueryTexts) {
  let map = headlineMaps.get(database);
  if (!map) {
    map = holding('library search headlines', new BoundedMap<string, Map<number, Headline>>(QUERIES_KEPT));
    headlineMaps.set(database, map);
  }
  const key = `${organizationId}|${texts.words}|${texts.prefixes}`;
  let held = map.get(key);
  if (!held) {
    held = new Map();
    map.set(key, held);
  }
  return held;
}

/** A page shown: its columns, its row version, and its headline unless the one sent as held is of that version. */
interface Shown {
  id: number;
  version: string;
  title: string;
  slug: string;
  tags: string[];
  updatedAt: string;
  headline: string | null;
}

/** The parameters both statements below begin with, in this order ($1–$7). */
const leadingParams = (organizationId: number, texts: QueryTexts, held: Map<number, Headline>) => [
  organizationId,
  texts.words,
  texts.prefixes,
  [...held.keys()],
  [...held.values()].map((h) => h.version),
  START,
  STOP,
];

// Highlighting reads the text as written, so the stems count there as prefixes too. The text is
// the page's without markdown syntax or the match markers (greenroom_markdown_plain_text.sql).
const SHOWN_COLUMNS = `p.id, p.xmin::text as version, p.title, p.slug, p.tags, p.updated_at as "updatedAt",
  case when held.id is null then ts_headline('simple', p.plain_text,
    to_tsquery('simple', $3) || to_tsquery('simple',
      regexp_replace(to_tsquery('english', $2)::text, '''(\\s|$)', ''':*\\1', 'g')),
    'StartSel=' || $6 || ', StopSel=' || $7 || ', MaxWords=60, MinWords=25, MaxFragments=2, FragmentDelimiter=" … "')
  end as headline`;
const HELD = `left join unnest($4::int[], $5::text[]) as held(id, version)
  on held.id = p.id and held.version = p.xmin::text`;

/**
 * One page of the pages matching the words, best first, with the count of all, each as shown. The
 * tsquery is written in place (not in a CTE) so the planner sees a constant and can use the GIN
 * index. Every match is ranked and counted as its id and rank alone (`offset 0` keeps the words out
 * of the rows): counted with the page's columns and words beside them, a common word's 2,000
 * matches were buffered at 1.6 KB each, half the query's time. Only the pages shown are read whole.
 */
const RANKED = `select ${SHOWN_COLUMNS}, top.rank, top.total,
    case when numnode(to_tsquery('english', $2)) > 0
      then array(select lexeme from unnest(to_tsvector('english', $2) || to_tsvector('simple', $2)))
      else '{}' end as lexemes
  from (
    select id, rank, (count(*) over ())::int as total
    from (
      select p.id, ts_rank(p.search_vector, to_tsquery('english', $2) || to_tsquery('simple', $3))::float8 as rank
      from wiki_pages p
      where p.organization_id = $1
        and p.search_vector @@ (to_tsquery('english', $2) || to_tsquery('simple', $3))
      offset 0) matched
    order by rank desc, id desc
    limit $8 offset $9) top
  join wiki_pages p on p.organization_id = $1 and p.id = top.id
  ${HELD}
  order by top.rank desc, p.id desc`;

/** The pages of a kept ranking, in its order (a page deleted since is simply not there). */
const IN_ORDER = `select ${SHOWN_COLUMNS}
  from unnest($8::int[]) with ordinality as top(id, place)
  join wiki_pages p on p.organization_id = $1 and p.id = top.id
  ${HELD}
  order by top.place`;

export async function searchPages(
  database: Database,
  organizationId: number,
  q: string,
  page: { limit: number; offset: number },
  rankings: Rankings,
): Promise<Searched> {
  const texts = queryTexts(q);
  if (!texts) return { result: { total: 0, items: [] }, lexemes: [] };
  const kept = headlinesFor(database, organizationId, texts);
  // The headlines as sent: one the database leaves out is of the version sent.
  const sent = new Map(kept);
  // Ranked, the pages shown come back from the ranking's own statement; with the ranking kept they
  // are read by id. One statement either way, which draws only the headlines not sent.
  let shown: Shown[] | undefined;
  const ranking = await rankings(organizationId, JSON.stringify([texts, page]), async () => {
    const rows = await database.query<Shown & { rank: number; total: number; lexemes: string[] }>(RANKED, [
      ...leadingParams(organizationId, texts, sent),
      page.limit,
      page.offset,
    ]);
    shown = rows;
    return {
      ids: rows.map((r) => r.id),
      ranks: rows.map((r) => Number(r.rank)),
      total: rows[0]?.total ?? 0,
      lexemes: rows[0]?.lexemes ?? [],
    };
  });
  if (!shown) {
    for (const id of sent.keys()) if (!ranking.ids.includes(id)) sent.delete(id);
    shown = await database.query<Shown>(IN_ORDER, [
      ...leadingParams(organizationId, texts, sent),
      ranking.ids,
    ]);
  }
  const rankOf = new Map(ranking.ids.map((id, i) => [id, ranking.ranks[i]]));
  const items = shown.map((r) => {
    const headline = r.headline ?? sent.get(r.id)?.text ?? '';
    // Newest last, so the oldest goes first past the bound.
    kept.delete(r.id);
    kept.set(r.id, { version: r.version, text: headline });
    if (kept.size > HEADLINES_PER_QUERY) kept.delete(kept.keys().next().value as number);
    return {
      id: r.id,
      title: r.title,
      slug: r.slug,
      tags: r.tags,
      updatedAt: new Date(r.updatedAt).toISOString(),
      rank: rankOf.get(r.id) ?? 0,
      snippet: snippetHtml(headline),
    };
  });
  return { lexemes: ranking.lexemes, result: { total: ranking.total, items } };
}
