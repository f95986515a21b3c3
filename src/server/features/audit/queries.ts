import type { AuditRow } from '../../../common/schemas/admin';
import { nameJson } from '../../db/columns';
import type { Database } from '../../db/client';

export async function listAudit(
  database: Database,
  organizationId: number,
  opts: { page: number; pageSize: number; action?: string },
): Promise<{ items: AuditRow[]; total: number }> {
  const where = `a.organization_id = $1 and ($2::text is null or a.action = $2)`;
  const params = [organizationId, opts.action ?? null];
  const [{ total }] = await database.query<{ total: number }>(
    `select count(*)::int as total from audit_log a where ${where}`,
    params,
  );
  const items = await database.query<AuditRow>(
    `select a.id, a.action, a.target_type as "targetType", a.target_id as "targetId", a.details,
       a.created_at as "createdAt",
       case when u.id is null then null else json_build_object('id', u.id, ${nameJson('u')}) end as actor,
       t.username as "targetUsername"
     from audit_log a left join users u on u.id = a.actor_id
     left join users t on a.target_type = 'user' and t.id = a.target_id
     where ${where}
     order by a.created_at desc, a.id desc
     limit $3 offset $4`,
    [...params, opts.pageSize, (opts.page - 1) * opts.pageSize],
  );
  return { items: items.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })), total };
}
