import { z } from 'zod';
import { policy } from '../../../common/permissions';
import {
  type DirectoryQuery,
  directoryQuerySchema,
  MEMBER_PAGE_SIZE,
  wantsPage,
} from '../../../common/schemas/member-list';
import {
  directoryAnswerSchema,
  personSchema,
  userDetailsResponseSchema,
  userDetailsSchema,
} from '../../../common/schemas/people';
import { forbidden, notFound } from '../../http/errors';
import { sendKept } from '../../http/etag';
import { accessOf } from '../../http/access';
import { idSchema, orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { getUserDetails, updateUserDetails } from './details';
import { decodeCursor } from '../../http/keyset';
import { DIRECTORY_KEYSET, directoryJson, directoryPage, directoryPageJson, findPerson } from './queries';

const personParams = orgParams.extend({ username: z.string().trim().min(1).max(50) });

const userParams = z.object({ userId: idSchema });

const isWholeDirectory = (q: DirectoryQuery) =>
  !q.search && !q.role && !q.organizationRole && !q.team && (q.status ?? 'active') === 'active';

/** The question a page answers, in one spelling whatever order its parameters came in. */
const questionOf = (q: DirectoryQuery) =>
  JSON.stringify([
    q.search?.toLowerCase() ?? '',
    q.role ?? '',
    q.organizationRole ?? '',
    q.team ?? 0,
    q.status ?? 'active',
    q.after ?? '',
    q.limit ?? MEMBER_PAGE_SIZE,
  ]);

export async function directoryRoutes(app: App) {
  const { database } = app.deps;

  // Every member may see the directory, active members only (user managers may ask for the
  // disabled or pending ones too). Without a question it is the spec's whole list, the JSON
  // ready-made by PostgreSQL; `limit` or `after` ask for one page `{items, total, nextCursor}`
  // instead, and the filters narrow either form (docs/api.md#member-lists). The kept answers are
  // sent as made; directory.test.ts checks their entries against directoryEntrySchema.
  app.get(
    '/api/organizations/:orgId/directory',
    {
      config: { access: { organization: 'path' } },
      schema: {
        params: orgParams,
        querystring: directoryQuerySchema,
        response: { 200: directoryAnswerSchema },
      },
    },
    async (request, reply) => {
      const { organizationId, actor } = accessOf(request);
      const query = request.query;
      const status = query.status ?? 'active';
      if (status !== 'active' && !policy.manageUsers(actor)) throw forbidden();
      const filter = { ...query, status };
      const paged = wantsPage(query);
      if (!paged && isWholeDirectory(query))
        return sendKept(request, reply, await directoryJson(database, organizationId));
      const page = {
        after: query.after === undefined ? null : decodeCursor(DIRECTORY_KEYSET, query.after),
        limit: paged ? (query.limit ?? MEMBER_PAGE_SIZE) : null,
      };
      const load = () => directoryPage(database, organizationId, filter, page);
      if (!paged) return reply.send((await load()).items);
      return sendKept(
        request,
        reply,
        await directoryPageJson(database, organizationId, questionOf(query), load),
      );
    },
  );

  app.get(
    '/api/organizations/:orgId/directory/:username',
    {
      config: { access: { organization: 'path' } },
      schema: { params: personParams, response: { 200: personSchema } },
    },
    async (request) => {
      const { organizationId } = accessOf(request);
      const person = await findPerson(database, organizationId, request.params.username.replace(/^@/, ''));
      if (!person) throw notFound('Person not found');
      return person;
    },
  );

  // The User Details dialog: managers of the caller's own organization only; a user who is not
  // a member there does not exist as far as this caller can tell.
  app.get(
    '/api/users/:userId/details',
    {
      config: { access: { organization: 'member', may: 'manageUsers' } },
      schema: { params: userParams, response: { 200: userDetailsResponseSchema } },
    },
    async (request) => {
      const { organizationId } = accessOf(request);
      return getUserDetails(database, organizationId, request.params.userId);
    },
  );

  app.patch(
    '/api/users/:userId/details',
    {
      config: { access: { organization: 'member', may: 'manageUsers' } },
      schema: { params: userParams, body: userDetailsSchema, response: { 200: userDetailsResponseSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return updateUserDetails(database, organizationId, actor.userId, request.params.userId, request.body);
    },
  );
}
