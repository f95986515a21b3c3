// The directory of a large company: 2,000 active members, a third of them in one or two teams.
// Bulk SQL, so seeding costs a second, not minutes; the extra members never sign in.
import { type BenchContext, benchCases } from '../registry';

const MEMBERS = 2_000;
const TEAMS = 10;
const LARGE = 10_000;
const LARGE_ORG = 'benchschool';

/** A school of 10,000 members, each in one of 20 classes; seeded once for the cases that read it. */
async function seedLarge(ctx: BenchContext) {
  if (ctx.values.largeOrganizationId) return;
  const org = await ctx.addOrganization(LARGE_ORG, LARGE);
  ctx.values.largeOrganizationId = org.organizationId;
  await ctx.database.query(
    `insert into teams (organization_id, name, handle, description)
     select $1, 'Class ' || t, 'benchschool-class-' || t, 'Directory bench class ' || t
     from generate_series(1, 20) as t`,
    [org.organizationId],
  );
  await ctx.database.query(
    `insert into team_members (organization_id, team_id, user_id, role)
     select $1, (array_agg(t.id order by t.id))[1 + m.n % 20], m.id, 'member'
     from unnest($2::int[]) with ordinality as m(id, n)
     cross join teams t where t.organization_id = $1
     group by m.id, m.n`,
    [org.organizationId, org.memberIds],
  );
}

benchCases.push(
  // The size the brief sets the target for, in its own organization.
  {
    name: 'directory (40 members)',
    organization: 'benchdir',
    path: (ctx) => `/api/organizations/${ctx.values.directoryOrganizationId}/directory`,
    target: { rps: 3000 },
    async setup(ctx) {
      const org = await ctx.addOrganization('benchdir');
      ctx.values.directoryOrganizationId = org.organizationId;
      const { database } = ctx;
      const { organizationId } = org;
      await database.query(
        `insert into teams (organization_id, name, handle, description)
         select $1, 'Company ' || t, 'benchdir-company-' || t, 'Directory bench team ' || t
         from generate_series(1, 4) as t`,
        [organizationId],
      );
      await database.query(
        `insert into team_members (organization_id, team_id, user_id, role)
         select $1, t.id, m.id, case when m.n % 10 = 0 then 'team_lead' else 'member' end
         from unnest($2::int[]) with ordinality as m(id, n)
         join teams t on t.organization_id = $1 and (t.id + m.n) % 3 = 0`,
        [organizationId, org.memberIds],
      );
    },
  },
  {
    name: 'directory (2,000 members)',
    path: (ctx) => `/api/organizations/${ctx.organizationId}/directory`,
    async setup(ctx) {
      const { database, organizationId } = ctx;
      const extra = MEMBERS - ctx.memberIds.length;
      await database.query(
        `with u as (
         insert into users (username, email, password, first_name, last_name, bio)
         select 'bench-dir-' || i, 'bench-dir-' || i || '@bench.local',
           (select password from users where id = $2),
           (array['Ada','Ben','Cleo','Dev','Eli','Fay','Gus','Hana','Ivo','June'])[1 + i % 10],
           (array['Archer','Brook','Cole','Dunn','Ellis','Frost','Gray','Hale'])[1 + i % 8],
           case when i % 2 = 0 then 'Company member ' || i || ', on stage and backstage since ' || (1990 + i % 30) end
         from generate_series(1, $3::int) as i
         returning id)
       insert into user_organizations (user_id, organization_id, role, organization_roles, status, approved_at)
       select id, $1, 'standard_user', array['Performer', 'Student'], 'active', now() from u`,
        [organizationId, ctx.ownerId, extra],
      );
      await database.query(
        `insert into teams (organization_id, name, handle, description)
       select $1, 'Company ' || t, 'bench-company-' || t, 'Directory bench team ' || t
       from generate_series(1, $2::int) as t`,
        [organizationId, TEAMS],
      );
      // Every third member in one team, every sixth in a second one.
      await database.query(
        `insert into team_members (organization_id, team_id, user_id, role)
       select $1, t.id, m.user_id, case when m.n % 50 = 0 then 'team_lead' else 'member' end
       from (select user_id, row_number() over (order by user_id) as n from user_organizations
             where organization_id = $1) m
       join lateral (select id from teams where organization_id = $1 and handle like 'bench-company-%'
                     order by id offset (m.n % $2) limit case when m.n % 6 = 0 then 2 else 1 end) t on true
       where m.n % 3 = 0
       on conflict do nothing`,
        [organizationId, TEAMS],
      );
    },
  },
  // What the directory screen asks first in a large organization: one page of 50 and the total.
  {
    name: 'directory first page (10,000 members)',
    organization: LARGE_ORG,
    path: (ctx) => `/api/organizations/${ctx.values.largeOrganizationId}/directory?limit=50`,
    setup: seedLarge,
  },
  {
    name: 'directory search (10,000 members)',
    organization: LARGE_ORG,
    path: (ctx) => `/api/organizations/${ctx.values.largeOrganizationId}/directory?search=hana&limit=50`,
    setup: seedLarge,
  },
);
