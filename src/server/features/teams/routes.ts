// Teams of an organization: list, detail by handle, create, edit, archive and
// delete. Members, links and files are in members-routes.ts and assets-routes.ts.
import { z } from 'zod';
import { messageSchema } from '../../../common/schemas/answers';
import { policy } from '../../../common/permissions';
import {
  createTeamSchema,
  teamCandidatesAnswerSchema as candidatesAnswer,
  teamDetailSchema,
  teamSchema,
  teamSummarySchema,
  updateTeamSchema,
} from '../../../common/schemas/teams';
import { candidateQuerySchema } from '../../../common/schemas/member-list';
import { accessOf, type ObjectRule } from '../../http/access';
import { forbidden, notFound } from '../../http/errors';
import { idSchema, orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { managedTeam, requireTeamByHandle, TEAM_NOT_FOUND, teamAccessOf, visibleTeam } from './access';
import { candidatesFor, listTeams, teamDetail } from './queries';
import { createTeam, deleteTeam, setArchived, updateTeam } from './service';

export const teamParams = z.object({ teamId: idSchema });
const message = messageSchema;

const CREATE_REFUSED = 'You do not have permission to create teams';

/**
 * A team found as the caller may see it, whose deletion is theirs (policy.deleteTeam): deletion is
 * permanent, so it is for those who can create teams, not a team's own leads.
 */
const deletableTeam: ObjectRule = {
  name: 'team the caller may delete',
  check: async (request, caller) => {
    await visibleTeam.check(request, caller);
    if (!policy.deleteTeam(caller.actor)) throw forbidden('You do not have permission to delete this team');
  },
};

// Writes here change teams (people); deleting one also takes its events' team links and its
// breakdown with it.
const teamWrites = { writes: ['people'] } as const;
const teamDeleted = { writes: ['people', 'calendar', 'breakdown'] } as const;

export async function teamRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/api/organizations/:orgId/teams',
    {
      config: { access: { organization: 'path' } },
      schema: {
        params: orgParams,
        querystring: z.object({ includeArchived: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: { 200: z.array(teamSummarySchema) },
      },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      const wanted = request.query.includeArchived === '1' || request.query.includeArchived === 'true';
      // Archived teams are listed only for the people who can restore any team.
      return listTeams(database, organizationId, wanted && policy.createTeam(actor), actor.userId);
    },
  );

  app.get(
    '/api/organizations/:orgId/teams/handle/:teamHandle',
    {
      config: { access: { organization: 'path' } },
      schema: {
        params: orgParams.extend({ teamHandle: z.string().min(1).max(100) }),
        response: { 200: teamDetailSchema },
      },
    },
    async (request) => {
      const { organizationId } = accessOf(request);
      const { team, teamRole } = await requireTeamByHandle(
        request,
        organizationId,
        request.params.teamHandle,
      );
      const detail = await teamDetail(database, organizationId, team.id, teamRole);
      if (!detail) throw notFound(TEAM_NOT_FOUND);
      return detail;
    },
  );

  // Who the Create Team dialog may put in a new team: active members of the organization.
  app.get(
    '/api/organizations/:orgId/teams/candidates',
    {
      config: { access: { organization: 'path', may: 'createTeam', refusal: CREATE_REFUSED } },
      schema: { params: orgParams, querystring: candidateQuerySchema, response: { 200: candidatesAnswer } },
    },
    async (request) => {
      const { organizationId } = accessOf(request);
      return candidatesFor(database, organizationId, null, request.query);
    },
  );

  app.post(
    '/api/organizations/:orgId/teams',
    {
      config: { ...teamWrites, access: { organization: 'path', may: 'createTeam', refusal: CREATE_REFUSED } },
      schema: { params: orgParams, body: createTeamSchema, response: { 201: teamSchema } },
    },
    async (request, reply) => {
      const { organizationId } = accessOf(request);
      const team = await createTeam(database, organizationId, request.body);
      return reply.code(201).send(team);
    },
  );

  app.patch(
    '/api/teams/:teamId',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: teamParams, body: updateTeamSchema, response: { 200: teamSchema } },
    },
    async (request) => {
      const { organizationId, team } = teamAccessOf(request);
      return updateTeam(database, organizationId, team.id, request.body);
    },
  );

  // 'Disable Team': the team leaves every list but keeps its data until restored.
  app.post(
    '/api/teams/:teamId/archive',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: teamParams, response: { 200: teamSchema } },
    },
    async (request) => {
      const { organizationId, team } = teamAccessOf(request);
      return setArchived(database, organizationId, team.id, true);
    },
  );

  app.post(
    '/api/teams/:teamId/restore',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: teamParams, response: { 200: teamSchema } },
    },
    async (request) => {
      const { organizationId, team } = teamAccessOf(request);
      return setArchived(database, organizationId, team.id, false);
    },
  );

  app.delete(
    '/api/teams/:teamId',
    {
      config: { ...teamDeleted, access: { object: deletableTeam } },
      schema: { params: teamParams, response: { 200: message } },
    },
    async (request) => {
      const { organizationId, team } = teamAccessOf(request);
      await deleteTeam(database, organizationId, team.id);
      return { message: 'Team deleted' };
    },
  );
}
