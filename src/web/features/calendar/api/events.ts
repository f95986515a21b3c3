// Calendar queries and mutations: one query key prefix per organization, so every change
// refetches the views, My Schedule and the dashboard cards together.
import type {
  CalendarEvent,
  CalendarOptions,
  EventDeleted,
  EventDetail,
  EventRequest,
  EventSaved,
  FollowAnswer,
  Strategy,
} from '@common/schemas/calendar';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '@web/lib/api';

export const calendarKey = (orgId: number) => ['calendar', orgId] as const;

export const invalidateCalendar = (queryClient: QueryClient, orgId: number) =>
  queryClient.invalidateQueries({ queryKey: calendarKey(orgId) });

const base = (orgId: number) => `/api/organizations/${orgId}/calendar`;

export interface EventRange {
  from: string;
  to: string;
  type?: string;
  followed?: boolean;
}

export function useEvents(orgId: number | undefined, range: EventRange, enabled = true) {
  return useQuery({
    queryKey: [...calendarKey(orgId ?? 0), 'events', range],
    queryFn: () =>
      apiGet<CalendarEvent[]>(
        withQuery(`${base(orgId ?? 0)}/events`, {
          from: range.from,
          to: range.to,
          type: range.type,
          followed: range.followed ? 'true' : undefined,
        }),
      ),
    enabled: enabled && orgId !== undefined,
    placeholderData: (previous) => previous,
  });
}

/** One event as its own call gives it (with the dates left in its series). */
export function useEventDetail(orgId: number, id: number | undefined) {
  return useQuery({
    queryKey: [...calendarKey(orgId), 'event', id],
    queryFn: () => apiGet<EventDetail>(`${base(orgId)}/events/${id}`),
    enabled: id !== undefined,
  });
}

export function useCalendarOptions(orgId: number | undefined) {
  return useQuery({
    queryKey: [...calendarKey(orgId ?? 0), 'options'],
    queryFn: () => apiGet<CalendarOptions>(`${base(orgId ?? 0)}/options`),
    enabled: orgId !== undefined,
    staleTime: 60_000,
  });
}

export function useSaveEvent(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, strategy }: { id?: number; body: EventRequest; strategy?: Strategy }) =>
      id === undefined
        ? apiRequest<EventSaved>('POST', `${base(orgId)}/events`, body)
        : apiRequest<EventSaved>('PATCH', withQuery(`${base(orgId)}/events/${id}`, { strategy }), body),
    onSuccess: () => invalidateCalendar(queryClient, orgId),
  });
}

export function useDeleteEvent(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, strategy }: { id: number; strategy: Strategy }) =>
      apiRequest<EventDeleted>('DELETE', withQuery(`${base(orgId)}/events/${id}`, { strategy })),
    onSuccess: () => invalidateCalendar(queryClient, orgId),
  });
}

export function useFollowEvent(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow, strategy }: { id: number; follow: boolean; strategy: Strategy }) =>
      apiRequest<FollowAnswer>(
        follow ? 'POST' : 'DELETE',
        withQuery(`${base(orgId)}/events/${id}/follow`, { strategy }),
      ),
    onSuccess: () => invalidateCalendar(queryClient, orgId),
  });
}
