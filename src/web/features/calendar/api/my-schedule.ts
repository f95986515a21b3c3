// My Schedule: the events the member follows over the next year, readable offline from the last
// visit. Each answer from the server is kept for this member in this organization
// (lib/offline-copy.ts); when the server cannot be reached the kept copy is shown, with its time.
import { addDays } from '@common/zoned-time';
import { useQuery } from '@tanstack/react-query';
import { apiGet, withQuery } from '@web/lib/api';
import { isNetworkFailure, keepOfflineCopy, type Owner, readOfflineCopy } from '@web/lib/offline-copy';
import { calendarKey } from './events';
import type { CalendarEvent } from '@common/schemas/calendar';

const COPY = 'my-schedule';

export interface MySchedule {
  events: CalendarEvent[];
  /** When the shown copy was kept, if it is a kept copy (offline); null for a fresh answer. */
  offlineAsOf: string | null;
}

export function useMySchedule(owner: Owner | null, today: string, enabled: boolean) {
  const orgId = owner?.organizationId ?? 0;
  return useQuery({
    queryKey: [...calendarKey(orgId), 'my-schedule', owner?.userId, today],
    queryFn: async (): Promise<MySchedule> => {
      const url = withQuery(`/api/organizations/${orgId}/calendar/events`, {
        from: today,
        to: addDays(today, 365),
        followed: 'true',
      });
      try {
        const events = await apiGet<CalendarEvent[]>(url);
        if (owner) keepOfflineCopy(owner, COPY, events);
        return { events, offlineAsOf: null };
      } catch (error) {
        const kept = owner && isNetworkFailure(error) ? readOfflineCopy<CalendarEvent[]>(owner, COPY) : null;
        if (!kept) throw error;
        return { events: kept.data, offlineAsOf: kept.savedAt };
      }
    },
    enabled: enabled && owner !== null && owner.organizationId !== null,
    // Without a connection the query still runs (and answers from the kept copy); once the
    // connection is back it asks the server again.
    networkMode: 'always',
    refetchOnReconnect: 'always',
  });
}
