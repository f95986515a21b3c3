import { MEMBER_PAGE_SIZE, type MemberPage } from '@common/member-list';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, withQuery } from '@web/lib/api';

type Params = Record<string, string | number | null | undefined>;

/**
 * One of the system lists, a page at a time (Load more asks for the next; docs/api.md#system-lists).
 * The query key starts with the list's address, so a decision that invalidates `/api/system/…`
 * reads it again; the previous answer stays on screen while a new search loads.
 */
export function useSystemPages<P extends MemberPage<unknown>>(path: string, params: Params = {}) {
  return useInfiniteQuery({
    queryKey: [withQuery(path, params), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<P>(
        'GET',
        withQuery(path, { ...params, limit: MEMBER_PAGE_SIZE, after: pageParam }),
        undefined,
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
