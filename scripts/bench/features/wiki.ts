// The library of a busy company: 5,000 generated pages (about 2 KB of markdown each, a tenth of
// them about rigging) in one organization. Bulk SQL, so the search trigger indexes them in the
// database and seeding takes seconds; pages link to their neighbours for "What links here".
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
 * bench-page-1…) with their first version, written by the owner; each links to the next two.
 */
export async function seedWikiPages(database: Database, org: BenchOrganization, pages: number) {
  await database.query(
    `insert into wiki_pages (organization_id, title, slug, content, tags, author_id, links)
     select $1, 'Page ' || i || ' about the ' || w[1 + i % 20], 'bench-page-' || i,
       '# Page ' || i || E'\\n\\n## Notes\\n\\n' ||
         (select string_agg(w[1 + ((i * 7 + j * 13) % 20)], ' ') from generate_series(1, 260) j) ||
         case when i % 10 = 0 then E'\\n\\n## Rigging\\n\\nThe rigging harness is inspected before every flying cue.' else '' end ||
         E'\\n\\nNext: [page ' || (i + 1) || '](/library/bench-page-' || (i + 1) || ') and [[Page ' || (i + 2) || ' about the ' || w[1 + (i + 2) % 20] || ']].',
       array[w[1 + i % 20], w[1 + (i + 5) % 20]], $2,
       array['bench-page-' || (i + 1), 'page-' || (i + 2) || '-about-the-' || w[1 + (i + 2) % 20]]
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
