// Many members at once, for the large-organization tests: one INSERT … SELECT for the accounts and
// their memberships (10,000 in well under a second), with names, a bio and organization roles like
// a real company's. The accounts cannot sign in (no usable password).
import type { Database } from '../../src/server/db/client';
import { uniqueId } from './app';
import type { BuiltOrg } from './factories';

const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'June'];
const LAST = ['Archer', 'Brook', 'Cole', 'Dunn', 'Ellis', 'Frost', 'Gray', 'Hale'];

/** Adds `count` active standard members; returns their user ids in insertion order. */
export async function bulkMembers(
  database: Database,
  org: BuiltOrg,
  count: number,
  opts: { firstName?: string; status?: 'active' | 'disabled' | 'pending_approval' } = {},
): Promise<number[]> {
  const prefix = `bulk_${uniqueId()}`;
  const rows = await database.query<{ id: number }>(
    `with u as (
       insert into users (username, email, password, first_name, last_name, bio)
       select $2 || '_' || i, $2 || '_' || i || '@example.test', 'not-a-password-hash',
         coalesce($4, ($5::text[])[1 + i % 10]), ($6::text[])[1 + i % 8],
         'Member ' || i || ' of the company, on stage and backstage since ' || (1990 + i % 30) || '.'
       from generate_series(1, $3::int) as i
       returning id)
     insert into user_organizations (user_id, organization_id, role, organization_roles, status, is_active, approved_at)
     select id, $1, 'standard_user', array['Performer', 'Student'], $7, $7 = 'active', now() from u
     returning user_id as id`,
    [org.id, prefix, count, opts.firstName ?? null, FIRST, LAST, opts.status ?? 'active'],
  );
  return rows.map((r) => r.id);
}
