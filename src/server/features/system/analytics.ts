// Platform analytics for system users: weekly figures over all organizations or one, each chart
// from one aggregate pass over its table (no per-week rescans, no per-row work in the app), and
// the per-organization figures a page of organizations at a time.
import type { MemberPage } from '../../../common/member-list';
import type { Analytics, OrganizationFigures, SeriesName, WeekPoint } from '../../../common/schemas/system';
import { getOrCreate } from '../../../common/maps';
import { BoundedMap, holding } from '../../bounded-map';
import type { Database } from '../../db/client';
import { afterKey, type Keyset, orderBy, pageFrom } from '../../http/keyset';

// $1 = number of weeks ending with the current one; $2 = organization id or null for all.
const WEEKS = `w as (
  select generate_series(date_trunc('week', now()) - ($1::int - 1) * interval '1 week',
    date_trunc('week', now()), interval '1 week') as week),
range as (select min(week) as first, max(week) + interval '1 week' as past from w)`;

/**
 * A running total by week: what existed before the range, plus what each week of it added. `rows`
 * selects `at` (when a row came) from one table, already narrowed to the organization.
 */
const cumulative = (rows: string) => `with ${WEEKS},
  added as (
    select case when r.at < range.first then null else date_trunc('week', r.at) end as week, count(*) as n
    from (${rows}) r, range where r.at < range.past group by 1)
  select to_char(w.week, 'YYYY-MM-DD') as week,
    ((select coalesce(sum(n), 0) from added where week is null)
      + coalesce(sum(a.n) over (order by w.week), 0))::int as value
  from w left join added a on a.week = w.week order by w.week`;

/** Counts per week of the range, from `rows` selecting `at`. */
const perWeek = (rows: string) => `with ${WEEKS},
  counted as (
    select date_trunc('week', r.at) as week, count(*) as n
    from (${rows}) r, range where r.at >= range.first and r.at < range.past group by 1)
  select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(c.n, 0)::int as value
  from w left join counted c on c.week = w.week order by w.week`;

const SERIES = {
  // Organizations that existed at the end of each week.
  organizations: cumulative('select created_at as at from organizations where ($2::int is null or id = $2)'),
  // Memberships that existed at the end of each week.
  members: cumulative(
    'select created_at as at from user_organizations where ($2::int is null or organization_id = $2)',
  ),
  // Events (occurrences) taking place in each week: one range of calendar_events_start.
  events: perWeek(`select start_date_time as at from calendar_events
    where ($2::int is null or organization_id = $2)
      and start_date_time >= date_trunc('week', now()) - ($1::int - 1) * interval '1 week'
      and start_date_time < date_trunc('week', now()) + interval '1 week'`),
  // Members active in each week (member_activity_weeks, kept by a trigger on last_active_at).
  activeMembers: perWeek(`select week as at from member_activity_weeks
    where ($2::int is null or organization_id = $2)
      and week >= date_trunc('week', now()) - ($1::int - 1) * interval '1 week'`),
} satisfies Record<SeriesName, string>;

type Series = Record<SeriesName, WeekPoint[]>;

// Weekly figures over the whole platform read every membership and the range's events: with
// 2,000 organizations tens of milliseconds each, and the screen asks again on every visit. They
// move by the week, so one reading serves a minute, per range and organization.
const SERIES_KEPT_MS = 60_000;
const kept = new WeakMap<Database, BoundedMap<string, { at: number; series: Promise<Series> }>>();
const keptSeries = (database: Database) =>
  getOrCreate(kept, database, () => holding('analytics series', new BoundedMap(200)));

async function readSeries(database: Database, weeks: number, organizationId: number | null): Promise<Series> {
  const names = Object.keys(SERIES) as SeriesName[];
  const results = await Promise.all(
    names.map((name) => database.query<WeekPoint>(SERIES[name], [weeks, organizationId])),
  );
  return Object.fromEntries(names.map((n, i) => [n, results[i]])) as Series;
}

export function analyticsSeries(database: Database, weeks: number, organizationId: number | null) {
  const key = `${weeks}:${organizationId ?? ''}`;
  const byKey = keptSeries(database);
  const hit = byKey.get(key);
  if (hit && Date.now() - hit.at < SERIES_KEPT_MS) return hit.series;
  const series = readSeries(database, weeks, organizationId);
  byKey.set(key, { at: Date.now(), series });
  series.catch(() => byKey.delete(key));
  return series;
}

// By name, as the table reads.
export const FIGURES_KEYSET: Keyset = {
  columns: [
    { sql: 'o.name', type: 'text' },
    { sql: 'o.id', type: 'int' },
  ],
};

// Only the page's organizations are counted, each through its own index ranges.
const figuresSql = (after: string) => `
with matching as (
  select o.id, o.name from organizations o
  where ($2::text is null or strpos(lower(o.name), lower($2)) > 0 or strpos(o.shortname, lower($2)) > 0)),
page as (select o.* from matching o where ${after} ${orderBy(FIGURES_KEYSET)} limit $3)
select (select count(*)::int from matching) as total, o.id, o.name, o.shortname,
  o.approval_status as "approvalStatus",
  (select count(*)::int from user_organizations m where m.organization_id = o.id) as members,
  (select count(*)::int from user_organizations m
    where m.organization_id = o.id and m.last_active_at > now() - interval '7 days') as "activeMembers",
  (select count(*)::int from calendar_events e where e.organization_id = o.id
    and e.start_date_time >= date_trunc('week', now()) - ($1::int - 1) * interval '1 week'
    and e.start_date_time < date_trunc('week', now()) + interval '1 week') as events
from (select 1) one
left join page p on true
left join organizations o on o.id = p.id
${orderBy(FIGURES_KEYSET)}`;

export async function organizationFigures(
  database: Database,
  weeks: number,
  search: string | undefined,
  page: { after: (string | number | boolean)[] | null; limit: number },
): Promise<MemberPage<OrganizationFigures>> {
  const after = afterKey(FIGURES_KEYSET, page.after, 4);
  const rows = await database.query<OrganizationFigures & { total: number }>(figuresSql(after.sql), [
    weeks,
    search ?? null,
    page.limit + 1,
    ...after.params,
  ]);
  return pageFrom(
    rows.filter((r) => r.id !== null),
    page.limit,
    rows[0]?.total ?? 0,
    (r) => [r.name, r.id],
    ({ total: _total, ...r }) => r,
  );
}

/**
 * The charts (left out on a later page of the table, `after` given) and one page of the
 * per-organization figures.
 */
export async function analytics(
  database: Database,
  query: {
    weeks: number;
    organization: Analytics['organization'];
    search?: string;
    after: (string | number | boolean)[] | null;
    limit: number;
  },
): Promise<Analytics> {
  const { weeks, organization } = query;
  const [series, organizations] = await Promise.all([
    query.after ? null : analyticsSeries(database, weeks, organization?.id ?? null),
    organizationFigures(database, weeks, query.search, query),
  ]);
  return { weeks, organizationId: organization?.id ?? null, organization, series, organizations };
}
