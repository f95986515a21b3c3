// Which teams each member of an organization is on, kept for the whole organization until a team
// or membership changes: the calendar's follow rule and the dashboard's announcements read one
// member's teams on every first visit, and in a school of thousands most members visit once, so
// a place kept per member was a query per member.
import type { Areas } from '../../db/areas';
import { ChangeFeed, orgScopes } from '../../db/change-feed';
import type { Database } from '../../db/client';

type TeamPlaces = ReadonlyMap<number, ReadonlySet<number>>;

const PLACE_AREAS = ['people'] as const satisfies Areas;
const NO_TEAMS: ReadonlySet<number> = new Set();

const keptPlaces = (database: Database) =>
  ChangeFeed.of(database).cache<number, { places: TeamPlaces; size: number }>('team-places', {
    maxAgeMs: 10 * 60_000,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (kept) => 64 + 24 * kept.size,
  });

/** The teams of one member, read from their organization's kept places. */
export async function memberTeams(database: Database, organizationId: number, userId: number) {
  const { places } = await keptPlaces(database).getOrLoad(
    organizationId,
    orgScopes(organizationId, PLACE_AREAS),
    async () => {
      const rows = await database.query<{ userId: number; teams: number[] }>(
        `select user_id as "userId", array_agg(team_id) as teams from team_members
         where organization_id = $1 group by user_id`,
        [organizationId],
      );
      const places = new Map(rows.map((row) => [row.userId, new Set(row.teams)]));
      return { places, size: rows.reduce((n, row) => n + row.teams.length, 0) };
    },
  );
  return places.get(userId) ?? NO_TEAMS;
}
