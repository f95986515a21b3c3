import type {
  Department,
  DepartmentAnswer,
  Report,
  ReportNoteListItem,
  ReportNotePatch,
  ReportPut,
} from '@common/schemas/breakdown';
import type { NoteStatus } from '@common/schemas/breakdown';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '@web/lib/api';

const reportUrl = (orgId: number, eventId: number) =>
  `/api/organizations/${orgId}/calendar/events/${eventId}/report`;
const reportsKey = (orgId: number) => ['reports', orgId] as const;

export function useReport(orgId: number, eventId: number) {
  return useQuery({
    queryKey: [...reportsKey(orgId), 'report', eventId],
    queryFn: () => apiGet<Report>(reportUrl(orgId, eventId)),
    enabled: orgId > 0 && eventId > 0,
    retry: false,
  });
}

function useReportsMutation<I, O>(orgId: number, run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey(orgId) }),
  });
}

export const useSaveReport = (orgId: number, eventId: number) =>
  useReportsMutation(orgId, (body: ReportPut) => apiRequest<Report>('PUT', reportUrl(orgId, eventId), body));

export const usePublishReport = (orgId: number, eventId: number) =>
  useReportsMutation(orgId, () => apiRequest<Report>('POST', `${reportUrl(orgId, eventId)}/publish`));

export function useReportNotes(orgId: number, filter: { department?: string; status?: NoteStatus }) {
  const url = withQuery(`/api/organizations/${orgId}/report-notes`, filter);
  return useQuery({
    queryKey: [...reportsKey(orgId), 'notes', url],
    queryFn: () => apiGet<ReportNoteListItem[]>(url),
    enabled: orgId > 0,
  });
}

export const useAnswerNote = (orgId: number) =>
  useReportsMutation(orgId, ({ id, ...patch }: ReportNotePatch & { id: number }) =>
    apiRequest<ReportNoteListItem>('PATCH', `/api/organizations/${orgId}/report-notes/${id}`, patch),
  );

export function useDepartments(orgId: number) {
  return useQuery({
    queryKey: [...reportsKey(orgId), 'departments'],
    queryFn: () => apiGet<DepartmentAnswer[]>(`/api/organizations/${orgId}/report-departments`),
    enabled: orgId > 0,
  });
}

export const useSaveDepartments = (orgId: number) =>
  useReportsMutation(orgId, (list: Department[]) =>
    apiRequest<DepartmentAnswer[]>('PUT', `/api/organizations/${orgId}/report-departments`, list),
  );
