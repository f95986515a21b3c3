import type { MemberPage } from '@common/member-list';
import type { PendingOrganization } from '@common/types/system';
import { useSystemPages } from './pages';

export type { PendingOrganization };

/** The approval queue, the longest waiting first, 50 at a time. */
export function usePendingOrganizations() {
  return useSystemPages<MemberPage<PendingOrganization>>('/api/system/pending-organizations');
}
