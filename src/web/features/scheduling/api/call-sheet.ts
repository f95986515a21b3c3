// The day's call sheet.
import type { CallSheet } from '@common/schemas/scheduling';
import { ROUTES } from '@common/scheduling';
import { useQuery } from '@tanstack/react-query';
import { apiGet, withQuery } from '@web/lib/api';
import { calendarKey } from '@web/features/calendar/api/events';

export function useCallSheet(orgId: number | undefined, date: string) {
  return useQuery({
    queryKey: [...calendarKey(orgId ?? 0), 'call-sheet', date],
    queryFn: () => apiGet<CallSheet>(withQuery(ROUTES.callSheet(orgId ?? 0), { date })),
    enabled: orgId !== undefined,
  });
}
