import type { DirectoryEntry } from '@common/types/directory';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

export const directoryKey = (orgId: number) => [`/api/organizations/${orgId}/directory`] as const;

// Failures stay ApiErrors, so the screen can read 'HTTP error! status: {code}' from them
// (FetchError).
const fetchDirectory = (orgId: number) => apiGet<DirectoryEntry[]>(directoryKey(orgId)[0]);

/** The organization's members; always refetched when a screen opens. */
export function useDirectory(orgId: number | undefined) {
  return useQuery({
    queryKey: directoryKey(orgId ?? 0),
    queryFn: () => fetchDirectory(orgId ?? 0),
    enabled: orgId !== undefined,
    refetchOnMount: 'always',
  });
}
