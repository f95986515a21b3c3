// The organization's volunteer positions: read by every member, replaced as a whole by
// coordinators. A position a shift still uses cannot be removed.
import type { Position, PositionsPut } from '../../../common/schemas/volunteer';
import type { Database } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import type { Caller } from '../scheduling';

export const COORDINATORS_ONLY = 'Only volunteer coordinators, owners and admins can do that';
export const POSITION_IN_USE = 'A position that shifts use cannot be removed';
export const UNKNOWN_POSITION = 'Position not found';

export function listPositions(database: Database, organizationId: number): Promise<Position[]> {
  return database.query<Position>(
    `select p.id, p.name, exists(select 1 from volunteer_shifts s where s.position_id = p.id) as "inUse"
     from volunteer_positions p where p.organization_id = $1 order by p.sort_order, lower(p.name), p.id`,
    [organizationId],
  );
}

export async function putPositions(database: Database, access: Caller, input: PositionsPut) {
  const { organizationId } = access;
  const existing = await listPositions(database, organizationId);
  const known = new Map(existing.map((p) => [p.id, p]));
  input.forEach((p, i) => {
    if (p.id !== undefined && !known.has(p.id))
      throw badRequest(UNKNOWN_POSITION, { [`${i}.id`]: UNKNOWN_POSITION });
  });
  const kept = new Set(input.flatMap((p) => (p.id === undefined ? [] : [p.id])));
  const removed = existing.filter((p) => !kept.has(p.id));
  if (removed.some((p) => p.inUse)) throw conflict(POSITION_IN_USE);
  await database.transaction(async (q) => {
    await q.query('delete from volunteer_positions where organization_id = $1 and id = any($2::int[])', [
      organizationId,
      removed.map((p) => p.id),
    ]);
    // Renames first under temporary names, so swapping two names never meets the unique index.
    await q.query(
      `update volunteer_positions p set name = '~' || p.id || '~' from unnest($2::int[]) as r(id)
       where p.organization_id = $1 and p.id = r.id`,
      [organizationId, [...kept]],
    );
    await q.query(
      `update volunteer_positions p set name = r.name, sort_order = r.ord
       from unnest($2::int[], $3::text[], $4::int[]) as r(id, name, ord)
       where p.organization_id = $1 and p.id = r.id`,
      [
        organizationId,
        input.flatMap((p) => (p.id === undefined ? [] : [p.id])),
        input.flatMap((p) => (p.id === undefined ? [] : [p.name])),
        input.flatMap((p, i) => (p.id === undefined ? [] : [i])),
      ],
    );
    await q.query(
      `insert into volunteer_positions (organization_id, name, sort_order)
       select $1, r.name, r.ord from unnest($2::text[], $3::int[]) as r(name, ord)`,
      [
        organizationId,
        input.flatMap((p) => (p.id === undefined ? [p.name] : [])),
        input.flatMap((p, i) => (p.id === undefined ? [i] : [])),
      ],
    );
  });
  return listPositions(database, organizationId);
}
