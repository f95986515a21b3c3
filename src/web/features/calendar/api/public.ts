import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';
import type { PublicCalendar } from '@common/schemas/calendar';

/** GET /api/public/{orgShortname}/calendar, no login. */
export function usePublicCalendar(shortname: string) {
  return useQuery({
    queryKey: [`/api/public/${shortname}/calendar`],
    queryFn: () => apiGet<PublicCalendar>(`/api/public/${encodeURIComponent(shortname)}/calendar`),
    retry: false,
  });
}
