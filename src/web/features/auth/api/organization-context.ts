import type { ContextOrganization, OrganizationContext } from '@common/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { apiGet, isApiError, withQuery } from '@web/lib/api';

const NOT_FOUND: OrganizationContext = {
  isSystemDomain: false,
  organization: null,
  pendingApproval: false,
  registeredElsewhere: null,
};

/**
 * Which organization this page addresses: the host's sub-address, or `org` when given. An
 * unknown `org` is "no organization", not a failure.
 */
export function useOrganizationContext(org?: string | null) {
  return useQuery({
    queryKey: ['/api/organization-context', org ?? null],
    queryFn: async () => {
      try {
        return await apiGet<OrganizationContext>(withQuery('/api/organization-context', { org }));
      } catch (error) {
        if (isApiError(error, 404)) return NOT_FOUND;
        throw new Error('Failed to fetch organization context', { cause: error });
      }
    },
    staleTime: 5 * 60 * 1000,
  });
}

/**
 * The organization a sign-in or join applies to, if this page addresses one. An organization in
 * the answer is enough: on the main site `?org=` names one even though the host is the system's.
 */
export function contextOrganization(ctx: OrganizationContext | undefined): ContextOrganization | null {
  return ctx?.organization ?? null;
}
