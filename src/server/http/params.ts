// Path parameter schemas shared by every feature, so an id is read the same way everywhere.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_DB_ID } from '../../common/ids';

/**
 * An object id from a path. Bounded to the id column's range: a larger number would make the
 * database fail (500) where the caller only sent a bad id (400).
 */
export const idSchema = z.coerce
  .number({ error: 'Invalid id' })
  .int('Invalid id')
  .positive('Invalid id')
  .max(MAX_DB_ID, 'Invalid id');

/**
 * {orgId}: checked before validation by the route's access (http/access.ts), which answers 404 for
 * any id but the caller's organization, out-of-range ones included.
 */
export const orgParams = z.object({
  orgId: z.coerce
    .number({ error: 'Invalid organization id' })
    .int('Invalid organization id')
    .positive('Invalid organization id'),
});

export const idParams = z.object({ id: idSchema });

/**
 * A path id read before validation (by the access hook): anything that is not a plain id in the
 * column's range is 0, which no row has, so the check answers "not found".
 */
export function rawPathId(request: FastifyRequest, name: string): number {
  const raw = (request.params as Record<string, string | undefined> | undefined)?.[name] ?? '';
  if (!/^\d{1,10}$/.test(raw)) return 0;
  const id = Number(raw);
  return id <= MAX_DB_ID ? id : 0;
}
