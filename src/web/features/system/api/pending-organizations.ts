import { useQuery } from '@tanstack/react-query';

export interface PendingOrganization {
  id: number;
  name: string;
  shortname: string;
  contactEmail: string | null;
  createdAt: string;
  owner: { username: string | null; email: string | null } | null;
}

export const PENDING_ORGANIZATIONS_KEY = ['/api/system/pending-organizations'] as const;

export function usePendingOrganizations() {
  return useQuery<PendingOrganization[]>({ queryKey: PENDING_ORGANIZATIONS_KEY });
}
