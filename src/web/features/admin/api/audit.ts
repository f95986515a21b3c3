import type { AuditPage } from '@common/schemas/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, withQuery } from '@web/lib/api';

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
