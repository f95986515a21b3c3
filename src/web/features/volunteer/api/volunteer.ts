// Volunteering's queries and mutations, one key prefix per organization: any change refetches
// the open shifts, My shifts, the coordinator's view, the ledger and the dashboard cards together.
import type {
  CheckInPut,
  HoursLedger,
  Position,
  PositionsPut,
  Shift,
  ShiftCreateRequest,
  ShiftsCopied,
} from '@common/schemas/volunteer';
import { VOLUNTEER_ROUTES as R } from '@common/volunteer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '@web/lib/api';

export const volunteerKey = (orgId: number) => ['volunteer', orgId] as const;

export interface ShiftRange {
  from?: string;
  to?: string;
  open?: boolean;
}

export function useShifts(orgId: number, range: ShiftRange, enabled = true) {
  return useQuery({
    queryKey: [...volunteerKey(orgId), 'shifts', range],
    queryFn: () =>
      apiGet<Shift[]>(
        withQuery(R.shifts(orgId), { from: range.from, to: range.to, open: range.open ? '1' : undefined }),
      ),
    enabled: enabled && orgId > 0,
    placeholderData: (previous) => previous,
  });
}

export function usePositions(orgId: number) {
  return useQuery({
    queryKey: [...volunteerKey(orgId), 'positions'],
    queryFn: () => apiGet<Position[]>(R.positions(orgId)),
    enabled: orgId > 0,
  });
}

export function useHours(orgId: number, range: { from: string; to: string }, enabled = true) {
  return useQuery({
    queryKey: [...volunteerKey(orgId), 'hours', range],
    queryFn: () => apiGet<HoursLedger>(withQuery(R.hours(orgId), range)),
    enabled,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

export const hoursCsvUrl = (orgId: number, range: { from: string; to: string }) =>
  withQuery(R.hoursCsv(orgId), range);

/** A mutation that refetches everything volunteering shows once it succeeds. */
function useVolunteerMutation<T, V>(orgId: number, send: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: volunteerKey(orgId) }),
  });
}

export const useSavePositions = (orgId: number) =>
  useVolunteerMutation(orgId, (body: PositionsPut) =>
    apiRequest<Position[]>('PUT', R.positions(orgId), body),
  );

export const useAddShift = (orgId: number) =>
  useVolunteerMutation(orgId, ({ eventId, body }: { eventId: number; body: ShiftCreateRequest }) =>
    apiRequest<Shift>('POST', R.eventShifts(orgId, eventId), body),
  );

export const useUpdateShift = (orgId: number) =>
  useVolunteerMutation(
    orgId,
    ({ eventId, shiftId, body }: { eventId: number; shiftId: number; body: Partial<ShiftCreateRequest> }) =>
      apiRequest<Shift>('PATCH', R.eventShift(orgId, eventId, shiftId), body),
  );

export const useDeleteShift = (orgId: number) =>
  useVolunteerMutation(orgId, ({ eventId, shiftId }: { eventId: number; shiftId: number }) =>
    apiRequest<void>('DELETE', R.eventShift(orgId, eventId, shiftId)),
  );

export const useCopyShifts = (orgId: number) =>
  useVolunteerMutation(orgId, ({ eventId, toEventIds }: { eventId: number; toEventIds: number[] }) =>
    apiRequest<ShiftsCopied>('POST', R.copyShifts(orgId, eventId), { toEventIds }),
  );

export type ShiftAction = 'signup' | 'cancel' | 'offer' | 'take';

export const useShiftAction = (orgId: number) =>
  useVolunteerMutation(orgId, ({ shiftId, action }: { shiftId: number; action: ShiftAction }) => {
    if (action === 'cancel') return apiRequest<Shift | undefined>('DELETE', R.signup(orgId, shiftId));
    const url = { signup: R.signup, offer: R.offer, take: R.take }[action](orgId, shiftId);
    return apiRequest<Shift | undefined>('POST', url);
  });

export const useSetVolunteers = (orgId: number) =>
  useVolunteerMutation(orgId, ({ shiftId, userIds }: { shiftId: number; userIds: number[] }) =>
    apiRequest<Shift>('PUT', R.volunteers(orgId, shiftId), { userIds }),
  );

export const useCheckIn = (orgId: number) =>
  useVolunteerMutation(orgId, ({ shiftId, marks }: { shiftId: number; marks: CheckInPut }) =>
    apiRequest<Shift>('PUT', R.checkIn(orgId, shiftId), marks),
  );
