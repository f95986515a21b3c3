// The directory's reads: one statement each, teams aggregated in SQL, so 2,000 members cost one
// round trip and no N+1.
import type { MemberPage, MembershipStatus } from '../../../common/schemas/member-list';
import type { DirectoryEntry, PersonEntry } from '../../../common/schemas/people';
import { containsPattern } from '../../db/like';
import { memberColumns, memberJson, profileColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import { holding } from '../../bounded-map';
import { ChangeFeed, orgScopes } from '../../db/change-feed';
import { FingerprintCache, KeptBody } from '../../http/etag';
import { afterKey, type Keyset, orderBy, pageFrom } from '../../http/keyset';

// The whole answer is built as JSON text inside PostgreSQL and sent as is: one round trip and
// no per-row work in JavaScript. Teams are joined per member through the (organization_id,
// user_id) index and grouped in the same pass, which stays fast whichever plan PostgreSQL picks;
// aggregating teams in a subquery first degenerated to re-aggregating it once per member when
// the table statistics were stale (2,000 members: seconds instead of milliseconds).
const DIRECTORY_JSON = `
select coalesce(json_agg(json_build_object(
    'id', e.id, 'userId', e."userId", 'username', e.username, 'firstName', e."firstName",
    'lastName', e."lastName", 'profilePicture', e."profilePicture", 'bio', e.bio, 'roles', e.roles,
    'organizationRole', e."organizationRole", 'teams', e.teams)
  order by e.sort_name, e.sort_username), '[]'::json)::text as body
from (
  select m.id, u.id as "userId", ${memberColumns('u')}, u.bio, m.organization_roles as roles, m.role as "organizationRole",
    coalesce(json_agg(json_build_object('id', te.id, 'name', te.name, 'role', tm.role) order by lower(te.name))
      filter (where te.id is not null), '[]'::json) as teams,
    lower(coalesce(nullif(u.first_name, ''), u.username)) as sort_name, lower(u.username) as sort_username
  from user_organizations m
  join users u on u.id = m.user_id
  left join team_members tm on tm.organization_id = $1 and tm.user_id = m.user_id
  left join teams te on te.id = tm.team_id and te.organization_id = $1 and te.archived_at is null
  where m.organization_id = $1 and m.status = 'active'
  group by m.organization_id, m.id, u.id
) e`;

// Every row the directory reads, by id and row version (xmin changes on every update, insert
// and delete leave or add a row): equal fingerprints mean an equal answer. Much cheaper than
// building the answer, so a repeated read (the 304 case included) skips the JSON work.
const FINGERPRINT = `
select md5(coalesce((
    select string_agg(m.id || ':' || m.xmin || ':' || u.xmin, ',' order by m.id)
    from user_organizations m join users u on u.id = m.user_id
    where m.organization_id = $1 and m.status = 'active'), '')
  || '|' || coalesce((
    select string_agg(tm.id || ':' || tm.xmin || ':' || te.xmin, ',' order by tm.id)
    from team_members tm join teams te on te.id = tm.team_id
    where tm.organization_id = $1 and te.organization_id = $1), '')) as fingerprint`;

// Per process. While the change feed listens, a kept directory is served until a write to its
// organization's people (members, their names, teams and memberships: all it reads); otherwise
// the fingerprint, read on every request, decides.
const cache = holding('directories (fingerprinted)', new FingerprintCache<number>(32 * 1024 * 1024));
const liveDirectories = (database: Database) =>
  ChangeFeed.of(database).cache<number, KeptBody>('directories', {
    maxAgeMs: 5 * 60_000,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (kept) => kept.size,
  });

/** The directory as a JSON array text, ready to send, with its ETag. */
export function directoryJson(database: Database, organizationId: number): Promise<KeptBody> {
  return liveDirectories(database).getOrLoad(
    organizationId,
    orgScopes(organizationId, ['people']),
    async () => {
      const [{ fingerprint }] = await database.query<{ fingerprint: string }>(FINGERPRINT, [organizationId]);
      const kept = cache.get(organizationId, fingerprint);
      if (kept) return kept;
      const [row] = await database.query<{ body: string }>(DIRECTORY_JSON, [organizationId]);
      return cache.set(organizationId, fingerprint, row.body);
    },
  );
}

/** What the directory is searched and filtered by (docs/api.md#member-lists). */
export interface DirectoryFilter {
  search?: string;
  role?: string;
  organizationRole?: string;
  team?: number;
  status: MembershipStatus;
}

// By first name (or username), then username, then membership id: the order of the whole list.
export const DIRECTORY_KEYSET: Keyset = {
  columns: [
    { sql: 'k.sort_name', type: 'text' },
    { sql: 'k.sort_username', type: 'text' },
    { sql: 'k.id', type: 'int' },
  ],
};

// The matching members as narrow rows (id and sort key only), counted whole and cut to one page;
// only the page's rows are then joined to their names, roles and teams. The search covers full
// name, username, organization roles, permission level (as its label reads) and team names.
const DIRECTORY_MATCHING = `
select m.id, m.user_id, lower(coalesce(nullif(u.first_name, ''), u.username)) as sort_name,
  lower(u.username) as sort_username
from user_organizations m
join users u on u.id = m.user_id
where m.organization_id = $1 and m.status = $2
  and ($3::text is null or m.role = $3)
  and ($4::text is null or $4 = any(m.organization_roles))
  and ($5::int is null or exists (
    select 1 from team_members tm join teams te on te.id = tm.team_id
    where tm.organization_id = $1 and tm.user_id = m.user_id and tm.team_id = $5
      and te.organization_id = $1 and te.archived_at is null))
  and ($6::text is null
    or concat_ws(' ', u.first_name, u.last_name) ilike $6 or u.username ilike $6
    or replace(m.role, '_', ' ') ilike $6
    or exists (select 1 from unnest(m.organization_roles) r where r ilike $6)
    or exists (
      select 1 from team_members tm join teams te on te.id = tm.team_id
      where tm.organization_id = $1 and tm.user_id = m.user_id and te.organization_id = $1
        and te.archived_at is null and te.name ilike $6))`;

const directoryPageSql = (after: string) => `
with matching as (${DIRECTORY_MATCHING}),
page as (
  select k.* from matching k where ${after} ${orderBy(DIRECTORY_KEYSET)} limit $7)
select (select count(*)::int from matching) as total, k.sort_name, k.sort_username, k.id,
  json_build_object(
    'id', k.id, 'userId', u.id, ${memberJson('u')}, 'bio', u.bio,
    'roles', m.organization_roles, 'organizationRole', m.role,
    'teams', coalesce((
      select json_agg(json_build_object('id', te.id, 'name', te.name, 'role', tm.role) order by lower(te.name))
      from team_members tm join teams te on te.id = tm.team_id and te.organization_id = $1 and te.archived_at is null
      where tm.organization_id = $1 and tm.user_id = k.user_id), '[]'::json)) as entry
from (select 1) one
left join page k on true
left join user_organizations m on m.id = k.id
left join users u on u.id = k.user_id
${orderBy(DIRECTORY_KEYSET)}`;

interface PageRow {
  total: number;
  sort_name: string | null;
  sort_username: string;
  id: number;
  entry: DirectoryEntry;
}

/**
 * One page of the directory (or, with no limit, every matching entry) and the matching total.
 * `after` is a decoded cursor.
 */
export async function directoryPage(
  database: Database,
  organizationId: number,
  filter: DirectoryFilter,
  page: { after: (string | number | boolean)[] | null; limit: number | null },
): Promise<MemberPage<DirectoryEntry>> {
  const after = afterKey(DIRECTORY_KEYSET, page.after, 8);
  const rows = await database.query<PageRow>(directoryPageSql(after.sql), [
    organizationId,
    filter.status,
    filter.role ?? null,
    filter.organizationRole ?? null,
    filter.team ?? null,
    containsPattern(filter.search),
    page.limit === null ? null : page.limit + 1,
    ...after.params,
  ]);
  const total = rows[0]?.total ?? 0;
  const found = rows.filter((r) => r.sort_name !== null);
  return pageFrom(
    found,
    page.limit ?? found.length,
    total,
    (r) => [r.sort_name as string, r.sort_username, r.id],
    (r) => r.entry,
  );
}

// Pages as sent, per organization and question, while nothing of the organization's people
// changes: the first page of a large directory is what every visit asks for.
const livePages = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptBody>('directory-pages', {
    maxAgeMs: 5 * 60_000,
    maxSize: 16 * 1024 * 1024,
    sizeOf: (kept) => kept.size,
  });

/** A directory page as JSON text ready to send, kept under its question. */
export function directoryPageJson(
  database: Database,
  organizationId: number,
  question: string,
  load: () => Promise<MemberPage<DirectoryEntry>>,
): Promise<KeptBody> {
  return livePages(database).getOrLoad(
    `${organizationId} ${question}`,
    orgScopes(organizationId, ['people']),
    async () => new KeptBody(JSON.stringify(await load())),
  );
}

const PERSON = `
select m.id, u.id as "userId", ${profileColumns('u')}, m.organization_roles as roles, m.role as "organizationRole",
  coalesce((
    select json_agg(json_build_object('id', te.id, 'name', te.name, 'handle', te.handle, 'role', tm.role) order by lower(te.name))
    from team_members tm
    join teams te on te.id = tm.team_id and te.organization_id = $1 and te.archived_at is null
    where tm.organization_id = $1 and tm.user_id = u.id
  ), '[]'::json) as teams
from user_organizations m
join users u on u.id = m.user_id
where m.organization_id = $1 and m.status = 'active' and lower(u.username) = lower($2)`;

export async function findPerson(database: Database, organizationId: number, username: string) {
  const [row] = await database.query<PersonEntry>(PERSON, [organizationId, username]);
  return row ?? null;
}
