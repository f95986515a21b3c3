// Availability calls; rules and rights in availability.ts and the policy.
import { z } from 'zod';
import {
  availabilityCreateSchema,
  availabilityPatchSchema,
  availabilityPeriodSchema,
  availabilityQuery,
  managedPersonSchema,
} from '../../../common/schemas/scheduling';
import { noContent } from '../../../common/schemas/answers';
import { accessOf } from '../../http/access';
import { idSchema, orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { createPeriod, deletePeriod, listAvailability, updatePeriod } from './availability';
import { managedPeople } from './people';

const periodParams = orgParams.extend({ id: idSchema });

export async function availabilityRoutes(app: App) {
  const { database } = app.deps;
  const base = '/api/organizations/:orgId/availability';

  app.get(
    base,
    {
      config: { access: { organization: 'path' } },
      schema: {
        params: orgParams,
        querystring: availabilityQuery,
        response: { 200: z.array(availabilityPeriodSchema) },
      },
    },
    (request) => listAvailability(database, accessOf(request), request.query),
  );

  // One call for the person picker (the web read every led team's page for it).
  app.get(
    `${base}/people`,
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: z.array(managedPersonSchema) } },
    },
    (request) => managedPeople(database, accessOf(request)),
  );

  app.post(
    base,
    {
      config: { writes: ['scheduling'], access: { organization: 'path' } },
      schema: {
        params: orgParams,
        body: availabilityCreateSchema,
        response: { 201: availabilityPeriodSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPeriod(database, accessOf(request), request.body)),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { writes: ['scheduling'], access: { organization: 'path' } },
      schema: {
        params: periodParams,
        body: availabilityPatchSchema,
        response: { 200: availabilityPeriodSchema },
      },
    },
    (request) => updatePeriod(database, accessOf(request), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { writes: ['scheduling'], access: { organization: 'path' } },
      schema: { params: periodParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await deletePeriod(database, accessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
