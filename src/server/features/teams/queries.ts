// Teams' statements: the reads, and the writes that are raw SQL (announced, or on an expression
// index); service.ts writes the rest through Drizzle. Every query names the organization in its
// where; member lists join the membership so a person who has left the organization no longer
// shows in its teams.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Team,
  TeamAsset,
  TeamCandidate,
  TeamDetail,
  TeamLink,
  TeamMember,
  TeamPerson,
  TeamShow,
  TeamSummary,
} from '../../../common/schemas/teams';
import { TEAM_CARD_AVATARS, TEAM_UPCOMING_SHOWS, type TeamRole } from '../../../common/teams';
import type { z } from 'zod';
import {
  type candidateQuerySchema,
  MEMBER_PAGE_SIZE,
  type MemberPage,
  wantsPage,
} from '../../../common/schemas/member-list';
import { memberColumns, memberJson, type MemberRow } from '../../db/columns';
import { announcedStatement } from '../../db/change-feed';
import type { Database, Db } from '../../db/client';
import { teamAssets, teamLinks, teams, userOrganizations } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { afterKey, decodeCursor, type Keyset, orderBy, pageFrom } from '../../http/keyset';

type Stamp = Date | string;
const iso = (v: Stamp) => new Date(v).toISOString();
const isoOrNull = (v: Stamp | null) => (v === null ? null : iso(v));

/** Sort people by first name, or username when there is none. */
const PERSON_ORDER = `lower(coalesce(nullif(trim(u.first_name), ''), u.username)), lower(u.username)`;

export const TEAM_COLUMNS = `t.id, t.organization_id as "organizationId", t.name, t.description, t.handle,
  t.team_url as "teamUrl", t.header_image as "headerImage", t.archived_at as "archivedAt",
  t.created_at as "createdAt", t.updated_at as "updatedAt"`;

export interface TeamRow extends Omit<Team, 'archivedAt' | 'createdAt' | 'updatedAt'> {
  archivedAt: Stamp | null;
  createdAt: Stamp;
  updatedAt: Stamp;
}

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    handle: row.handle,
    teamUrl: row.teamUrl,
    headerImage: row.headerImage,
    archivedAt: isoOrNull(row.archivedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function getTeam(
  database: Database,
  organizationId: number,
  teamId: number,
): Promise<Team | null> {
  const [row] = await database.db
    .select()
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)));
  return row ? toTeam(row) : null;
}

export async function listTeams(
  database: Database,
  organizationId: number,
  includeArchived: boolean,
  viewerId: number,
): Promise<TeamSummary[]> {
  const rows = await database.query<
    TeamRow & {
      memberCount: number;
      assetCount: number;
      memberPreview: TeamPerson[];
      viewerTeamRole: TeamRole | null;
    }
  >(
    `select ${TEAM_COLUMNS},
       (select v.role from team_members v where v.organization_id = $1 and v.team_id = t.id
          and v.user_id = $3) as "viewerTeamRole",
       (select count(*)::int from team_members m
          join user_organizations uo on uo.user_id = m.user_id and uo.organization_id = m.organization_id
          where m.organization_id = $1 and m.team_id = t.id) as "memberCount",
       (select count(*)::int from team_assets a where a.organization_id = $1 and a.team_id = t.id) as "assetCount",
       coalesce((
         select json_agg(json_build_object('userId', p.id, ${memberJson('p')}) order by p.n)
         from (
           select u.id, u.username, u.first_name, u.last_name, u.profile_picture,
             row_number() over (order by ${PERSON_ORDER}) as n
           from team_members m
           join users u on u.id = m.user_id
           join user_organizations uo on uo.user_id = m.user_id and uo.organization_id = m.organization_id
           where m.organization_id = $1 and m.team_id = t.id
           order by ${PERSON_ORDER}
           limit ${TEAM_CARD_AVATARS}
         ) p), '[]'::json) as "memberPreview"
     from teams t
     where t.organization_id = $1 and ($2::boolean or t.archived_at is null
       -- A team lead may restore their own disabled team, so they must be able to find it.
       or exists (select 1 from team_members l where l.organization_id = $1 and l.team_id = t.id
                  and l.user_id = $3 and l.role = 'team_lead'))
     order by lower(t.name), t.id`,
    [organizationId, includeArchived, viewerId],
  );
  return rows.map((r) => ({
    ...toTeam(r),
    memberCount: r.memberCount,
    assetCount: r.assetCount,
    memberPreview: r.memberPreview,
    viewerTeamRole: r.viewerTeamRole,
  }));
}

export const toTeamMember = (r: TeamMemberRow): TeamMember => ({
  id: r.id,
  teamId: r.teamId,
  userId: r.userId,
  role: r.role,
  createdAt: iso(r.createdAt),
  user: {
    username: r.username,
    firstName: r.firstName,
    lastName: r.lastName,
    profilePicture: r.profilePicture,
  },
});

export interface TeamMemberRow extends MemberRow {
  id: number;
  teamId: number;
  userId: number;
  role: TeamRole;
  createdAt: Stamp;
}

export async function teamMembers(
  database: Database,
  organizationId: number,
  teamId: number,
): Promise<TeamMember[]> {
  const rows = await database.query<TeamMemberRow>(
    `select m.id, m.team_id as "teamId", m.user_id as "userId", m.role, m.created_at as "createdAt",
       ${memberColumns('u')}
     from team_members m
     join users u on u.id = m.user_id
     join user_organizations uo on uo.user_id = m.user_id and uo.organization_id = m.organization_id
     where m.organization_id = $1 and m.team_id = $2
     order by ${PERSON_ORDER}`,
    [organizationId, teamId],
  );
  return rows.map(toTeamMember);
}

export async function teamMember(
  database: Database,
  organizationId: number,
  teamId: number,
  userId: number,
): Promise<TeamMember | null> {
  const members = await teamMembers(database, organizationId, teamId);
  return members.find((m) => m.userId === userId) ?? null;
}

export async function linksOfTeam(
  database: Database,
  organizationId: number,
  teamId: number,
): Promise<TeamLink[]> {
  const rows = await database.db
    .select({
      id: teamLinks.id,
      teamId: teamLinks.teamId,
      url: teamLinks.url,
      label: teamLinks.label,
      createdAt: teamLinks.createdAt,
    })
    .from(teamLinks)
    .where(and(eq(teamLinks.organizationId, organizationId), eq(teamLinks.teamId, teamId)))
    .orderBy(teamLinks.createdAt, teamLinks.id);
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

export const assetDownloadPath = (teamId: number, assetId: number) =>
  `/api/teams/${teamId}/assets/${assetId}/download`;

type AssetRow = Omit<TeamAsset, 'createdAt' | 'filePath'> & { createdAt: Stamp };
const assetFields = {
  id: teamAssets.id,
  teamId: teamAssets.teamId,
  fileName: teamAssets.fileName,
  originalName: teamAssets.originalName,
  fileSize: teamAssets.fileSize,
  mimeType: teamAssets.mimeType,
  uploadedBy: teamAssets.uploadedBy,
  createdAt: teamAssets.createdAt,
};
const ofTeam = (organizationId: number, teamId: number) =>
  and(eq(teamAssets.organizationId, organizationId), eq(teamAssets.teamId, teamId));

export const toAsset = (r: AssetRow): TeamAsset => ({
  id: r.id,
  teamId: r.teamId,
  fileName: r.fileName,
  originalName: r.originalName,
  filePath: assetDownloadPath(r.teamId, r.id),
  fileSize: r.fileSize,
  mimeType: r.mimeType,
  uploadedBy: r.uploadedBy,
  createdAt: iso(r.createdAt),
});

export async function assetsOfTeam(
  database: Database,
  organizationId: number,
  teamId: number,
): Promise<TeamAsset[]> {
  const rows = await database.db
    .select(assetFields)
    .from(teamAssets)
    .where(ofTeam(organizationId, teamId))
    .orderBy(desc(teamAssets.createdAt), desc(teamAssets.id));
  return rows.map(toAsset);
}

export async function teamAsset(database: Database, organizationId: number, teamId: number, assetId: number) {
  const [row] = await database.db
    .select({ ...assetFields, fileId: teamAssets.fileId })
    .from(teamAssets)
    .where(and(ofTeam(organizationId, teamId), eq(teamAssets.id, assetId)));
  return row ? { asset: toAsset(row), fileId: row.fileId } : null;
}

/** The team's next shows from the calendar (up to 5). */
export async function upcomingShows(
  database: Database,
  organizationId: number,
  teamId: number,
): Promise<TeamShow[]> {
  const rows = await database.query<{
    id: number;
    name: string;
    startDateTime: Stamp;
    endDateTime: Stamp;
    spaces: string[];
  }>(
    `select e.id, e.name, e.start_date_time as "startDateTime", e.end_date_time as "endDateTime", e.spaces
     from calendar_events e
     where e.organization_id = $1 and e.event_type = 'show' and e.start_date_time >= now()
       and exists (select 1 from calendar_event_teams ct
                   where ct.organization_id = $1 and ct.event_id = e.id and ct.team_id = $2)
     order by e.start_date_time, e.id
     limit ${TEAM_UPCOMING_SHOWS}`,
    [organizationId, teamId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    startDateTime: iso(r.startDateTime),
    endDateTime: iso(r.endDateTime),
    spaces: r.spaces ?? [],
  }));
}

export async function teamDetail(
  database: Database,
  organizationId: number,
  teamId: number,
  viewerTeamRole: TeamRole | null,
): Promise<TeamDetail | null> {
  const team = await getTeam(database, organizationId, teamId);
  if (!team) return null;
  const [members, links, assets, shows] = await Promise.all([
    teamMembers(database, organizationId, teamId),
    linksOfTeam(database, organizationId, teamId),
    assetsOfTeam(database, organizationId, teamId),
    upcomingShows(database, organizationId, teamId),
  ]);
  return { ...team, members, links, assets, upcomingShows: shows, viewerTeamRole };
}

// By first name (or username), then username, then id: the order the pickers show.
export const CANDIDATE_KEYSET: Keyset = {
  columns: [
    { sql: "lower(coalesce(nullif(trim(u.first_name), ''), u.username))", type: 'text' },
    { sql: 'lower(u.username)', type: 'text' },
    { sql: 'u.id', type: 'int' },
  ],
};

const CANDIDATES_WHERE = `
where uo.organization_id = $1 and uo.status = 'active' and uo.is_active and not u.is_system_user
  and ($2::int is null or not exists (
    select 1 from team_members m where m.organization_id = $1 and m.team_id = $2 and m.user_id = u.id))
  and ($3::text is null or concat_ws(' ', u.first_name, u.last_name) ilike $3 or u.username ilike $3)`;

/**
 * People who may be put in a team: active members of the organization (no pending or disabled
 * ones), minus those already in the team when one is named, matching a search by name or
 * username. With `page`, one keyset page and the matching total; without, all of them.
 */
export async function teamCandidates(
  database: Database,
  organizationId: number,
  excludeTeamId: number | null,
  search?: string,
): Promise<TeamCandidate[]>;
export async function teamCandidates(
  database: Database,
  organizationId: number,
  excludeTeamId: number | null,
  search: string | undefined,
  page: { after: (string | number | boolean)[] | null; limit: number },
): Promise<MemberPage<TeamCandidate>>;
export async function teamCandidates(
  database: Database,
  organizationId: number,
  excludeTeamId: number | null,
  search?: string,
  page?: { after: (string | number | boolean)[] | null; limit: number },
): Promise<TeamCandidate[] | MemberPage<TeamCandidate>> {
  const params: unknown[] = [organizationId, excludeTeamId, containsPattern(search)];
  const from = 'from user_organizations uo join users u on u.id = uo.user_id';
  const select = `select u.id, u.id as "userId", ${memberColumns('u')}`;
  if (!page)
    return database.query<TeamCandidate>(
      `${select} ${from} ${CANDIDATES_WHERE} ${orderBy(CANDIDATE_KEYSET)}`,
      params,
    );
  const after = afterKey(CANDIDATE_KEYSET, page.after, params.length + 2);
  const keys = CANDIDATE_KEYSET.columns.map((c, i) => `${c.sql} as k${i}`).join(', ');
  const [[{ total }], rows] = await Promise.all([
    database.query<{ total: number }>(`select count(*)::int as total ${from} ${CANDIDATES_WHERE}`, params),
    database.query<TeamCandidate & { k0: string; k1: string; k2: number }>(
      `${select}, ${keys} ${from} ${CANDIDATES_WHERE} and ${after.sql} ${orderBy(CANDIDATE_KEYSET)}
       limit $${params.length + 1}`,
      [...params, page.limit + 1, ...after.params],
    ),
  ]);
  return pageFrom(
    rows,
    page.limit,
    total,
    (r) => [r.k0, r.k1, r.k2],
    ({ k0: _0, k1: _1, k2: _2, ...candidate }) => candidate,
  );
}

/** The pickers' question answered: a keyset page when it asks for one, else everyone matching. */
export function candidatesFor(
  database: Database,
  organizationId: number,
  excludeTeamId: number | null,
  query: z.output<typeof candidateQuerySchema>,
) {
  if (!wantsPage(query)) return teamCandidates(database, organizationId, excludeTeamId, query.search);
  return teamCandidates(database, organizationId, excludeTeamId, query.search, {
    after: query.after === undefined ? null : decodeCursor(CANDIDATE_KEYSET, query.after),
    limit: query.limit ?? MEMBER_PAGE_SIZE,
  });
}

/** Which of these user ids are active members of the organization. */
export async function activeMemberIds(database: Database, organizationId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await database.db
    .select({ userId: userOrganizations.userId })
    .from(userOrganizations)
    .where(
      and(
        eq(userOrganizations.organizationId, organizationId),
        eq(userOrganizations.status, 'active'),
        eq(userOrganizations.isActive, true),
        inArray(userOrganizations.userId, userIds),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export async function membershipStatus(database: Database, organizationId: number, userId: number) {
  const [row] = await database.db
    .select({ status: userOrganizations.status, isActive: userOrganizations.isActive })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.userId, userId)));
  return row ? (row.status === 'active' && row.isActive ? 'active' : 'inactive') : null;
}

/**
 * Sets the fields given (a handle change goes through its own transaction) in one announced
 * statement, which answers with the team as it now is; undefined when there is no such team.
 */
export async function updateFields(
  database: Database,
  organizationId: number,
  teamId: number,
  input: { name?: string; description?: string | null; teamUrl?: string | null },
): Promise<TeamRow | undefined> {
  const [row] = await announcedStatement<TeamRow>(
    database,
    organizationId,
    ['people'],
    (announcing) =>
      `update teams t set name = case when $3 then $4::text else t.name end,
         description = case when $5 then $6::text else t.description end,
         team_url = case when $7 then $8::text else t.team_url end, updated_at = now()
       from ${announcing}
       where t.organization_id = $1 and t.id = $2
       returning ${TEAM_COLUMNS}`,
    [
      organizationId,
      teamId,
      input.name !== undefined,
      input.name ?? null,
      input.description !== undefined,
      input.description ?? null,
      input.teamUrl !== undefined,
      input.teamUrl ?? null,
    ],
  );
  return row;
}

/**
 * One announced statement: the membership check, the insert and the new member's row (a
 * unique-index clash inserts nothing, so two requests adding one person cannot both succeed).
 * `status` is null when the user is no member of the organization; `member`, null when nothing
 * was added.
 */
export async function insertMember(
  database: Database,
  organizationId: number,
  teamId: number,
  userId: number,
  role: TeamRole,
) {
  const [row] = await announcedStatement<{
    status: 'active' | 'inactive' | null;
    member: TeamMemberRow | null;
  }>(
    database,
    organizationId,
    ['people'],
    (announcing) =>
      `with person as (
         select case when status = 'active' and is_active then 'active' else 'inactive' end as status
         from user_organizations where organization_id = $1 and user_id = $3),
       added as (
         insert into team_members (organization_id, team_id, user_id, role)
         select $1, $2, $3, $4 from person, ${announcing} where person.status = 'active'
         on conflict do nothing
         returning id, team_id, user_id, role, created_at)
       select (select status from person) as status,
         (select row_to_json(m) from (select a.id, a.team_id as "teamId", a.user_id as "userId", a.role,
            a.created_at as "createdAt", ${memberColumns('u')} from added a join users u on u.id = a.user_id) m) as member`,
    [organizationId, teamId, userId, role],
  );
  return row;
}

/**
 * The old handle keeps leading to this team; the new one is nobody's former handle any more.
 * `tx`: the handle change's transaction. Raw SQL: the conflict is on the lower-cased handle.
 */
export async function rememberFormerHandle(
  tx: Db,
  organizationId: number,
  teamId: number,
  old: string,
  now: string,
) {
  await tx.execute(sql`
    insert into team_former_handles (organization_id, team_id, handle) values (${organizationId}, ${teamId}, ${old})
    on conflict (organization_id, lower(handle)) do update set team_id = excluded.team_id, created_at = now()`);
  await tx.execute(
    sql`delete from team_former_handles where organization_id = ${organizationId} and lower(handle) = lower(${now})`,
  );
}
