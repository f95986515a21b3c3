import type { Database } from '../../db/client';

/**
 * Of these sessions, the ones that still sign someone in to their organization: unexpired, an
 * active membership, an approved organization (the same rule as a request's session lookup).
 */
export async function liveSessions(database: Database, sids: string[]): Promise<Set<string>> {
  const rows = await database.query<{ sid: string }>(
    `select s.sid from session s
     join user_organizations m on m.user_id = s.user_id
       and m.organization_id = (s.sess->>'organizationId')::int
     join organizations o on o.id = m.organization_id
     where s.sid = any($1::text[]) and s.expire > now()
       and m.status = 'active' and o.approval_status = 'approved'`,
    [sids],
  );
  return new Set(rows.map((r) => r.sid));
}
