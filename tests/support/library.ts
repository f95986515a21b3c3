// Library fixtures: an organization with every role signed in, an admin of another organization,
// and pages written through the real service (so versions, links and the search vector are kept).
import type { WikiPage } from '../../src/common/schemas/library';
import { createWikiPageSchema } from '../../src/common/schemas/library';
import { createPage } from '../../src/server/features/library/service';
import type { TestContext } from './app';
import { type BuiltOrg, buildOrg, buildOrgWithRoles, buildUser, signedIn } from './factories';

export async function buildPage(
  ctx: TestContext,
  org: BuiltOrg,
  authorId: number,
  input: { title: string; content?: string; tags?: string[]; isPublic?: boolean; slug?: string },
): Promise<WikiPage> {
  const parsed = createWikiPageSchema.parse({ content: `About ${input.title}.`, ...input });
  return createPage(ctx.database, org.id, authorId, parsed);
}

export async function buildLibraryWorld(ctx: TestContext) {
  const world = await buildOrgWithRoles(ctx);
  const otherOrg = await buildOrg(ctx.database);
  const otherAdmin = await buildUser(ctx.database, { org: otherOrg, role: 'admin' });
  const foreign = { org: otherOrg, user: otherAdmin, agent: await signedIn(ctx, otherAdmin, otherOrg) };
  const wiki = (path = '') => `/api/organizations/${world.org.id}/wiki${path}`;
  return { ...world, foreign, wiki };
}

export const WRITER_ROLES = ['owner', 'admin', 'board', 'volunteer_coordinator', 'team_lead'] as const;
