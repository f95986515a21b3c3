import { requireOrgAccess } from '../../http/guards';
import { orgParams } from '../../http/params';
import type { App } from '../../http/types';

export async function organizationRoutes(app: App) {
  const { database } = app.deps;

  // activeUsers: active members seen in the last 7 days (sliding-session activity).
  app.get('/api/organizations/:orgId/stats', { schema: { params: orgParams } }, async (request) => {
    const { organizationId } = await requireOrgAccess(request, request.params.orgId);
    const [row] = await database.query<{ totalMembers: number; totalTeams: number; activeUsers: number }>(
      // One pass over the organization's memberships counts both member figures.
      `select count(*)::int as "totalMembers",
        (select count(*)::int from teams where organization_id = $1 and archived_at is null) as "totalTeams",
        (count(*) filter (where last_active_at > now() - interval '7 days'))::int as "activeUsers"
       from user_organizations where organization_id = $1 and status = 'active'`,
      [organizationId],
    );
    return row;
  });
}
