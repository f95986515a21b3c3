import type { PendingOrganization } from '@common/schemas/system';
import { useQuery } from '@tanstack/react-query';

export const PENDING_ORGANIZATIONS_KEY = ['/api/system/pending-organizations'] as const;

export function usePendingOrganizations() {
  return useQuery<PendingOrganization[]>({ queryKey: PENDING_ORGANIZATIONS_KEY });
}
