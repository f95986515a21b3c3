// Who may reach a team. /api/teams/{teamId} paths name no organization, so the team is looked up
// inside the caller's own organization (system users: any); anything else is "not found".
import type { FastifyRequest } from 'fastify';
import { type Actor, policy } from '../../../common/permissions';
import type { TeamRole } from '../../../common/teams';
import { AppError, notFound } from '../../http/errors';
import { requireAuth } from '../../http/guards';
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

async function resolve(request: FastifyRequest, lookup: Lookup): Promise<TeamAccess> {
  const auth = await requireAuth(request);
  const { database } = request.server.deps;
  let where: string;
  let params: unknown[];
  if ('handle' in lookup) {
    // The organization id was already checked against the session by requireOrgAccess. A former
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

/** The team named by an id from a path, as the caller may see it. */
export function requireTeam(request: FastifyRequest, unverifiedTeamId: number) {
  return resolve(request, { id: unverifiedTeamId });
}

/** A team of an organization already checked by requireOrgAccess, by handle (any case). */
export function requireTeamByHandle(request: FastifyRequest, organizationId: number, handle: string) {
  return resolve(request, { organizationId, handle });
}

/** As requireTeam, and the caller must be allowed to manage it: else 403. */
export async function requireTeamManager(request: FastifyRequest, unverifiedTeamId: number) {
  const access = await requireTeam(request, unverifiedTeamId);
  if (!access.canManage) throw new AppError(403, MANAGE_REFUSED);
  return access;
}

const checked = new WeakMap<FastifyRequest, TeamAccess>();

/**
 * A `preValidation` hook for /api/teams/:teamId/... routes: who may reach (and, with
 * `manage`, change) the team is settled before the body is validated or a file is read, so a
 * caller who may not act learns nothing from field errors. Read the result with teamAccessOf.
 */
export function guardTeam(opts: { manage?: boolean } = {}) {
  return async (request: FastifyRequest) => {
    const id = rawPathId(request, 'teamId');
    if (id === 0) throw notFound(TEAM_NOT_FOUND);
    checked.set(request, await (opts.manage ? requireTeamManager(request, id) : requireTeam(request, id)));
  };
}

export function teamAccessOf(request: FastifyRequest): TeamAccess {
  const access = checked.get(request);
  if (!access) throw new AppError(500, 'Team guard missing on this route');
  return access;
}
