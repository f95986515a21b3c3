// The library's calls: read a page by slug, list and search pages,
// history, and the writes (create, edit with currentVersion, delete, revert) for the
// wiki-privileged roles (src/common/permissions.ts). Public pages are in public-routes.ts.
import { z } from 'zod';
import { messageSchema } from '../../../common/schemas/answers';
import {
  createWikiPageSchema,
  updateWikiPageSchema,
  wikiPageSchema,
  wikiPageSummarySchema,
  wikiPageViewSchema,
  wikiSearchSchema,
  wikiVersionSchema,
  wikiVersionSummarySchema,
} from '../../../common/schemas/library';
import { isSlug } from '../../../common/library/slug';
import { notFound } from '../../http/errors';
import { accessOf } from '../../http/access';
import { idSchema, orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { getVersion, listPages, listVersions, PAGE_NOT_FOUND, pageById, VERSION_NOT_FOUND } from './queries';
import { sendKept } from '../../http/etag';
import { keptJson, keptLists, keptRankings, keptSearches, keptViews } from './kept';
import { searchPages } from './search';
import { createPage, deletePage, renderPageView, revertPage, updatePage } from './service';

const WRITE_REFUSED = 'You do not have permission to edit the library';
const pageParams = orgParams.extend({ pageId: idSchema });
const versionParams = pageParams.extend({ version: idSchema });
const message = messageSchema;
// Room for a page just over the 1 MB content limit (escaped as JSON), so the refusal is the
// library's own 413 with its message rather than the server's general one.
const WRITE_BODY_LIMIT = 3 * 1024 * 1024;

// Every write here is to the library (its pages, their versions and former titles).
const library = { writes: ['library'] } as const;
const wikiPageListSchema = z.array(wikiPageSummarySchema);

export async function libraryRoutes(app: App) {
  const { database } = app.deps;
  const views = keptViews(database);
  const searches = keptSearches(database);
  const rankings = keptRankings(database);
  const lists = keptLists(database);

  app.get(
    '/api/organizations/:orgId/wiki/pages',
    {
      config: { access: { organization: 'path' } },
      schema: {
        params: orgParams,
        querystring: z.object({
          tag: z.string().trim().min(1).max(50).optional(),
          // The dashboard's card: the most recently changed pages only, not the whole library.
          recent: z.coerce
            .number({ error: 'recent must be a number' })
            .int('recent must be a whole number')
            .min(1, 'recent must be between 1 and 50')
            .max(50, 'recent must be between 1 and 50')
            .optional(),
        }),
        // Answered with kept bytes cut to the schema (kept.ts), so it only describes them here.
        response: { 200: wikiPageListSchema },
      },
    },
    async (request, reply) => {
      const { organizationId } = accessOf(request);
      const { tag, recent } = request.query;
      const kept = await lists(organizationId, JSON.stringify([tag ?? null, recent ?? null]), async () =>
        keptJson(wikiPageListSchema, await listPages(database, organizationId, { tag, recent })),
      );
      return sendKept(request, reply, kept);
    },
  );

  app.get(
    '/api/organizations/:orgId/wiki/search',
    {
      config: { access: { organization: 'path' } },
      schema: {
        params: orgParams,
        querystring: z.object({
          q: z.string().max(500).default(''),
          limit: z.coerce.number().int().min(1).max(100).default(20),
          offset: z.coerce.number().int().min(0).max(10_000).default(0),
        }),
        // Answered with kept bytes cut to the schema (kept.ts), so it only describes them here.
        response: { 200: wikiSearchSchema },
      },
    },
    async (request, reply) => {
      const { organizationId } = accessOf(request);
      const { q, limit, offset } = request.query;
      const kept = await searches(organizationId, JSON.stringify([q, limit, offset]), () =>
        searchPages(database, organizationId, q, { limit, offset }, rankings),
      );
      return sendKept(request, reply, kept);
    },
  );

  app.get(
    '/api/organizations/:orgId/wiki/:slug',
    {
      config: { access: { organization: 'path' } },
      // Answered with kept bytes cut to the schema (kept.ts), so it only describes them here.
      schema: {
        params: orgParams.extend({ slug: z.string().max(200) }),
        response: { 200: wikiPageViewSchema },
      },
    },
    async (request, reply) => {
      const { organizationId } = accessOf(request);
      const slug = request.params.slug;
      if (!isSlug(slug)) throw notFound(PAGE_NOT_FOUND);
      const view = await views(organizationId, 'member', slug, async (row) =>
        keptJson(
          wikiPageViewSchema,
          await renderPageView(database, organizationId, row, { basePath: '/library' }),
        ),
      );
      if (!view) throw notFound(PAGE_NOT_FOUND);
      return sendKept(request, reply, view);
    },
  );

  // History is for the writers ("create, edit, history, revert, delete").
  const pageOfHistory = async (organizationId: number, pageId: number) => {
    if (!(await pageById(database, organizationId, pageId))) throw notFound(PAGE_NOT_FOUND);
  };

  app.get(
    '/api/organizations/:orgId/wiki/:pageId/versions',
    {
      config: { access: { organization: 'path', may: 'editWiki', refusal: WRITE_REFUSED } },
      schema: { params: pageParams, response: { 200: z.array(wikiVersionSummarySchema) } },
    },
    async (request) => {
      const { organizationId } = accessOf(request);
      const { pageId } = request.params;
      await pageOfHistory(organizationId, pageId);
      return listVersions(database, organizationId, pageId);
    },
  );

  app.get(
    '/api/organizations/:orgId/wiki/:pageId/versions/:version',
    {
      config: { access: { organization: 'path', may: 'editWiki', refusal: WRITE_REFUSED } },
      schema: { params: versionParams, response: { 200: wikiVersionSchema } },
    },
    async (request) => {
      const { organizationId } = accessOf(request);
      const { pageId, version } = request.params;
      await pageOfHistory(organizationId, pageId);
      const found = await getVersion(database, organizationId, pageId, version);
      if (!found) throw notFound(VERSION_NOT_FOUND);
      return found;
    },
  );

  app.post(
    '/api/organizations/:orgId/wiki',
    {
      config: { ...library, access: { organization: 'path', may: 'editWiki', refusal: WRITE_REFUSED } },
      bodyLimit: WRITE_BODY_LIMIT,
      schema: { params: orgParams, body: createWikiPageSchema, response: { 201: wikiPageSchema } },
    },
    async (request, reply) => {
      const { organizationId, actor } = accessOf(request);
      const page = await createPage(database, organizationId, actor.userId, request.body);
      return reply.code(201).send(page);
    },
  );

  app.patch(
    '/api/organizations/:orgId/wiki/:pageId',
    {
      config: {
        ...library,
        checksSessionInWrite: true,
        access: { organization: 'path', may: 'editWiki', refusal: WRITE_REFUSED },
      },
      bodyLimit: WRITE_BODY_LIMIT,
      schema: { params: pageParams, body: updateWikiPageSchema, response: { 200: wikiPageSchema } },
    },
    async (request) => {
      const access = accessOf(request);
      return updatePage(database, access.organizationId, request.params.pageId, access, request.body);
    },
  );

  app.delete(
    '/api/organizations/:orgId/wiki/:pageId',
    {
      config: { ...library, access: { organization: 'path', may: 'editWiki', refusal: WRITE_REFUSED } },
      schema: { params: pageParams, response: { 200: message } },
    },
    async (request) => {
      const { organizationId } = accessOf(request);
      await deletePage(database, organizationId, request.params.pageId);
      return { message: 'Page deleted' };
    },
  );

  app.post(
    '/api/organizations/:orgId/wiki/:pageId/revert/:version',
    {
      config: { ...library, access: { organization: 'path', may: 'editWiki', refusal: WRITE_REFUSED } },
      schema: { params: versionParams, response: { 200: wikiPageSchema } },
    },
    async (request) => {
      const access = accessOf(request);
      const { pageId, version } = request.params;
      return revertPage(database, access.organizationId, pageId, version, access);
    },
  );
}
