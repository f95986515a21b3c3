// Reading the library: one page by slug, the page list (for link resolution and tags), search.
import type { WikiPageSummary, WikiPageView, WikiSearchResult } from '@common/schemas/library';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '@web/lib/api';

export const wikiBase = (orgId: number) => `/api/organizations/${orgId}/wiki`;

/** Every library answer of the organization is dropped after a write. */
export const invalidateWiki = (queryClient: QueryClient, orgId: number) =>
  queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(wikiBase(orgId)),
  });

/** A page by slug; null when there is none ('Page Not Found'). */
export function useWikiPage(orgId: number | undefined, slug: string) {
  const url = `${wikiBase(orgId ?? 0)}/${encodeURIComponent(slug)}`;
  return useQuery({
    queryKey: [url],
    queryFn: async () => {
      try {
        return await apiGet<WikiPageView>(url);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    enabled: orgId !== undefined && slug !== '',
  });
}

export function useWikiPages(orgId: number | undefined, tag?: string) {
  const url = `${wikiBase(orgId ?? 0)}/pages${tag ? `?tag=${encodeURIComponent(tag)}` : ''}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => apiGet<WikiPageSummary[]>(url),
    enabled: orgId !== undefined,
  });
}

/** The `count` most recently changed pages (the dashboard's card), newest first. */
export function useRecentWikiPages(orgId: number | undefined, count: number) {
  const url = `${wikiBase(orgId ?? 0)}/pages?recent=${count}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => apiGet<WikiPageSummary[]>(url),
    enabled: orgId !== undefined,
  });
}

export function useWikiSearch(orgId: number | undefined, q: string) {
  const url = `${wikiBase(orgId ?? 0)}/search?q=${encodeURIComponent(q)}&limit=50`;
  return useQuery({
    queryKey: [url],
    queryFn: () => apiGet<WikiSearchResult>(url),
    enabled: orgId !== undefined && q.trim() !== '',
    // The list keeps showing while the next keystroke's answer arrives (live filter).
    placeholderData: keepPreviousData,
  });
}
