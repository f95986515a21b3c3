import type { TeamSummary } from '@common/schemas/teams';
import { useQuery } from '@tanstack/react-query';
import { apiGet, withQuery } from '@web/lib/api';

export const teamsKey = (orgId: number, includeArchived: boolean) =>
  [`/api/organizations/${orgId}/teams`, { includeArchived }] as const;

/** The Teams tab's cards; archived teams only when a manager asks for them. */
export function useTeams(orgId: number | undefined, includeArchived = false) {
  return useQuery({
    queryKey: teamsKey(orgId ?? 0, includeArchived),
    queryFn: () =>
      apiGet<TeamSummary[]>(
        withQuery(teamsKey(orgId ?? 0, includeArchived)[0], {
          includeArchived: includeArchived ? 1 : undefined,
        }),
      ),
    enabled: orgId !== undefined,
  });
}
