// "What can we rehearse?": for a time, each scene of a team with the people of its cast who are
// unavailable or called elsewhere then. The busy times come from the conflicts check's kept facts,
// so the answer counts exactly what booking would warn about.
import { MISSING_REASONS, type Rehearsable, rehearsableSchema } from '../../../common/schemas/breakdown';
import type { EventInput } from '../../../common/schemas/calendar';
import { wallSpanToInstants } from '../../../common/zoned-time';
import { ChangeFeed, orgScopes } from '../../db/change-feed';
import { displayNameSql } from '../../db/columns';
import type { Database } from '../../db/client';
import { KeptBody } from '../../http/etag';
import { organizationTimeZone } from '../calendar';
import { conflictFacts, FACT_AREAS } from './conflict-facts';
import type { Caller } from './people';

interface SceneCast {
  sceneId: number;
  name: string;
  cast: { userId: number; name: string }[];
}

const SCENE_CASTS = `
select s.id as "sceneId", s.name,
  coalesce((select json_agg(distinct jsonb_build_object('userId', cc.user_id,
      'name', ${displayNameSql('u')}))
    from production_scene_characters sc
    join production_character_cast cc on cc.character_id = sc.character_id and cc.organization_id = $1
    join user_organizations m on m.user_id = cc.user_id and m.organization_id = $1 and m.status = 'active'
    join users u on u.id = cc.user_id
    where sc.organization_id = $1 and sc.scene_id = s.id), '[]'::json) as cast
from production_scenes s where s.organization_id = $1 and s.team_id = $2
order by s.position, s.id`;

export async function rehearsable(
  database: Database,
  access: Caller & { team: { id: number } },
  query: { start: string; end: string },
): Promise<Rehearsable> {
  const { organizationId, actor } = access;
  const [scenes, timeZone] = await Promise.all([
    database.query<SceneCast>(SCENE_CASTS, [organizationId, access.team.id]),
    organizationTimeZone(database, organizationId),
  ]);
  const span = wallSpanToInstants(query.start, query.end, timeZone);
  const [from, to] = [span.start.getTime(), span.end.getTime()];
  const userIds = [...new Set(scenes.flatMap((s) => s.cast.map((p) => p.userId)))].sort((a, b) => a - b);
  const busy = new Map<number, string>();
  if (userIds.length > 0) {
    // A question about these people only: no teams, no event; the caller reserves for
    // themself (a system user, who is nobody's member, as one of the cast).
    const input = {
      startDateTime: query.start,
      endDateTime: query.end,
      teamIds: [],
      sceneIds: [],
      instructorId: null,
      reservedBy: actor.isSystemUser ? userIds[0] : actor.userId,
      eventId: null,
      userIds,
    } as unknown as EventInput & { eventId: null; userIds: number[] };
    const facts = await conflictFacts(database, access, input, from, to);
    for (const t of facts.taken) {
      for (let i = 0; i < t.starts.length && t.starts[i] < to; i++) {
        if (t.ends[i] <= from) continue;
        const cause = facts.causes[t.causes[i]];
        const reason =
          cause.reason === 'called' ? MISSING_REASONS.called : (cause.note ?? MISSING_REASONS.unavailable);
        // Unavailability says more than another call; the first of each kind is kept.
        if (!busy.has(t.person.userId) || cause.reason === 'unavailable') busy.set(t.person.userId, reason);
        if (cause.reason === 'unavailable') break;
      }
    }
  }
  const answers = scenes.map((s, order) => {
    const missing = s.cast
      .filter((p) => busy.has(p.userId))
      .map((p) => ({ userId: p.userId, name: p.name, reason: busy.get(p.userId) as string }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
    return { order, answer: { sceneId: s.sceneId, name: s.name, allFree: missing.length === 0, missing } };
  });
  answers.sort((a, b) => a.answer.missing.length - b.answer.missing.length || a.order - b.order);
  return { scenes: answers.map((a) => a.answer) };
}

// A stage manager's page asks the same question again and again (a reload, each cast member
// looking): the answer is kept as the bytes sent until what it reads changes: the scenes' cast
// (breakdown, people), the busy times (the facts' areas) and the zone (settings).
const keptAnswers = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptBody>('rehearsable', {
    maxAgeMs: 5 * 60_000,
    maxSize: 16 * 1024 * 1024,
    sizeOf: (body) => 2 * body.size + 256,
  });

/** The answer for this caller (whose rights decide which notes it shows), kept. */
export function keptRehearsable(
  database: Database,
  access: Caller & { team: { id: number } },
  query: { start: string; end: string },
): Promise<KeptBody> {
  const { organizationId, actor } = access;
  const key = JSON.stringify([
    organizationId,
    access.team.id,
    actor.userId,
    actor.role ?? null,
    actor.isSystemUser,
    query.start,
    query.end,
  ]);
  return keptAnswers(database).getOrLoad(
    key,
    orgScopes(organizationId, [...FACT_AREAS, 'settings']),
    async () =>
      new KeptBody(JSON.stringify(rehearsableSchema.parse(await rehearsable(database, access, query)))),
  );
}
