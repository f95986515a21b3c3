// A team's members and links; every change needs policy.manageTeam.
import { messageSchema } from '../../../common/schemas/answers';
import { policy } from '../../../common/permissions';
import {
  addLinkSchema,
  addMemberSchema,
  setMemberRoleSchema,
  teamCandidatesAnswerSchema as candidatesAnswer,
  teamLinkSchema,
  teamMemberSchema,
} from '../../../common/schemas/teams';
import { candidateQuerySchema } from '../../../common/schemas/member-list';
import { badRequest } from '../../http/errors';
import { idSchema } from '../../http/params';
import type { App } from '../../http/types';
import { managedTeam, teamAccessOf } from './access';
import { candidatesFor } from './queries';
import { teamParams } from './routes';
import { addLink, addMember, deleteLink, removeMember, setMemberRole } from './service';

const memberParams = teamParams.extend({ userId: idSchema });
const linkParams = teamParams.extend({ linkId: idSchema });
const message = messageSchema;

// Every write here is to a team's members or links (people).
const teamWrites = { writes: ['people'] } as const;

export async function teamMemberRoutes(app: App) {
  const { database } = app.deps;

  // The Add Member picker: active members of the organization not yet in the team.
  app.get(
    '/api/teams/:teamId/candidates',
    {
      config: { access: { object: managedTeam } },
      schema: { params: teamParams, querystring: candidateQuerySchema, response: { 200: candidatesAnswer } },
    },
    async (request) => {
      const { organizationId, team } = teamAccessOf(request);
      return candidatesFor(database, organizationId, team.id, request.query);
    },
  );

  app.post(
    '/api/teams/:teamId/members',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: teamParams, body: addMemberSchema, response: { 201: teamMemberSchema } },
    },
    async (request, reply) => {
      const { organizationId, team } = teamAccessOf(request);
      return reply.code(201).send(await addMember(database, organizationId, team.id, request.body));
    },
  );

  app.patch(
    '/api/teams/:teamId/members/:userId',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: memberParams, body: setMemberRoleSchema, response: { 200: teamMemberSchema } },
    },
    async (request) => {
      const { organizationId, team, actor } = teamAccessOf(request);
      // A lead who demoted themselves would lose the team with no way back; an organization
      // manager keeps their rights either way.
      if (request.params.userId === actor.userId && !policy.createTeam(actor)) {
        throw badRequest('You cannot change your own team role');
      }
      return setMemberRole(database, organizationId, team.id, request.params.userId, request.body.role);
    },
  );

  app.delete(
    '/api/teams/:teamId/members/:userId',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: memberParams, response: { 200: message } },
    },
    async (request) => {
      const { organizationId, team, actor } = teamAccessOf(request);
      await removeMember(database, organizationId, team.id, request.params.userId, actor.userId);
      return { message: 'Member removed' };
    },
  );

  app.post(
    '/api/teams/:teamId/links',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: teamParams, body: addLinkSchema, response: { 201: teamLinkSchema } },
    },
    async (request, reply) => {
      const { organizationId, team } = teamAccessOf(request);
      return reply.code(201).send(await addLink(database, organizationId, team.id, request.body));
    },
  );

  app.delete(
    '/api/teams/:teamId/links/:linkId',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: linkParams, response: { 200: message } },
    },
    async (request) => {
      const { organizationId, team } = teamAccessOf(request);
      await deleteLink(database, organizationId, team.id, request.params.linkId);
      return { message: 'Link deleted' };
    },
  );
}
