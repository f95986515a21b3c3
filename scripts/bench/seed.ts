// The organizations the cases read: each approved, its active members across every permission
// level, its owner signed in by the bench. Plain SQL (the bench never imports tests/), one
// password hash for all.
import type { Database } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/features/auth/passwords';
import type { BenchContext, BenchOrganization } from './registry';

export const BENCH_SHORTNAME = 'bench';
export const BENCH_PASSWORD = 'Bench-password-2026';
/** Who signs in to an organization the bench seeded. */
export const benchOwner = (shortname: string) => `${shortname}-owner`;
/** The i-th member after the owner (1 and up), as seedOrganization names them. */
export const benchMember = (shortname: string, i: number) => `${shortname}-member-${i}`;
const MEMBERS = 40;
const ROLES = ['admin', 'board', 'volunteer_coordinator', 'team_lead', 'standard_user', 'standard_user'];
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'June'];
const LAST = ['Archer', 'Brook', 'Cole', 'Dunn', 'Ellis', 'Frost', 'Gray', 'Hale'];

/** An approved organization of `members` active members (owner first), all with `password` (a hash). */
export async function seedOrganization(
  database: Database,
  password: string,
  shortname: string,
  members: number,
): Promise<BenchOrganization> {
  const [org] = await database.query<{ id: number }>(
    `insert into organizations (name, shortname, description, contact_email, approval_status, approved_at,
       enable_public_registration, require_admin_approval)
     values ($2, $1::text, 'Seeded by npm run bench.', $1::text || '@bench.local', 'approved', now(), true, true)
     returning id`,
    [shortname, `Bench Repertory Theater (${shortname})`],
  );
  const users = await database.query<{ id: number }>(
    `insert into users (username, email, password, first_name, last_name, bio, roles)
     select case when i = 0 then $1::text || '-owner' else $1::text || '-member-' || i end,
       case when i = 0 then $1 || '-owner' else $1 || '-member-' || i end || '@bench.local', $2,
       ($3::text[])[1 + i % array_length($3::text[], 1)], ($4::text[])[1 + i % array_length($4::text[], 1)],
       'Member ' || i || ' of the bench company.',
       case when i % 3 = 0 then array['Performer'] else array['Student', 'Performer'] end
     from generate_series(0, $5::int - 1) as i order by i
     returning id`,
    [shortname, password, FIRST, LAST, members],
  );
  const memberIds = users.map((u) => u.id);
  await database.query(
    `insert into user_organizations (user_id, organization_id, role, organization_roles, status, approved_at,
       last_active_at)
     select u.id, $2, case when u.n = 1 then 'owner' else ($3::text[])[1 + (u.n - 1) % array_length($3::text[], 1)] end,
       array['Performer'], 'active', now(), now()
     from unnest($1::int[]) with ordinality as u(id, n)`,
    [memberIds, org.id, ROLES],
  );
  return { organizationId: org.id, shortname, ownerId: memberIds[0], memberIds };
}

export async function seedBench(database: Database): Promise<BenchContext> {
  const password = await hashPassword(BENCH_PASSWORD);
  const main = await seedOrganization(database, password, BENCH_SHORTNAME, MEMBERS);
  return {
    ...main,
    database,
    values: {},
    addOrganization: (shortname, members = MEMBERS) =>
      seedOrganization(database, password, shortname, members),
  };
}
