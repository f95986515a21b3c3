// The database manager: allow-listed tables only (tables.ts), written only where table-rules.ts
// allows and as the app's own routes check it.
import { count } from 'drizzle-orm';
import { z } from 'zod';
import {
  recordDataSchema,
  recordDeletedSchema,
  recordExportSchema,
  recordPageSchema,
  dbRecordSchema,
  tableListSchema,
  tableRecordsQuerySchema,
  tableSchemaSchema,
} from '../../../common/schemas/system';
import { badRequest } from '../../http/errors';
import { authOf } from '../../http/access';
import { idSchema } from '../../http/params';
import type { App } from '../../http/types';
import { deleteRecord, exportRecords, insertRecord, listRecords, updateRecord } from './records';
import { columnAccess, isSecretColumn, managedTable, managedTableNames, parseRecord } from './tables';

// Only names shaped like our tables pass; the allow-list then decides (404 for the rest).
const tableParams = z.object({
  table: z.string().regex(/^[a-z][a-z_]{0,62}$/, 'Unknown table'),
});
const recordParams = tableParams.extend({ id: idSchema });
// A record is a few kilobytes at most; a larger body is refused before any work.
const WRITE_LIMIT = 256 * 1024;

/** A system user cannot lock themself out through the manager by deleting their own account. */
function assertNotSelfLockout(table: string, id: number, actorId: number) {
  if (table === 'users' && id === actorId) throw badRequest('You cannot remove your own system access here');
}

export async function databaseRoutes(app: App) {
  const { database } = app.deps;
  const { db } = database;

  app.get(
    '/api/system/database/tables',
    { config: { access: 'system' }, schema: { response: { 200: tableListSchema } } },
    async () =>
      Promise.all(
        managedTableNames().map(async (name) => {
          const t = managedTable(name);
          const [{ rows }] = await db.select({ rows: count() }).from(t.table);
          return { name, insertable: t.insertable, rowCount: rows };
        }),
      ),
  );

  app.get(
    '/api/system/database/table/:table',
    {
      config: { access: 'system' },
      schema: {
        params: tableParams,
        querystring: tableRecordsQuerySchema,
        response: { 200: recordPageSchema },
      },
    },
    async (request) => listRecords(db, managedTable(request.params.table), request.query),
  );

  app.get(
    '/api/system/database/table/:table/export',
    { config: { access: 'system' }, schema: { params: tableParams, response: { 200: recordExportSchema } } },
    async (request, reply) => {
      const t = managedTable(request.params.table);
      reply.header('content-disposition', `attachment; filename="${t.name}_export.json"`);
      return exportRecords(db, t);
    },
  );

  app.get(
    '/api/system/database/schema/:table',
    { config: { access: 'system' }, schema: { params: tableParams, response: { 200: tableSchemaSchema } } },
    async (request) => {
      const t = managedTable(request.params.table);
      const columns = await database.query<{
        column_name: string;
        data_type: string;
        is_nullable: string;
        column_default: string | null;
      }>(
        `select column_name, data_type, is_nullable, column_default from information_schema.columns
       where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
        [t.name],
      );
      return {
        table: t.name,
        insertable: t.insertable,
        columns: columns
          .filter((c) => !isSecretColumn(t.name, c.column_name))
          .map((c) => ({
            ...c,
            required: t.byName.get(c.column_name)?.required ?? false,
            ...columnAccess(t, c.column_name),
          })),
      };
    },
  );

  app.post(
    '/api/system/database/table/:table',
    {
      config: { access: 'system' },
      bodyLimit: WRITE_LIMIT,
      schema: { params: tableParams, body: recordDataSchema, response: { 201: dbRecordSchema } },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const t = managedTable(request.params.table);
      const record = await insertRecord(db, user.id, t, parseRecord(t, request.body, 'insert'));
      reply.code(201);
      return record;
    },
  );

  app.patch(
    '/api/system/database/table/:table/:id',
    {
      config: { access: 'system' },
      bodyLimit: WRITE_LIMIT,
      schema: { params: recordParams, body: recordDataSchema, response: { 200: dbRecordSchema } },
    },
    async (request) => {
      const { user } = authOf(request);
      const t = managedTable(request.params.table);
      return updateRecord(db, user.id, t, request.params.id, parseRecord(t, request.body, 'update'));
    },
  );

  app.delete(
    '/api/system/database/table/:table/:id',
    {
      config: { access: 'system' },
      schema: { params: recordParams, response: { 200: recordDeletedSchema } },
    },
    async (request) => {
      const { user } = authOf(request);
      const t = managedTable(request.params.table);
      assertNotSelfLockout(t.name, request.params.id, user.id);
      return deleteRecord(db, user.id, t, request.params.id);
    },
  );
}
