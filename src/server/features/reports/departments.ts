// The departments rehearsal reports are addressed to, an organization setting: each with the
// members who receive it. An organization that never saved any has the defaults, with nobody yet.
import { DEFAULT_DEPARTMENTS, type Department } from '../../../common/schemas/breakdown';
import type { Database, Runner } from '../../db/client';
import { badRequest } from '../../http/errors';

const RECIPIENTS_NOT_ACTIVE = 'Recipients must be active members of the organization';

export async function readDepartments(q: Runner, organizationId: number): Promise<Department[]> {
  const rows = await q.query<Department>(
    `select name, recipient_ids as "recipientIds" from report_departments
     where organization_id = $1 order by position, id`,
    [organizationId],
  );
  return rows.length > 0 ? rows : DEFAULT_DEPARTMENTS.map((name) => ({ name, recipientIds: [] }));
}

export async function writeDepartments(database: Database, organizationId: number, list: Department[]) {
  const everyone = [...new Set(list.flatMap((d) => d.recipientIds))];
  return database.transaction(async (q) => {
    if (everyone.length > 0) {
      const [found] = await q.query<{ n: number }>(
        `select count(*)::int as n from user_organizations
         where organization_id = $1 and status = 'active' and user_id = any($2::int[])`,
        [organizationId, everyone],
      );
      if (found.n !== everyone.length) throw badRequest(RECIPIENTS_NOT_ACTIVE);
    }
    await q.query('delete from report_departments where organization_id = $1', [organizationId]);
    for (const [position, d] of list.entries())
      await q.query(
        `insert into report_departments (organization_id, name, position, recipient_ids)
         values ($1, $2, $3, $4::int[])`,
        [organizationId, d.name, position, d.recipientIds],
      );
    return readDepartments(q, organizationId);
  });
}
