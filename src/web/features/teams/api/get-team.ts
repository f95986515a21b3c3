import type { TeamDetail } from '@common/schemas/teams';
import { useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '@web/lib/api';

export const teamKey = (orgId: number, handle: string) =>
  [`/api/organizations/${orgId}/teams/handle/${encodeURIComponent(handle)}`] as const;

/** One team by handle; null when it does not exist or may not be seen ('Team Not Found'). */
export function useTeam(orgId: number | undefined, handle: string) {
  return useQuery({
    queryKey: teamKey(orgId ?? 0, handle),
    queryFn: async () => {
      try {
        return await apiGet<TeamDetail>(teamKey(orgId ?? 0, handle)[0]);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    enabled: orgId !== undefined && handle !== '',
  });
}
