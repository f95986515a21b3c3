// Public library pages: no sign-in, only pages marked public of approved organizations.
import type { PublicWikiIndex, PublicWikiPageAnswer } from '@common/schemas/library';
import { useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '@web/lib/api';

async function orNull<T>(url: string): Promise<T | null> {
  try {
    return await apiGet<T>(url);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function usePublicWikiPage(shortname: string, slug: string) {
  const url = `/api/public/${encodeURIComponent(shortname)}/wiki/${encodeURIComponent(slug)}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => orNull<PublicWikiPageAnswer>(url),
  });
}

export function usePublicWikiIndex(shortname: string) {
  const url = `/api/public/${encodeURIComponent(shortname)}/wiki`;
  return useQuery({
    queryKey: [url],
    queryFn: () => orNull<PublicWikiIndex>(url),
  });
}
