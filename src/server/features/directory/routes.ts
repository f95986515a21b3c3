import { z } from 'zod';
import { notFound } from '../../http/errors';
import { requireOrgAccess } from '../../http/guards';
import type { App } from '../../http/types';
import { findPerson, listDirectory } from './queries';

const orgParams = z.object({ orgId: z.coerce.number().int().positive() });
const personParams = orgParams.extend({ username: z.string().trim().min(1).max(50) });

const team = z.object({ id: z.number(), name: z.string(), role: z.string() });
const entryFields = {
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  bio: z.string().nullable(),
  roles: z.array(z.string()),
  organizationRole: z.string(),
};
export const directoryEntrySchema = z.object({ ...entryFields, teams: z.array(team) });
export const personSchema = z.object({
  ...entryFields,
  email: z.string(),
  teams: z.array(team.extend({ handle: z.string() })),
});

export async function directoryRoutes(app: App) {
  const { database } = app.deps;

  // Every member may see the directory (part 2 §6), active members only.
  app.get(
    '/api/organizations/:orgId/directory',
    { schema: { params: orgParams, response: { 200: z.array(directoryEntrySchema) } } },
    async (request) => {
      const { organizationId } = await requireOrgAccess(request, request.params.orgId);
      return listDirectory(database, organizationId);
    },
  );

  app.get(
    '/api/organizations/:orgId/directory/:username',
    { schema: { params: personParams, response: { 200: personSchema } } },
    async (request) => {
      const { organizationId } = await requireOrgAccess(request, request.params.orgId);
      const person = await findPerson(database, organizationId, request.params.username.replace(/^@/, ''));
      if (!person) throw notFound('Person not found');
      return person;
    },
  );
}
