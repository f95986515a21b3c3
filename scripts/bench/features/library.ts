// The library of a busy company: 5,000 generated pages (about 2 KB of markdown each, a tenth of
// them about rigging) in one organization. Bulk SQL, so the search trigger indexes them in the
// database and seeding takes seconds; pages link to their neighbours for "What links here".
import { storedLinks } from '../../../src/common/library/markdown';
import type { Database } from '../../../src/server/db/client';
import { type BenchOrganization, benchCases } from '../registry';

const PAGES = 5_000;

export const WORDS = [
  'stage',
  'curtain',
  'cue',
  'rehearsal',
  'costume',
  'props',
  'lighting',
  'sound',
  'script',
  'director',
  'actor',
  'scene',
  'audience',
  'ticket',
  'lobby',
  'wardrobe',
  'makeup',
  'orchestra',
  'blocking',
  'intermission',
];

/**
 * `pages` generated pages (about 2 KB of markdown each, a tenth about rigging, slugs
 * bench-page-1…) with their first version, written by the owner; each links to the next two,
 * stored as the app stores a page's links.
 */
export async function seedWikiPages(database: Database, org: BenchOrganization, pages: number) {
  await database.query(
    `insert into wiki_pages (organization_id, title, slug, content, tags, author_id, links, link_slugs, link_titles, title_slug)
     select $1, 'Page ' || i || ' about the ' || w[1 + i % 20], 'bench-page-' || i,
       '# Page ' || i || E'\\n\\n## Notes\\n\\n' ||
         (select string_agg(w[1 + ((i * 7 + j * 13) % 20)], ' ') from generate_series(1, 260) j) ||
         case when i % 10 = 0 then E'\\n\\n## Rigging\\n\\nThe rigging harness is inspected before every flying cue.' else '' end ||
         E'\\n\\nNext: [page ' || (i + 1) || '](/library/bench-page-' || (i + 1) || ') and [[Page ' || (i + 2) || ' about the ' || w[1 + (i + 2) % 20] || ']].',
       array[w[1 + i % 20], w[1 + (i + 5) % 20]], $2,
       array['bench-page-' || (i + 1), 'page-' || (i + 2) || '-about-the-' || w[1 + (i + 2) % 20]],
       array['bench-page-' || (i + 1)], array['page ' || (i + 2) || ' about the ' || w[1 + (i + 2) % 20]],
       'page-' || i || '-about-the-' || w[1 + i % 20]
     from generate_series(1, $3::int) as i, (select $4::text[] as w) v`,
    [org.organizationId, org.ownerId, pages, WORDS],
  );
  await database.query(
    `insert into wiki_page_versions (organization_id, page_id, version, title, content, tags, author_id)
     select organization_id, id, 1, title, content, tags, author_id from wiki_pages where organization_id = $1`,
    [org.organizationId],
  );
  await database.query('analyze wiki_pages');
}

benchCases.push(
  {
    name: 'wiki search (5,000 pages)',
    organization: 'benchwiki',
    path: (ctx) => `/api/organizations/${ctx.values.wikiOrganizationId}/wiki/search?q=rigging`,
    async setup(ctx) {
      const org = await ctx.addOrganization('benchwiki');
      ctx.values.wikiOrganizationId = org.organizationId;
      await seedWikiPages(ctx.database, org, PAGES);
    },
  },
  {
    name: 'wiki page (of 5,000)',
    organization: 'benchwiki',
    path: (ctx) => `/api/organizations/${ctx.values.wikiOrganizationId}/wiki/bench-page-2500`,
  },
);

/**
 * About `bytes` of markdown shaped like a long handbook: sections with a heading, prose with
 * emphasis, wiki and site links, a list and a table each.
 */
export function longHandbook(bytes: number): string {
  const sections: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const word = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
    const prose = Array.from({ length: 40 }, (_, k) => word(k)).join(' ');
    const section = `## ${word(1)} ${i}\n\nThe **${word(2)}** notes: ${prose}. See [[Page ${i % 100} about the ${word(3)}]] and [the plan](/library/bench-page-${i % 100}).\n\n- ${word(4)} first\n- ${word(5)} with \`code\`\n\n| Cue | Time | Who |\n| --- | :--: | --- |\n| ${i} | 10:00 | ${word(6)} |\n\n`;
    sections.push(section);
    size += section.length;
  }
  return sections.join('').slice(0, bytes);
}

benchCases.push({
  // The whole read of a page at the content limit: the first request renders it (markdown,
  // sanitizing, link lookups); later ones are the kept answer.
  name: 'wiki page of 1 MB',
  organization: 'benchwikilong',
  path: (ctx) => `/api/organizations/${ctx.values.longPageOrganizationId}/wiki/handbook`,
  async setup(ctx) {
    const org = await ctx.addOrganization('benchwikilong');
    ctx.values.longPageOrganizationId = org.organizationId;
    const content = longHandbook(1000 * 1000);
    const links = storedLinks(content);
    await ctx.database.query(
      `with page as (
         insert into wiki_pages (organization_id, title, slug, content, author_id, links, link_titles, link_slugs, title_slug)
         values ($1, 'Handbook', 'handbook', $2, $3, $4, $5, $6, 'handbook')
         returning id, organization_id, title, content, author_id)
       insert into wiki_page_versions (organization_id, page_id, version, title, content, author_id)
       select organization_id, id, 1, title, content, author_id from page`,
      [org.organizationId, content, org.ownerId, links.links, links.titles, links.slugs],
    );
  },
});
