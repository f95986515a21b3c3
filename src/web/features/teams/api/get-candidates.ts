import { MEMBER_PAGE_SIZE, type MemberPage } from '@common/member-list';
import type { TeamCandidate } from '@common/schemas/teams';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, withQuery } from '@web/lib/api';

/** Who the Create Team dialog may put in a new team: active members of the organization. */
export const newTeamCandidatesUrl = (orgId: number) => `/api/organizations/${orgId}/teams/candidates`;
/** Who the Add Member dialog may add: active members not yet in this team. */
export const memberCandidatesUrl = (teamId: number) => `/api/teams/${teamId}/candidates`;

/**
 * The candidates matching a search, a page at a time from the server (Load more asks for the
 * next), so a large organization's picker never loads every member.
 */
export function useCandidates(url: string, search: string) {
  return useInfiniteQuery({
    queryKey: [url, 'pages', search],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MemberPage<TeamCandidate>>(
        'GET',
        withQuery(url, { search: search.trim(), limit: MEMBER_PAGE_SIZE, after: pageParam }),
        undefined,
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}
