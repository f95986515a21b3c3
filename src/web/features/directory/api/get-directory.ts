import { MEMBER_PAGE_SIZE, type MemberPage } from '@common/member-list';
import type { DirectoryEntry } from '@common/schemas/people';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, withQuery } from '@web/lib/api';

export const directoryKey = (orgId: number) => [`/api/organizations/${orgId}/directory`] as const;

/** The directory's question, as the address holds it (empty: no filter). */
export interface DirectoryFilters {
  search: string;
  role: string;
  organizationRole: string;
  team: string;
  status: string;
}

const pageUrl = (orgId: number, filters: Partial<DirectoryFilters>, limit: number, after?: string) =>
  withQuery(directoryKey(orgId)[0], { ...filters, limit, after });

// Failures stay ApiErrors, so the screen can read 'HTTP error! status: {code}' from them
// (FetchError).
/**
 * The members matching the filters, 50 at a time from the server (Load more asks for the next
 * page); always refetched when a screen opens. The previous answer stays on screen while a new
 * search loads.
 */
export function useDirectoryPages(orgId: number | undefined, filters: DirectoryFilters) {
  return useInfiniteQuery({
    queryKey: [...directoryKey(orgId ?? 0), 'pages', filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MemberPage<DirectoryEntry>>(
        'GET',
        pageUrl(orgId ?? 0, filters, MEMBER_PAGE_SIZE, pageParam),
        undefined,
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: orgId !== undefined,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/** How many active members the organization has (the heading's "of N" while a search narrows). */
export function useDirectoryTotal(orgId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...directoryKey(orgId ?? 0), 'total'],
    queryFn: () => apiRequest<MemberPage<DirectoryEntry>>('GET', pageUrl(orgId ?? 0, {}, 1)),
    select: (page) => page.total,
    enabled: enabled && orgId !== undefined,
  });
}
