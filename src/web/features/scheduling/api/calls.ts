// Calls: who is called to an occurrence, their answers, and the member's own calls.
// Every page refetches them when the server signals `calls-changed` over the presence socket.
import type { CallEntry, CallsAnswer, CallsPut, MyCall, RespondRequest } from '@common/schemas/scheduling';
import { ROUTES } from '@common/scheduling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveSignal } from '@web/features/presence/presence-provider';
import { apiGet, apiRequest, withQuery } from '@web/lib/api';
import { calendarKey } from '@web/features/calendar/api/events';

const callsKey = (orgId: number, eventId?: number) =>
  eventId === undefined
    ? ([...calendarKey(orgId), 'calls'] as const)
    : ([...calendarKey(orgId), 'calls', eventId] as const);
const myCallsKey = (orgId: number) => [...calendarKey(orgId), 'my-calls'] as const;

export function useCalls(orgId: number, eventId: number) {
  return useQuery({
    queryKey: callsKey(orgId, eventId),
    queryFn: () => apiGet<CallsAnswer>(ROUTES.calls(orgId, eventId)),
    retry: false,
  });
}

/** The member's own calls from `from` (a date) on, for My Schedule. */
export function useMyCalls(orgId: number, from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: [...myCallsKey(orgId), { from, to }],
    queryFn: () => apiGet<MyCall[]>(withQuery(ROUTES.myCalls(orgId), { from, to })),
    enabled,
  });
}

function useInvalidateCalls(orgId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (eventId?: number) => {
      void queryClient.invalidateQueries({ queryKey: callsKey(orgId, eventId) });
      void queryClient.invalidateQueries({ queryKey: myCallsKey(orgId) });
      // The call sheet shows calls and answers too.
      void queryClient.invalidateQueries({ queryKey: [...calendarKey(orgId), 'call-sheet'] });
    },
    [queryClient, orgId],
  );
}

/** Refetches an occurrence's calls (and My Schedule's) when the server says they changed. */
export function useCallsLive(orgId: number) {
  const invalidate = useInvalidateCalls(orgId);
  useLiveSignal(
    'calls-changed',
    useCallback(
      (signal) => invalidate(typeof signal.eventId === 'number' ? signal.eventId : undefined),
      [invalidate],
    ),
  );
}

export function useSetCalls(orgId: number, eventId: number) {
  const invalidate = useInvalidateCalls(orgId);
  return useMutation({
    mutationFn: (body: CallsPut) => apiRequest<CallsAnswer>('PUT', ROUTES.calls(orgId, eventId), body),
    onSuccess: () => invalidate(eventId),
  });
}

export function useRespondToCall(orgId: number, eventId: number) {
  const invalidate = useInvalidateCalls(orgId);
  return useMutation({
    mutationFn: (body: RespondRequest) => apiRequest<CallEntry>('POST', ROUTES.respond(orgId, eventId), body),
    onSuccess: () => invalidate(eventId),
  });
}
