// The member's own iCalendar subscription address (beyond the spec), shown on My Schedule.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api';
import { calendarKey } from './events';
import type { FeedLinks } from '@common/schemas/calendar';

const feedKey = (orgId: number) => [...calendarKey(orgId), 'feed'] as const;
const url = (orgId: number) => `/api/organizations/${orgId}/calendar/feed`;

export function useFeed(orgId: number | undefined) {
  return useQuery({
    queryKey: feedKey(orgId ?? 0),
    queryFn: () => apiGet<FeedLinks>(url(orgId ?? 0)),
    enabled: orgId !== undefined,
  });
}

export function useFeedMutation(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'revoke') =>
      action === 'create' ? apiRequest<FeedLinks>('POST', url(orgId)) : apiRequest('DELETE', url(orgId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey(orgId) }),
  });
}
