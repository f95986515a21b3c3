// Who manages whom: the facts the policy in src/common/permissions.ts decides on, read
// from this organization only. A team lead is a team member whose team role is 'team_lead'.
import { policy } from '../../../common/permissions';
import { displayName } from '../../../common/teams';
import { type NameRow, nameColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { OrgAccess } from '../../http/access';

/** Who is acting, in which organization (a route's OrgAccess, or the demo seeder). */
export type Caller = Pick<OrgAccess, 'organizationId' | 'actor'>;
import type { Runner } from '../calendar';

export const MEMBER_NOT_FOUND = 'Member not found';

type Q = Runner | Database;

/**
 * SQL for the teams (not archived) a user leads in an organization, given the placeholders that
 * hold the organization's and the user's ids (e.g. '$1', '$2'); never given input.
 */
export const ledTeamsSql = (org: string, user: string) =>
  `select tm.team_id from team_members tm join teams t on t.id = tm.team_id
   where tm.organization_id = ${org} and t.organization_id = ${org} and tm.user_id = ${user}
     and tm.role = 'team_lead' and t.archived_at is null`;

/** The teams (not archived) the user leads in this organization. */
export async function ledTeamIds(q: Q, organizationId: number, userId: number): Promise<number[]> {
  const rows = await q.query<{ team_id: number }>(ledTeamsSql('$1', '$2'), [organizationId, userId]);
  return rows.map((r) => r.team_id);
}

/** An active member's teams, or null when the user is not an active member here. */
export async function memberTeamIds(q: Q, organizationId: number, userId: number): Promise<number[] | null> {
  const [row] = await q.query<{ teamIds: number[] }>(
    `select coalesce((select array_agg(tm.team_id) from team_members tm
        where tm.organization_id = $1 and tm.user_id = m.user_id), '{}') as "teamIds"
     from user_organizations m where m.organization_id = $1 and m.user_id = $2 and m.status = 'active'`,
    [organizationId, userId],
  );
  return row ? row.teamIds : null;
}

/** Whether the caller manages this member (404 when they are not an active member here). */
export async function managesMember(q: Q, access: Caller, userId: number): Promise<boolean> {
  const teams = await memberTeamIds(q, access.organizationId, userId);
  if (!teams) throw notFound(MEMBER_NOT_FOUND);
  return policy.manageMember(
    access.actor,
    await ledTeamIds(q, access.organizationId, access.actor.userId),
    teams,
  );
}

export interface Person {
  userId: number;
  name: string;
}

/**
 * The active members the caller manages, themself left out, by name: everyone for owners, admins
 * and system users, else the members of the teams they lead (the availability person picker).
 */
export async function managedPeople(q: Q, access: Caller): Promise<(Person & { username: string })[]> {
  const { organizationId, actor } = access;
  const everyone = policy.manageMember(actor, [], []);
  const rows = await q.query<PersonColumns>(
    `select u.id as "userId", ${nameColumns('u')}
     from user_organizations m join users u on u.id = m.user_id
     where m.organization_id = $1 and m.status = 'active' and m.user_id is distinct from $2
       and ($3::boolean or exists (select 1 from team_members tm
         where tm.organization_id = $1 and tm.user_id = m.user_id
           and tm.team_id in (${ledTeamsSql('$1', '$2')})))`,
    [organizationId, actor.userId ?? null, everyone],
  );
  return rows.map((r) => ({ ...personOf(r), username: r.username })).sort(byName);
}

/** Active members among the ids, with their display names. */
export async function activeMembers(q: Q, organizationId: number, userIds: number[]): Promise<Person[]> {
  if (userIds.length === 0) return [];
  const rows = await q.query<PersonColumns>(
    `select u.id as "userId", ${nameColumns('u')}
     from user_organizations m join users u on u.id = m.user_id
     where m.organization_id = $1 and m.status = 'active' and m.user_id = any($2::int[])`,
    [organizationId, userIds],
  );
  return rows.map(personOf).sort(byName);
}

export const byName = (a: Person, b: Person) => a.name.localeCompare(b.name) || a.userId - b.userId;

/** A row a Person is made of (with personOf): the user's id and `nameColumns`. */
export type PersonColumns = NameRow & { userId: number };
export const personOf = (r: PersonColumns): Person => ({ userId: r.userId, name: displayName(r) });

/** Active members of the given teams (this organization's), de-duplicated. */
export async function teamMemberIds(
  q: Q,
  organizationId: number,
  teamIds: readonly number[],
): Promise<number[]> {
  if (teamIds.length === 0) return [];
  const rows = await q.query<{ userId: number }>(
    `select distinct tm.user_id as "userId" from team_members tm
     join user_organizations m on m.user_id = tm.user_id and m.organization_id = $1 and m.status = 'active'
     where tm.organization_id = $1 and tm.team_id = any($2::int[])`,
    [organizationId, teamIds],
  );
  return rows.map((r) => r.userId);
}
