// Attendance: one occurrence's register, and the report over a date range. Open
// registers and reports refetch when the server signals `attendance-changed` over the presence
// socket (another manager, or the instructor, took attendance).
import type { AttendanceEntry, AttendancePut, AttendanceReport } from '@common/schemas/scheduling';
import { ROUTES } from '@common/scheduling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveSignal } from '@web/features/presence/presence-provider';
import { apiGet, apiRequest, withQuery } from '@web/lib/api';
import { calendarKey } from '@web/features/calendar/api/events';

const attendanceKey = (orgId: number) => [...calendarKey(orgId), 'attendance'] as const;

export function useAttendance(orgId: number, eventId: number, enabled = true) {
  return useQuery({
    queryKey: [...attendanceKey(orgId), eventId],
    queryFn: () => apiGet<AttendanceEntry[]>(ROUTES.attendance(orgId, eventId)),
    enabled,
  });
}

export function useSaveAttendance(orgId: number, eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendancePut) =>
      apiRequest<AttendanceEntry[]>('PUT', ROUTES.attendance(orgId, eventId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceKey(orgId) }),
  });
}

/** Refetches registers and reports when the server says attendance was taken. */
export function useAttendanceLive(orgId: number) {
  const queryClient = useQueryClient();
  useLiveSignal(
    'attendance-changed',
    useCallback(
      () => void queryClient.invalidateQueries({ queryKey: attendanceKey(orgId) }),
      [queryClient, orgId],
    ),
  );
}

export interface ReportFilter {
  from: string;
  to: string;
  teamId?: number;
}

export function useAttendanceReport(orgId: number, filter: ReportFilter) {
  return useQuery({
    queryKey: [...attendanceKey(orgId), 'report', filter],
    queryFn: () => apiGet<AttendanceReport>(withQuery(ROUTES.attendanceReport(orgId), { ...filter })),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** The report's CSV address (a plain link: the browser downloads it with the session cookie). */
export const attendanceCsvUrl = (orgId: number, filter: ReportFilter) =>
  withQuery(ROUTES.attendanceReportCsv(orgId), { ...filter });
