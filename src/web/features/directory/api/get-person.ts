import type { PersonEntry } from '@common/schemas/people';
import { useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '@web/lib/api';

export type Person = PersonEntry;

export const personKey = (orgId: number, username: string) =>
  [`/api/organizations/${orgId}/directory/${encodeURIComponent(username)}`] as const;

/** One member by username; null when there is no such member to show. */
export function usePerson(orgId: number | undefined, username: string) {
  return useQuery({
    queryKey: personKey(orgId ?? 0, username),
    queryFn: async () => {
      try {
        return await apiGet<Person>(personKey(orgId ?? 0, username)[0]);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    enabled: orgId !== undefined && username !== '',
    refetchOnMount: 'always',
  });
}
