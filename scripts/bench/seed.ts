// The organization every case reads: approved, 40 active members across every permission level,
// the owner signed in. Plain SQL (the bench never imports tests/), one password hash for all.
import type { Database } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/features/auth/passwords';
import type { BenchContext } from './registry';

export const BENCH_SHORTNAME = 'bench';
export const BENCH_OWNER = 'bench-owner';
export const BENCH_PASSWORD = 'Bench-password-2026';
const MEMBERS = 40;
const ROLES = ['admin', 'board', 'volunteer_coordinator', 'team_lead', 'standard_user', 'standard_user'];
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'June'];
const LAST = ['Archer', 'Brook', 'Cole', 'Dunn', 'Ellis', 'Frost', 'Gray', 'Hale'];

export async function seedBench(database: Database): Promise<BenchContext> {
  const password = await hashPassword(BENCH_PASSWORD);
  const [org] = await database.query<{ id: number }>(
    `insert into organizations (name, shortname, description, contact_email, approval_status, approved_at,
       enable_public_registration, require_admin_approval)
     values ('Bench Repertory Theater', $1, 'Seeded by npm run bench.', 'bench@bench.local', 'approved', now(),
       true, true) returning id`,
    [BENCH_SHORTNAME],
  );
  const memberIds: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const username = i === 0 ? BENCH_OWNER : `bench-member-${i}`;
    const [user] = await database.query<{ id: number }>(
      `insert into users (username, email, password, first_name, last_name, bio, roles)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [
        username,
        `${username}@bench.local`,
        password,
        FIRST[i % FIRST.length],
        LAST[i % LAST.length],
        `Member ${i} of the bench company.`,
        i % 3 === 0 ? ['Performer'] : ['Student', 'Performer'],
      ],
    );
    memberIds.push(user.id);
    await database.query(
      `insert into user_organizations (user_id, organization_id, role, organization_roles, status, approved_at,
         last_active_at)
       values ($1, $2, $3, $4, 'active', now(), now())`,
      [user.id, org.id, i === 0 ? 'owner' : ROLES[i % ROLES.length], ['Performer']],
    );
  }
  return {
    database,
    organizationId: org.id,
    shortname: BENCH_SHORTNAME,
    ownerId: memberIds[0],
    memberIds,
    values: {},
  };
}
