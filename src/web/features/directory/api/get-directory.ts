import type { DirectoryEntry } from '@common/types/directory';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@web/lib/api';

export const directoryKey = (orgId: number) => [`/api/organizations/${orgId}/directory`] as const;

/** Spec part 1 §8: the directory's fetch errors read 'HTTP error! status: {code}'. */
async function fetchDirectory(orgId: number): Promise<DirectoryEntry[]> {
  try {
    return await apiGet<DirectoryEntry[]>(directoryKey(orgId)[0]);
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`HTTP error! status: ${error.status}`);
    throw new Error('Failed to fetch directory');
  }
}

/** The organization's members; always refetched when a screen opens (spec part 1 §7). */
export function useDirectory(orgId: number | undefined) {
  return useQuery({
    queryKey: directoryKey(orgId ?? 0),
    queryFn: () => fetchDirectory(orgId ?? 0),
    enabled: orgId !== undefined,
    refetchOnMount: 'always',
  });
}
