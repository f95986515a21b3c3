// /api/organizations/{orgId}/users: user management for owners, admins and system users
// (policy.manageUsers).
import { z } from 'zod';
import {
  addUserSchema,
  changeRoleSchema,
  disableUserSchema,
  listUsersQuerySchema,
  membershipRowSchema,
  userDeletedSchema,
} from '../../../common/schemas/admin';
import { textAnswer } from '../../../common/schemas/answers';
import { MEMBER_PAGE_SIZE, memberPageSchema, wantsPage } from '../../../common/schemas/member-list';
import { sendCsv } from '../../http/csv';
import { accessOf } from '../../http/access';
import { idSchema, orgParams } from '../../http/params';
import { decodeCursor } from '../../http/keyset';
import type { App } from '../../http/types';
import {
  addUser,
  approveUser,
  changeRole,
  deleteUser,
  disableUser,
  enableUser,
  exportUsersCsv,
  listUsers,
} from './service';
import { USERS_KEYSET } from './queries';

const userParams = orgParams.extend({ userId: idSchema });

const DEFAULT_PAGE_SIZE = 25;

export async function adminUserRoutes(app: App) {
  const { database } = app.deps;

  // The spec's contract is a plain list of membership rows; the page and the total ride in
  // headers (X-Total-Count, X-Page, X-Page-Size). Without ?page the whole filtered list comes back.
  // `limit` or `after` ask for a keyset page instead, `{items, total, nextCursor}`, as the screen
  // does (docs/api.md#member-lists).
  app.get(
    '/api/organizations/:orgId/users',
    {
      config: { access: { organization: 'path', may: 'manageUsers' } },
      schema: {
        params: orgParams,
        querystring: listUsersQuerySchema,
        response: { 200: z.union([z.array(membershipRowSchema), memberPageSchema(membershipRowSchema)]) },
      },
    },
    async (request, reply) => {
      const { organizationId } = accessOf(request);
      const { page, pageSize, after, limit, ...filter } = request.query;
      if (wantsPage({ after, limit })) {
        const keyset = {
          after: after === undefined ? null : decodeCursor(USERS_KEYSET, after),
          limit: limit ?? MEMBER_PAGE_SIZE,
        };
        const { rows, total, nextCursor } = await listUsers(database, organizationId, filter, keyset);
        return { items: rows, total, nextCursor };
      }
      const paging =
        page || pageSize ? { page: page ?? 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE } : undefined;
      const { rows, total } = await listUsers(database, organizationId, filter, paging);
      reply.header('x-total-count', String(total));
      if (paging) reply.header('x-page', String(paging.page)).header('x-page-size', String(paging.pageSize));
      return rows;
    },
  );

  app.get(
    '/api/organizations/:orgId/users.csv',
    {
      config: { access: { organization: 'path', may: 'manageUsers' } },
      schema: {
        params: orgParams,
        querystring: listUsersQuerySchema,
        response: { 200: textAnswer('text/csv', 'The members the filters match, one row each') },
      },
    },
    async (request, reply) => {
      const { organizationId, actor, auth } = accessOf(request);
      const { page: _page, pageSize: _size, after: _after, limit: _limit, ...filter } = request.query;
      const csv = await exportUsersCsv(database, organizationId, actor, filter);
      const name = `${auth.organization?.shortname ?? `organization-${organizationId}`}-members.csv`;
      return sendCsv(reply, name, csv);
    },
  );

  app.post(
    '/api/organizations/:orgId/users',
    {
      config: { access: { organization: 'path', may: 'manageUsers' } },
      schema: { params: orgParams, body: addUserSchema, response: { 201: membershipRowSchema } },
    },
    async (request, reply) => {
      const { organizationId, actor } = accessOf(request);
      const row = await addUser(database, organizationId, actor, request.body);
      return reply.code(201).send(row);
    },
  );

  app.patch(
    '/api/organizations/:orgId/users/:userId/role',
    {
      config: { access: { organization: 'path', may: 'manageUsers' } },
      schema: { params: userParams, body: changeRoleSchema, response: { 200: membershipRowSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return changeRole(database, organizationId, actor, request.params.userId, request.body.role);
    },
  );

  app.post(
    '/api/organizations/:orgId/users/:userId/approve',
    {
      config: { access: { organization: 'path', may: 'manageUsers' } },
      schema: { params: userParams, response: { 200: membershipRowSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return approveUser(app.deps, organizationId, actor, request.params.userId);
    },
  );

  app.post(
    '/api/organizations/:orgId/users/:userId/disable',
    {
      config: { access: { organization: 'path', may: 'manageUsers' } },
      schema: { params: userParams, body: disableUserSchema, response: { 200: membershipRowSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return disableUser(database, organizationId, actor, request.params.userId, request.body.reason);
    },
  );

  app.post(
    '/api/organizations/:orgId/users/:userId/enable',
    {
      config: { access: { organization: 'path', may: 'manageUsers' } },
      schema: { params: userParams, response: { 200: membershipRowSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return enableUser(database, organizationId, actor, request.params.userId);
    },
  );

  app.delete(
    '/api/organizations/:orgId/users/:userId',
    {
      config: { access: { organization: 'path', may: 'manageUsers' } },
      schema: { params: userParams, response: { 200: userDeletedSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      const result = await deleteUser(database, organizationId, actor, request.params.userId);
      return { message: 'User deleted', accountDeleted: result.accountDeleted };
    },
  );
}
