import type { OrganizationStats } from '@common/schemas/organizations';
import type { SystemStats } from '@common/schemas/system';
import { useQuery } from '@tanstack/react-query';

export const organizationStatsKey = (orgId: number) => [`/api/organizations/${orgId}/stats`] as const;
export const SYSTEM_STATS_KEY = ['/api/system/stats'] as const;

export function useOrganizationStats(orgId: number | undefined) {
  return useQuery<OrganizationStats>({
    queryKey: organizationStatsKey(orgId ?? 0),
    enabled: orgId !== undefined,
  });
}

export function useSystemStats(enabled: boolean) {
  return useQuery<SystemStats>({ queryKey: SYSTEM_STATS_KEY, enabled });
}
