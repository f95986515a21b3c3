// The directory's reads: one statement each, teams aggregated in SQL, so 2,000 members cost one
// round trip and no N+1.
import type { PersonEntry } from '../../../common/types/directory';
import type { Database } from '../../db/client';
import { ChangeFeed, orgScope } from '../../db/change-feed';
import { FingerprintCache, type KeptBody } from '../../http/etag';

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
  select m.id, u.id as "userId", u.username, u.first_name as "firstName", u.last_name as "lastName",
    u.profile_picture as "profilePicture", u.bio, m.organization_roles as roles, m.role as "organizationRole",
    coalesce(json_agg(json_build_object('id', te.id, 'name', te.name, 'role', tm.role) order by lower(te.name))
      filter (where te.id is not null), '[]'::json) as teams,
    lower(coalesce(nullif(u.first_name, ''), u.username)) as sort_name, lower(u.username) as sort_username
  from user_organizations m
  join users u on u.id = m.user_id
  left join team_members tm on tm.organization_id = $1 and tm.user_id = m.user_id
  left join teams te on te.id = tm.team_id and te.organization_id = $1 and te.archived_at is null
  where m.organization_id = $1 and m.status = 'active'
  group by m.id, u.id
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
// organization; otherwise the fingerprint, read on every request, decides.
const cache = new FingerprintCache<number>(32 * 1024 * 1024);
const liveDirectories = (database: Database) =>
  ChangeFeed.of(database).cache<number, KeptBody>('directories', {
    maxAgeMs: 5 * 60_000,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (kept) => kept.size,
  });

/** The directory as a JSON array text, ready to send, with its ETag. */
export function directoryJson(database: Database, organizationId: number): Promise<KeptBody> {
  return liveDirectories(database).getOrLoad(organizationId, [orgScope(organizationId)], async () => {
    const [{ fingerprint }] = await database.query<{ fingerprint: string }>(FINGERPRINT, [organizationId]);
    const kept = cache.get(organizationId, fingerprint);
    if (kept) return kept;
    const [row] = await database.query<{ body: string }>(DIRECTORY_JSON, [organizationId]);
    return cache.set(organizationId, fingerprint, row.body);
  });
}

const PERSON = `
select m.id, u.id as "userId", u.username, u.email, u.first_name as "firstName", u.last_name as "lastName",
  u.profile_picture as "profilePicture", u.bio, m.organization_roles as roles, m.role as "organizationRole",
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
