// Many organizations at once, with set-based SQL (a few statements however many): approved
// organizations of `members` active members each (owner first), a month of rehearsals each, and a
// signed-in session for every owner, as sign-in makes it.
import { sign } from '@fastify/cookie';
import type { Database } from '../../../src/server/db/client';
import { COOKIE_NAME, createSession } from '../../../src/server/http/session';

export interface Tenant {
  id: number;
  shortname: string;
  members: number;
  /** The owner's session cookie, signed with the server's secret. */
  cookie: string;
}

const ROLES = ['admin', 'board', 'volunteer_coordinator', 'team_lead', 'standard_user', 'standard_user'];

/**
 * `count` organizations named `{prefix}{n}` of `members` members each, with `events` rehearsals
 * around today. Usernames carry the organization's id (`{prefix}{id}-{n}`, the owner n = 0).
 */
export async function seedTenants(
  database: Database,
  opts: {
    prefix: string;
    count: number;
    members: number;
    events: number;
    passwordHash: string;
    secret: string;
  },
): Promise<Tenant[]> {
  const { prefix, count, members, events } = opts;
  // Created a minute apart, the newest last, as registrations arrive.
  const orgs = await database.query<{ id: number; shortname: string }>(
    `insert into organizations (name, shortname, description, contact_email, approval_status, approved_at,
       timezone, created_at)
     select 'Tenant Theater ' || $1 || i, $1 || i, 'Seeded by npm run bench:tenants.', $1 || i || '@bench.local',
       'approved', now(), 'America/New_York', now() - ($2::int - i) * interval '1 minute'
     from generate_series(1, $2::int) i order by i returning id, shortname`,
    [prefix, count],
  );
  const ids = orgs.map((o) => o.id);
  await database.query(
    `with u as (
       insert into users (username, email, password, first_name, last_name)
       select $2 || o.id || '-' || k, $2 || o.id || '-' || k || '@bench.local', $3,
         (array['Ada','Ben','Cleo','Dev','Eli','Fay','Gus','Hana'])[1 + k % 8],
         (array['Archer','Brook','Cole','Dunn','Ellis','Frost'])[1 + (k / 8) % 6]
       from unnest($1::int[]) as o(id), generate_series(0, $4::int - 1) k
       returning id, username)
     insert into user_organizations (user_id, organization_id, role, organization_roles, status, approved_at)
     select u.id, split_part(substr(u.username, length($2) + 1), '-', 1)::int,
       case when split_part(u.username, '-', -1) = '0' then 'owner'
            else ($5::text[])[1 + split_part(u.username, '-', -1)::int % array_length($5::text[], 1)] end,
       array['Performer'], 'active', now()
     from u`,
    [ids, prefix, opts.passwordHash, members, ROLES],
  );
  // Half a day off the clock of the run: a rehearsal starting within the next two hours is a
  // reminder due, which a quiet tick must not meet (at a fixed 23:00 it did, from 21:00 on).
  await database.query(
    `insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time, reserved_by)
     select m.organization_id, 'Rehearsal ' || k, array['Main Stage'],
       date_trunc('minute', now()) + (k - $2::int / 2) * interval '1 day' + interval '12 hours',
       date_trunc('minute', now()) + (k - $2::int / 2) * interval '1 day' + interval '14 hours', m.user_id
     from user_organizations m, generate_series(1, $2::int) k
     where m.organization_id = any($1::int[]) and m.role = 'owner'`,
    [ids, events],
  );
  const owners = await database.query<{ organizationId: number; userId: number }>(
    `select organization_id as "organizationId", user_id as "userId" from user_organizations
     where organization_id = any($1::int[]) and role = 'owner'`,
    [ids],
  );
  const ownerOf = new Map(owners.map((o) => [o.organizationId, o.userId]));
  const tenants: Tenant[] = [];
  for (const org of orgs) {
    const sid = await createSession(database, ownerOf.get(org.id) as number, org.id);
    tenants.push({ ...org, members, cookie: `${COOKIE_NAME}=${sign(sid, opts.secret)}` });
  }
  return tenants;
}
