// Who may reach a team. /api/teams/{teamId} paths name no organization, so the team is looked up
// inside the caller's own organization (system users: any); anything else is "not found". Routes
// name the rule in their access declaration (`{ object: visibleTeam }`, `{ object: managedTeam }`).
import type { FastifyRequest } from 'fastify';
import { type Actor, policy } from '../../../common/permissions';
import type { TeamRole } from '../../../common/teams';
import type { Database } from '../../db/client';
import { authOf, type ObjectRule, type SignedIn } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { rawPathId } from '../../http/params';
import type { AuthContext } from '../../http/session';

export interface TeamRef {
  id: number;
  organizationId: number;
  handle: string;
  headerImage: string | null;
  archivedAt: Date | string | null;
}

export interface TeamAccess {
  auth: AuthContext;
  actor: Actor & { userId: number };
  organizationId: number;
  team: TeamRef;
  /** The caller's own role in this team, or null when not a member. */
  teamRole: TeamRole | null;
  canManage: boolean;
}

export const TEAM_NOT_FOUND = 'Team not found';
export const MANAGE_REFUSED = 'You do not have permission to manage this team';

type Found = TeamRef & { teamRole: TeamRole | null };
type Lookup = { id: number } | { organizationId: number; handle: string };

async function resolve(database: Database, auth: AuthContext, lookup: Lookup): Promise<TeamAccess> {
  let where: string;
  let params: unknown[];
  if ('handle' in lookup) {
    // The organization id was already checked against the session by the route's access. A former
    // handle still finds its team (old addresses keep working); a current handle wins.
    where = `t.organization_id = $2 and (lower(t.handle) = lower($3) or t.id = (
        select f.team_id from team_former_handles f where f.organization_id = $2 and lower(f.handle) = lower($3)))
      order by (lower(t.handle) = lower($3)) desc limit 1`;
    params = [lookup.organizationId, lookup.handle];
  } else if (auth.user.isSystemUser) {
    where = 't.id = $2';
    params = [lookup.id];
  } else {
    if (!auth.organization) throw notFound(TEAM_NOT_FOUND);
    where = 't.id = $2 and t.organization_id = $3';
    params = [lookup.id, auth.organization.id];
  }
  const [found] = await database.query<Found>(
    `select t.id, t.organization_id as "organizationId", t.handle, t.header_image as "headerImage",
       t.archived_at as "archivedAt", m.role as "teamRole"
     from teams t
     left join team_members m on m.team_id = t.id and m.organization_id = t.organization_id and m.user_id = $1
     where ${where}`,
    [auth.user.id, ...params],
  );
  if (!found) throw notFound(TEAM_NOT_FOUND);
  const { teamRole, ...team } = found;
  const canManage = policy.manageTeam(auth.actor, teamRole);
  // An archived team is gone for everyone but the people who may bring it back.
  if (team.archivedAt && !canManage) throw notFound(TEAM_NOT_FOUND);
  return { auth, actor: auth.actor, organizationId: team.organizationId, team, teamRole, canManage };
}

/** A team of the organization the route's access already settled, by handle (any case). */
export function requireTeamByHandle(request: FastifyRequest, organizationId: number, handle: string) {
  return resolve(request.server.deps.database, authOf(request), { organizationId, handle });
}

const reached = new WeakMap<FastifyRequest, TeamAccess>();

/** The team of the path's :teamId as the caller may see it, kept for teamAccessOf. */
async function reachTeam(request: FastifyRequest, caller: SignedIn): Promise<TeamAccess> {
  const id = rawPathId(request, 'teamId');
  if (id === 0) throw notFound(TEAM_NOT_FOUND);
  const access = await resolve(request.server.deps.database, caller.auth, { id });
  reached.set(request, access);
  return access;
}

/** /api/teams/:teamId/...: a team the caller may see (read with teamAccessOf). */
export const visibleTeam: ObjectRule = {
  name: 'visible team',
  check: async (request, caller) => void (await reachTeam(request, caller)),
};

/** As visibleTeam, and the caller must be allowed to manage it (policy.manageTeam): else 403. */
export const managedTeam: ObjectRule = {
  name: 'managed team',
  check: async (request, caller) => {
    if (!(await reachTeam(request, caller)).canManage) throw new AppError(403, MANAGE_REFUSED);
  },
};

export function teamAccessOf(request: FastifyRequest): TeamAccess {
  const access = reached.get(request);
  if (!access) throw new AppError(500, 'This route declares no team access');
  return access;
}
