// A team's breakdown: characters, scenes and the "what can we rehearse?" question.
// Team members read; the team's leads, owners and admins write (policy.manageTeam).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { noContent } from '../../../common/schemas/answers';
import {
  breakdownSchema,
  characterCreateSchema,
  characterPatchSchema,
  characterSchema,
  rehearsableQuery,
  rehearsableSchema,
  sceneCreateSchema,
  scenePatchSchema,
  sceneSchema,
} from '../../../common/schemas/breakdown';
import type { ObjectRule } from '../../http/access';
import { AppError } from '../../http/errors';
import { sendKept } from '../../http/etag';
import { idSchema } from '../../http/params';
import type { App } from '../../http/types';
import { keptRehearsable } from '../scheduling';
import { managedTeam, teamAccessOf, visibleTeam } from '../teams';
import { keptBreakdown } from './queries';
import { createCharacter, createScene, deleteRow, updateCharacter, updateScene } from './service';

const teamParams = z.object({ teamId: idSchema });
const characterParams = teamParams.extend({ characterId: idSchema });
const sceneParams = teamParams.extend({ sceneId: idSchema });
const READ_REFUSED = "Only this team's members may read its breakdown";

/** Team members and the team's managers read; everyone else in the organization is refused. */
const breakdownReaders: ObjectRule = {
  name: "team's members and managers",
  check: async (request, caller) => {
    await visibleTeam.check(request, caller);
    const { teamRole, canManage } = teamAccessOf(request);
    if (teamRole === null && !canManage) throw new AppError(403, READ_REFUSED);
  },
};

const teamRef = (request: FastifyRequest) => {
  const { organizationId, team } = teamAccessOf(request);
  return { organizationId, teamId: team.id };
};

// Writes here change the breakdown; deleting a scene also takes it off the events that worked it.
const breakdown = { writes: ['breakdown'] } as const;
const sceneDeleted = { writes: ['breakdown', 'calendar'] } as const;

export async function breakdownRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/api/teams/:teamId/breakdown',
    // Answered with kept bytes of a Breakdown (queries.ts), checked against its schema when kept.
    {
      config: { access: { object: breakdownReaders } },
      schema: { params: teamParams, response: { 200: breakdownSchema } },
    },
    async (request, reply) => {
      const { organizationId, teamId } = teamRef(request);
      return sendKept(request, reply, await keptBreakdown(database, organizationId, teamId));
    },
  );

  app.get(
    '/api/teams/:teamId/rehearsable',
    // Answered with kept bytes of a Rehearsable (rehearsable.ts), checked against its schema when kept.
    {
      config: { access: { object: breakdownReaders } },
      schema: { params: teamParams, querystring: rehearsableQuery, response: { 200: rehearsableSchema } },
    },
    async (request, reply) =>
      sendKept(request, reply, await keptRehearsable(database, teamAccessOf(request), request.query)),
  );

  app.post(
    '/api/teams/:teamId/characters',
    {
      config: { ...breakdown, access: { object: managedTeam } },
      schema: { params: teamParams, body: characterCreateSchema, response: { 201: characterSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createCharacter(database, teamRef(request), request.body)),
  );

  app.patch(
    '/api/teams/:teamId/characters/:characterId',
    {
      config: { ...breakdown, access: { object: managedTeam } },
      schema: { params: characterParams, body: characterPatchSchema, response: { 200: characterSchema } },
    },
    (request) => updateCharacter(database, teamRef(request), request.params.characterId, request.body),
  );

  app.delete(
    '/api/teams/:teamId/characters/:characterId',
    {
      config: { ...breakdown, access: { object: managedTeam } },
      schema: { params: characterParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await deleteRow(database, 'production_characters', teamRef(request), request.params.characterId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/teams/:teamId/scenes',
    {
      config: { ...breakdown, access: { object: managedTeam } },
      schema: { params: teamParams, body: sceneCreateSchema, response: { 201: sceneSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createScene(database, teamRef(request), request.body)),
  );

  app.patch(
    '/api/teams/:teamId/scenes/:sceneId',
    {
      config: { ...breakdown, access: { object: managedTeam } },
      schema: { params: sceneParams, body: scenePatchSchema, response: { 200: sceneSchema } },
    },
    (request) => updateScene(database, teamRef(request), request.params.sceneId, request.body),
  );

  app.delete(
    '/api/teams/:teamId/scenes/:sceneId',
    {
      config: { ...sceneDeleted, access: { object: managedTeam } },
      schema: { params: sceneParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await deleteRow(database, 'production_scenes', teamRef(request), request.params.sceneId);
      return reply.code(204).send();
    },
  );
}
