// Public library pages (beyond the spec, like the public calendar): pages marked isPublic are
// readable by anyone at /public/{shortname}/library/{slug}. Private pages, and every page of an
// organization that is not approved, answer 404 exactly as a page that does not exist.
// Browsers revalidate every visit (no-cache with the ETag: a 304 costs one kept lookup), so a
// page deleted or made private disappears at once rather than when a cached copy runs out.
import { z } from 'zod';
import { shortnameSchema } from '../../../common/schemas/auth';
import { publicWikiIndexSchema, publicWikiPageAnswerSchema } from '../../../common/schemas/library';
import { isSlug } from '../../../common/library/slug';
import { notFound } from '../../http/errors';
import type { App } from '../../http/types';
import { listPages, PAGE_NOT_FOUND } from './queries';
import { sendKept } from '../../http/etag';
import { keptJson, keptViews } from './kept';
import { renderPageView } from './service';

const REVALIDATE = 'no-cache';

const params = z.object({ orgShortname: z.string().max(60) });

export async function publicLibraryRoutes(app: App) {
  const { database } = app.deps;
  const views = keptViews(database);

  const approvedOrg = async (raw: string) => {
    const shortname = raw.toLowerCase();
    if (!shortnameSchema.safeParse(shortname).success) throw notFound(PAGE_NOT_FOUND);
    const [org] = await database.query<{ id: number; name: string; shortname: string }>(
      `select id, name, shortname from organizations where shortname = $1 and approval_status = 'approved'`,
      [shortname],
    );
    if (!org) throw notFound(PAGE_NOT_FOUND);
    return org;
  };

  app.get(
    '/api/public/:orgShortname/wiki',
    {
      config: { access: 'public' },
      schema: {
        params,
        response: { 200: publicWikiIndexSchema },
      },
    },
    async (request, reply) => {
      const org = await approvedOrg(request.params.orgShortname);
      const pages = await listPages(database, org.id, { publicOnly: true });
      reply.header('cache-control', REVALIDATE);
      return { organization: { name: org.name, shortname: org.shortname }, pages };
    },
  );

  app.get(
    '/api/public/:orgShortname/wiki/:slug',
    {
      config: { access: 'public' },
      // Answered with kept bytes cut to the schema (kept.ts), so it only describes them here.
      schema: {
        params: params.extend({ slug: z.string().max(200) }),
        response: { 200: publicWikiPageAnswerSchema },
      },
    },
    async (request, reply) => {
      const org = await approvedOrg(request.params.orgShortname);
      const { slug } = request.params;
      if (!isSlug(slug)) throw notFound(PAGE_NOT_FOUND);
      const view = await views(org.id, 'public', slug, async (row) => {
        // Links to private pages are drawn as missing: outside, they do not exist.
        const view = await renderPageView(database, org.id, row, {
          basePath: `/public/${org.shortname}/library`,
          publicOnly: true,
        });
        return keptJson(publicWikiPageAnswerSchema, {
          ...view,
          organization: { name: org.name, shortname: org.shortname },
        });
      });
      if (!view) throw notFound(PAGE_NOT_FOUND);
      reply.header('cache-control', REVALIDATE);
      return sendKept(request, reply, view);
    },
  );
}
