// Announcements: posted on the dashboard to the organization or one team, of one of
// two kinds gated by castingUpdates / productionAnnouncements; each recipient hears of it as
// their preferences say (notification centre, mail now, or their digest).
import { ANNOUNCEMENT_KIND_LABELS } from '../../../common/announcements';
import type { Announcement, AnnouncementInput } from '../../../common/schemas/notifications';
import { nameJson } from '../../db/columns';
import type { Areas } from '../../db/areas';
import { ChangeFeed, orgScopes } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { policy } from '../../../common/permissions';
import { AppError, notFound } from '../../http/errors';
import { type Caller, ledTeamIds } from '../scheduling';
import { memberTeams } from '../teams';
import { deliverAll, type Notice, pushAll } from './deliver';
import { inTransaction } from './scans';

const GATES = { casting: 'castingUpdates', production: 'productionAnnouncements' } as const;

const SELECT = `select a.id, a.kind, a.title, a.body,
    case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end as team,
    json_build_object('id', u.id, ${nameJson('u')}) as author,
    to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
  from announcements a join users u on u.id = a.author_id
  left join teams t on t.id = a.team_id and t.organization_id = a.organization_id`;

/**
 * The latest announcements the member can see (the organization's, their teams' and their own),
 * or with no member every one of the organization.
 */
function listAnnouncements(database: Database, organizationId: number, userId: number | null, limit: number) {
  return database.query<Announcement>(
    `${SELECT}
     where a.organization_id = $1 and ($2::int is null or a.team_id is null or a.author_id = $2 or exists (
       select 1 from team_members tm where tm.team_id = a.team_id and tm.user_id = $2 and tm.organization_id = $1))
     order by a.id desc limit $3`,
    [organizationId, userId, limit],
  );
}

/** How many of an organization's latest announcements are kept for every member's list to be cut from. */
const KEPT_LATEST = 200;
const LIST_LENGTH = 20;

/**
 * Each member's list: the organization's latest announcements are kept until one is posted or
 * removed or a name changes, and a member's is cut from them with their kept teams, so a member's
 * first dashboard reads nothing. A member whose twenty reach past the kept ones is read from the
 * database.
 */
export function keptAnnouncements(database: Database) {
  const latest = ChangeFeed.of(database).cache<number, Announcement[]>('announcements', {
    maxAgeMs: 10 * 60_000,
    maxSize: 16 * 1024 * 1024,
    sizeOf: (list) => 256 + list.reduce((sum, a) => sum + 256 + a.title.length + a.body.length, 0),
  });
  return async (organizationId: number, userId: number) => {
    const [kept, teams] = await Promise.all([
      latest.getOrLoad(organizationId, orgScopes(organizationId, LIST_AREAS), () =>
        listAnnouncements(database, organizationId, null, KEPT_LATEST),
      ),
      memberTeams(database, organizationId, userId),
    ]);
    const mine = kept
      .filter((a) => a.team === null || a.author.id === userId || teams.has(a.team.id))
      .slice(0, LIST_LENGTH);
    if (mine.length === LIST_LENGTH || kept.length < KEPT_LATEST) return mine;
    return listAnnouncements(database, organizationId, userId, LIST_LENGTH);
  };
}
const LIST_AREAS = ['announcements', 'people'] as const satisfies Areas;

export const MAY_NOT_ANNOUNCE = 'Only owners, admins, board members and team leads can post announcements';
const NOT_TO_ORGANIZATION = 'Only owners, admins and board members can post to the whole organization';
const NOT_TO_TEAM = 'You can post only to the teams you lead';

/** Refuses (403) someone with nowhere to post, before their announcement is even read. */
export async function mayAnnounce(database: Database, access: Caller) {
  const led = await ledTeamIds(database, access.organizationId, access.actor.userId);
  if (!policy.postAnnouncement(access.actor, led)) throw new AppError(403, MAY_NOT_ANNOUNCE);
}

export async function postAnnouncement(database: Database, access: Caller, input: AnnouncementInput) {
  const { organizationId, actor } = access;
  const authorId = actor.userId;
  const now = new Date();
  const teamId = input.teamId ?? null;
  const { id, pushed } = await inTransaction(database, async (q) => {
    if (teamId !== null) {
      const team = await q.query('select 1 from teams where id = $1 and organization_id = $2', [
        teamId,
        organizationId,
      ]);
      if (team.length === 0) throw notFound('Team not found');
    }
    if (!policy.announceTo(actor, teamId, await ledTeamIds(q, organizationId, authorId)))
      throw new AppError(403, teamId === null ? NOT_TO_ORGANIZATION : NOT_TO_TEAM);
    const [row] = await q.query<{ id: number }>(
      `insert into announcements (organization_id, author_id, team_id, kind, title, body)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [organizationId, authorId, teamId, input.kind, input.title, input.body],
    );
    const recipients = await q.query<{ userId: number }>(
      `select m.user_id as "userId" from user_organizations m
       where m.organization_id = $1 and m.status = 'active' and m.user_id <> $2
         and ($3::int is null or exists (select 1 from team_members tm
               where tm.team_id = $3 and tm.user_id = m.user_id and tm.organization_id = $1))`,
      [organizationId, authorId, teamId],
    );
    const notices = recipients.map(
      (r): Notice => ({
        organizationId,
        userId: r.userId,
        kind: 'announcement',
        gate: GATES[input.kind],
        key: `announcement:${row.id}:${r.userId}`,
        title: `${ANNOUNCEMENT_KIND_LABELS[input.kind]}: ${input.title}`,
        body: input.body,
        link: '/dashboard',
      }),
    );
    const out = await deliverAll(q, notices, now);
    return { id: row.id, pushed: out };
  });
  pushAll(database, pushed);
  const [created] = await database.query<Announcement>(`${SELECT} where a.id = $1`, [id]);
  return created;
}
