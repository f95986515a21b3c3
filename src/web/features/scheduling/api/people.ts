// Who a screen offers: the members of teams (team members first when calling people), what the
// caller leads, and for a manager the people they manage (policy.manageMember: owners and admins
// everyone, a team's lead the members of that team; asked of the server in one call).
import { type Actor, policy } from '@common/permissions';
import { ROUTES } from '@common/scheduling';
import type { ManagedPerson } from '@common/schemas/scheduling';
import type { TeamDetail, TeamSummary } from '@common/schemas/teams';
import { useQueries, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';
import { useCalendarOptions } from '@web/features/calendar/api/events';

export interface PersonChoice {
  id: number;
  name: string;
  username: string;
}

const teamsKey = (orgId: number) =>
  [`/api/organizations/${orgId}/teams`, { includeArchived: false }] as const;
const teamKey = (orgId: number, handle: string) =>
  [`/api/organizations/${orgId}/teams/handle/${encodeURIComponent(handle)}`] as const;

/**
 * The members of each team (by id; the teams' own pages are read by handle), one list per team,
 * and whether the caller leads it. Loading: empty lists.
 */
export function useTeamMembers(orgId: number, teamIds: readonly number[]) {
  const list = useQuery({
    queryKey: teamsKey(orgId),
    queryFn: () => apiGet<TeamSummary[]>(teamsKey(orgId)[0]),
    enabled: teamIds.length > 0,
    staleTime: 60_000,
  });
  const handles = teamIds.map((id) => list.data?.find((t) => t.id === id)?.handle);
  const results = useQueries({
    queries: handles.map((handle) => ({
      queryKey: teamKey(orgId, handle ?? ''),
      queryFn: () => apiGet<TeamDetail>(teamKey(orgId, handle ?? '')[0]),
      enabled: handle !== undefined,
      staleTime: 60_000,
    })),
  });
  return {
    isLoading: list.isLoading || results.some((r) => r.isLoading),
    isError: list.isError || results.some((r) => r.isError),
    teams: results.map((r, i) => ({
      teamId: teamIds[i],
      members: r.data?.members ?? [],
      leads: r.data?.viewerTeamRole === 'team_lead',
    })),
  };
}

/**
 * What `actor` leads: owners and admins manage everyone (no team lists are fetched); anyone else
 * the teams whose lead they are, read from those teams' member lists.
 */
export function useLeadership(orgId: number, actor: Actor) {
  const everyone = policy.manageMember(actor, [], []);
  const options = useCalendarOptions(orgId);
  const teamIds = everyone ? [] : (options.data?.teams ?? []).map((t) => t.id);
  const members = useTeamMembers(orgId, teamIds);
  const ledTeamIds = members.teams.filter((t) => t.leads).map((t) => t.teamId);
  return { everyone, options, members, ledTeamIds, isLoading: options.isLoading || members.isLoading };
}

/**
 * The people the caller manages, besides themself (sorted by name), in one call: owners and
 * admins every member, a team lead the members of the teams they lead, anyone else nobody.
 */
export function useManagedPeople(orgId: number) {
  const people = useQuery({
    queryKey: [ROUTES.availabilityPeople(orgId)],
    queryFn: () => apiGet<ManagedPerson[]>(ROUTES.availabilityPeople(orgId)),
    staleTime: 60_000,
  });
  return {
    isLoading: people.isLoading,
    people: (people.data ?? []).map(
      (p): PersonChoice => ({ id: p.userId, name: p.name, username: p.username }),
    ),
  };
}
