// The Availability tab's calls: a member's unavailability, or that of someone they manage.
import type { AvailabilityCreateRequest, AvailabilityPeriod } from '@common/schemas/scheduling';
import { ROUTES } from '@common/scheduling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '@web/lib/api';
import { calendarKey } from '@web/features/calendar/api/events';

/** Under the calendar's key: a saved period changes the conflicts a booking shows. */
const availabilityKey = (orgId: number) => [...calendarKey(orgId), 'availability'] as const;

/** `userId` undefined: the caller's own periods. From `from` on, a year ahead. */
export function useAvailability(orgId: number, userId: number | undefined, from: string, to: string) {
  return useQuery({
    queryKey: [...availabilityKey(orgId), { userId, from, to }],
    queryFn: () => apiGet<AvailabilityPeriod[]>(withQuery(ROUTES.availability(orgId), { userId, from, to })),
  });
}

export function useSaveAvailability(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AvailabilityCreateRequest }) => {
      if (id === undefined) return apiRequest<AvailabilityPeriod>('POST', ROUTES.availability(orgId), body);
      const { userId: _owner, ...patch } = body;
      return apiRequest<AvailabilityPeriod>('PATCH', ROUTES.availabilityPeriod(orgId, id), patch);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKey(orgId) }),
  });
}

export function useDeleteAvailability(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', ROUTES.availabilityPeriod(orgId, id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKey(orgId) }),
  });
}
