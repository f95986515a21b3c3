// Reads of a team's breakdown, each one statement scoped by organization and team.
import { type Breakdown, breakdownSchema } from '../../../common/schemas/breakdown';
import { ChangeFeed, orgScopes } from '../../db/change-feed';
import { displayNameSql } from '../../db/columns';
import type { Database, Runner } from '../../db/client';
import { KeptBody } from '../../http/etag';

const BREAKDOWN = `
select
  (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'act', s.act,
     'position', s.position, 'pages', s.pages,
     'characterIds', coalesce((select json_agg(sc.character_id order by c.position, c.id)
        from production_scene_characters sc join production_characters c on c.id = sc.character_id
        where sc.organization_id = $1 and sc.scene_id = s.id), '[]'::json))
     order by s.position, s.id), '[]'::json)
   from production_scenes s where s.organization_id = $1 and s.team_id = $2) as scenes,
  (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'position', c.position,
     'memberIds', coalesce((select json_agg(cc.user_id order by cc.id)
        from production_character_cast cc where cc.organization_id = $1 and cc.character_id = c.id), '[]'::json))
     order by c.position, c.id), '[]'::json)
   from production_characters c where c.organization_id = $1 and c.team_id = $2) as characters`;

export async function readBreakdown(q: Runner, organizationId: number, teamId: number): Promise<Breakdown> {
  const [row] = await q.query<Breakdown>(BREAKDOWN, [organizationId, teamId]);
  return row;
}

// A team's breakdown is read far more often than written: it is kept as the bytes sent until its
// organization's breakdown changes (the breakdown tables announce their writes); it reads nothing
// else.
const keptBreakdowns = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptBody>('breakdowns', {
    maxAgeMs: 10 * 60_000,
    maxSize: 16 * 1024 * 1024,
    sizeOf: (body) => 2 * body.size + 256,
  });

export function keptBreakdown(database: Database, organizationId: number, teamId: number): Promise<KeptBody> {
  return keptBreakdowns(database).getOrLoad(
    `${organizationId}|${teamId}`,
    orgScopes(organizationId, ['breakdown']),
    async () =>
      new KeptBody(
        JSON.stringify(breakdownSchema.parse(await readBreakdown(database, organizationId, teamId))),
      ),
  );
}

/** Which of `ids` are rows of `table` in this team (the rest are another team's, or none). */
export async function idsOfTeam(
  q: Runner,
  table: 'production_characters' | 'production_scenes',
  organizationId: number,
  teamId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await q.query<{ id: number }>(
    `select id from ${table} where organization_id = $1 and team_id = $2 and id = any($3::int[])`,
    [organizationId, teamId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

export async function activeMembers(q: Runner, organizationId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await q.query<{ id: number }>(
    `select user_id as id from user_organizations
     where organization_id = $1 and status = 'active' and user_id = any($2::int[])`,
    [organizationId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The scenes of events with their people (cast of the scenes' characters, with the characters
 * each plays there), for event details and call sheets.
 */
export interface EventScene {
  eventId: number;
  id: number;
  name: string;
  people: { userId: number; name: string; characters: string[] }[];
}

export async function scenesOfEvents(
  q: Runner,
  organizationId: number,
  eventIds: readonly number[],
): Promise<EventScene[]> {
  if (eventIds.length === 0) return [];
  return q.query<EventScene>(
    `select es.event_id as "eventId", s.id, s.name,
       coalesce((select json_agg(json_build_object('userId', p.user_id, 'name', p.name, 'characters', p.characters)
          order by lower(p.name))
        from (select cc.user_id,
                ${displayNameSql('u')} as name,
                array_agg(c.name order by c.position, c.id) as characters
              from production_scene_characters sc
              join production_characters c on c.id = sc.character_id
              join production_character_cast cc on cc.character_id = c.id and cc.organization_id = $1
              join users u on u.id = cc.user_id
              where sc.organization_id = $1 and sc.scene_id = s.id
              group by cc.user_id, u.first_name, u.last_name, u.username) p), '[]'::json) as people
     from calendar_event_scenes es join production_scenes s on s.id = es.scene_id
     where es.organization_id = $1 and es.event_id = any($2::int[])
     order by es.event_id, s.position, s.id`,
    [organizationId, eventIds],
  );
}
