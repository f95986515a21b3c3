// Team fixtures for the teams API tests: a team with people in it, built straight in the database.
import type { TeamRole } from '../../src/common/teams';
import { type TestContext, uniqueId } from './app';
import { type BuiltOrg, buildOrg, buildOrgWithRoles, buildUser, signedIn } from './factories';

export interface BuiltTeam {
  id: number;
  name: string;
  handle: string;
}

export async function buildTeam(
  ctx: TestContext,
  org: BuiltOrg,
  opts: { name?: string; members?: { userId: number; role?: TeamRole }[]; archived?: boolean } = {},
): Promise<BuiltTeam> {
  const handle = `team-${uniqueId()}`;
  const name = opts.name ?? `Team ${handle}`;
  const [team] = await ctx.database.query<{ id: number }>(
    `insert into teams (organization_id, name, handle, archived_at) values ($1, $2, $3, $4) returning id`,
    [org.id, name, handle, opts.archived ? new Date() : null],
  );
  for (const m of opts.members ?? []) {
    await ctx.database.query(
      'insert into team_members (organization_id, team_id, user_id, role) values ($1, $2, $3, $4)',
      [org.id, team.id, m.userId, m.role ?? 'member'],
    );
  }
  return { id: team.id, name, handle };
}

/**
 * One organization with a person of every role, a team led by its `team_lead` person with the
 * `standard_user` in it, a second team with its own lead, and an admin of another organization.
 */
export async function buildTeamWorld(ctx: TestContext) {
  const { org, people, agents } = await buildOrgWithRoles(ctx);
  const team = await buildTeam(ctx, org, {
    members: [
      { userId: people.team_lead.id, role: 'team_lead' },
      { userId: people.standard_user.id, role: 'member' },
    ],
  });
  const otherLead = await buildUser(ctx.database, { org, firstName: 'Other', lastName: 'Lead' });
  const otherTeam = await buildTeam(ctx, org, { members: [{ userId: otherLead.id, role: 'team_lead' }] });
  const foreignOrg = await buildOrg(ctx.database);
  const foreignAdmin = await buildUser(ctx.database, { org: foreignOrg, role: 'admin' });
  return {
    org,
    people,
    agents,
    team,
    otherTeam,
    otherLead: { user: otherLead, agent: await signedIn(ctx, otherLead, org) },
    foreign: { org: foreignOrg, admin: foreignAdmin, agent: await signedIn(ctx, foreignAdmin, foreignOrg) },
  };
}

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----greenroom${uniqueId()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
