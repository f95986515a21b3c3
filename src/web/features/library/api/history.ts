// A page's versions: the list (with previews) and one version in full, for compare and view.
import type { WikiVersion, WikiVersionSummary } from '@common/schemas/library';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';
import { wikiBase } from './pages';

export function useWikiVersions(orgId: number, pageId: number) {
  const url = `${wikiBase(orgId)}/${pageId}/versions`;
  return useQuery({ queryKey: [url], queryFn: () => apiGet<WikiVersionSummary[]>(url) });
}

export function useWikiVersion(orgId: number, pageId: number, version: number | undefined) {
  const url = `${wikiBase(orgId)}/${pageId}/versions/${version ?? 0}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => apiGet<WikiVersion>(url),
    enabled: version !== undefined,
    // A version never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
