import type { TeamCandidate } from '@common/schemas/teams';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/** Active members who can be put in a new team (Create Team dialog). */
export function useNewTeamCandidates(orgId: number | undefined, enabled: boolean) {
  const url = `/api/organizations/${orgId ?? 0}/teams/candidates`;
  return useQuery({
    queryKey: [url],
    queryFn: () => apiGet<TeamCandidate[]>(url),
    enabled: enabled && orgId !== undefined,
    refetchOnMount: 'always',
  });
}

/** Active members not yet in this team (Add Member dialog). */
export function useMemberCandidates(teamId: number, enabled: boolean) {
  const url = `/api/teams/${teamId}/candidates`;
  return useQuery({
    queryKey: [url],
    queryFn: () => apiGet<TeamCandidate[]>(url),
    enabled,
    refetchOnMount: 'always',
  });
}
