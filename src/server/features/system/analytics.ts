// Platform analytics for system users: weekly figures over all organizations or one, each chart
// from one aggregate query over a series of weeks (no per-row work in the app).
import type { OrganizationFigures, SeriesName, WeekPoint } from '../../../common/schemas/system';
import type { Database } from '../../db/client';

// $1 = number of weeks ending with the current one; $2 = organization id or null for all.
const WEEKS = `with w as (
  select generate_series(date_trunc('week', now()) - ($1::int - 1) * interval '1 week',
    date_trunc('week', now()), interval '1 week') as week)`;

const SERIES = {
  // Organizations that existed at the end of each week.
  organizations: `${WEEKS}
    select to_char(w.week, 'YYYY-MM-DD') as week,
      (select count(*)::int from organizations o
        where o.created_at < w.week + interval '1 week' and ($2::int is null or o.id = $2)) as value
    from w order by w.week`,
  // Memberships that existed at the end of each week.
  members: `${WEEKS}
    select to_char(w.week, 'YYYY-MM-DD') as week,
      (select count(*)::int from user_organizations m
        where m.created_at < w.week + interval '1 week' and ($2::int is null or m.organization_id = $2)) as value
    from w order by w.week`,
  // Events (occurrences) taking place in each week.
  events: `${WEEKS}
    select to_char(w.week, 'YYYY-MM-DD') as week,
      (select count(*)::int from calendar_events e
        where e.start_date_time >= w.week and e.start_date_time < w.week + interval '1 week'
          and ($2::int is null or e.organization_id = $2)) as value
    from w order by w.week`,
  // Members active in each week (member_activity_weeks, kept by a trigger on last_active_at).
  activeMembers: `${WEEKS}
    select to_char(w.week, 'YYYY-MM-DD') as week,
      (select count(*)::int from member_activity_weeks a
        where a.week = w.week and ($2::int is null or a.organization_id = $2)) as value
    from w order by w.week`,
} satisfies Record<SeriesName, string>;

export async function analytics(database: Database, weeks: number, organizationId: number | null) {
  const names = Object.keys(SERIES) as SeriesName[];
  const results = await Promise.all(
    names.map((name) => database.query<WeekPoint>(SERIES[name], [weeks, organizationId])),
  );
  const series = Object.fromEntries(names.map((n, i) => [n, results[i]])) as Record<SeriesName, WeekPoint[]>;
  const organizations = await database.query<OrganizationFigures>(
    `select o.id, o.name, o.shortname, o.approval_status as "approvalStatus",
       coalesce(m.members, 0)::int as members, coalesce(m.active, 0)::int as "activeMembers",
       coalesce(e.events, 0)::int as events
     from organizations o
     left join (select organization_id, count(*) as members,
                  count(*) filter (where last_active_at > now() - interval '7 days') as active
                from user_organizations group by organization_id) m on m.organization_id = o.id
     left join (select organization_id, count(*) as events from calendar_events
                where start_date_time >= date_trunc('week', now()) - ($1::int - 1) * interval '1 week'
                  and start_date_time < date_trunc('week', now()) + interval '1 week'
                group by organization_id) e on e.organization_id = o.id
     order by o.name, o.id`,
    [weeks],
  );
  return { weeks, organizationId, series, organizations };
}
