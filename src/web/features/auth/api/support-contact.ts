import type { SupportContact } from '@common/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { apiGet, withQuery } from '@web/lib/api';

/** GET /api/support-contact: the addressed (or `org`-named) organization's, else the system's. */
export function useSupportContact(org: string | null) {
  return useQuery({
    queryKey: ['/api/support-contact', org],
    queryFn: () => apiGet<SupportContact>(withQuery('/api/support-contact', { org })),
    staleTime: 5 * 60 * 1000,
  });
}
