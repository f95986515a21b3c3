import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, withQuery } from '@web/lib/api';

export interface AuditEntry {
  id: number;
  action: string;
  targetType: string | null;
  targetId: number | null;
  details: Record<string, unknown> | null;
  createdAt: string;
  actor: { id: number; username: string; firstName: string | null; lastName: string | null } | null;
  targetUsername: string | null;
}

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export const AUDIT_PAGE_SIZE = 25;

export function useAuditLog(orgId: number, page: number, action: string) {
  const url = withQuery(`/api/organizations/${orgId}/audit`, {
    page,
    pageSize: AUDIT_PAGE_SIZE,
    action: action === 'all' ? undefined : action,
  });
  // Keyed under the organization so that user actions, which invalidate this prefix, refresh it.
  return useQuery<AuditPage>({
    queryKey: ['/api/organizations', orgId, 'audit', page, action],
    queryFn: () => apiGet<AuditPage>(url),
    placeholderData: keepPreviousData,
  });
}
