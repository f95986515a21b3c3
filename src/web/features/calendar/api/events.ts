// Calendar queries and mutations: one query key prefix per organization, so every change
// refetches the views, My Schedule and the dashboard cards together.
import type { EventRequest } from '@common/schemas/calendar';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '@web/lib/api';
import type { CalendarEvent, CalendarOptions, Strategy } from './types';

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
    queryFn: () => apiGet<CalendarEvent>(`${base(orgId)}/events/${id}`),
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

export interface SaveResult {
  event: CalendarEvent | null;
  occurrenceCount?: number;
  createdCount?: number;
  updatedCount?: number;
  deletedCount?: number;
}

export function useSaveEvent(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, strategy }: { id?: number; body: EventRequest; strategy?: Strategy }) =>
      id === undefined
        ? apiRequest<SaveResult>('POST', `${base(orgId)}/events`, body)
        : apiRequest<SaveResult>('PATCH', withQuery(`${base(orgId)}/events/${id}`, { strategy }), body),
    onSuccess: () => invalidateCalendar(queryClient, orgId),
  });
}

export function useDeleteEvent(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, strategy }: { id: number; strategy: Strategy }) =>
      apiRequest<{ deletedCount: number }>('DELETE', withQuery(`${base(orgId)}/events/${id}`, { strategy })),
    onSuccess: () => invalidateCalendar(queryClient, orgId),
  });
}

export function useFollowEvent(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow, strategy }: { id: number; follow: boolean; strategy: Strategy }) =>
      apiRequest<{ unfollowedCount?: number; followedCount?: number }>(
        follow ? 'POST' : 'DELETE',
        withQuery(`${base(orgId)}/events/${id}/follow`, { strategy }),
      ),
    onSuccess: () => invalidateCalendar(queryClient, orgId),
  });
}
