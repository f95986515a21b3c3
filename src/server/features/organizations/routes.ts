import {
  type OrganizationStats as Stats,
  organizationStatsSchema,
} from '../../../common/schemas/organizations';
import { ChangeFeed, orgScopes } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { accessOf } from '../../http/access';
import { orgParams } from '../../http/params';
import type { App } from '../../http/types';

// Kept until a membership or team changes. Activity stamps announce nothing (migration 0002),
// so activeUsers, a seven-day figure, may lag by up to the minute an entry lives.
const keptStats = (database: Database) =>
  ChangeFeed.of(database).cache<number, Stats>('organization-stats', { maxAgeMs: 60_000, maxSize: 10_000 });

export async function organizationRoutes(app: App) {
  const { database } = app.deps;

  // activeUsers: active members seen in the last 7 days (sliding-session activity).
  app.get(
    '/api/organizations/:orgId/stats',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: organizationStatsSchema } },
    },
    async (request) => {
      const { organizationId } = accessOf(request);
      return keptStats(database).getOrLoad(
        organizationId,
        orgScopes(organizationId, ['people']),
        async () => {
          const [row] = await database.query<Stats>(
            // One pass over the organization's memberships counts both member figures.
            `select count(*)::int as "totalMembers",
          (select count(*)::int from teams where organization_id = $1 and archived_at is null) as "totalTeams",
          (count(*) filter (where last_active_at > now() - interval '7 days'))::int as "activeUsers"
         from user_organizations where organization_id = $1 and status = 'active'`,
            [organizationId],
          );
          return row;
        },
      );
    },
  );
}
