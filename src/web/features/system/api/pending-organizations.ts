import type { PendingOrganizationList } from '@common/schemas/system';
import { useSystemPages } from './pages';

/** The approval queue, the longest waiting first, 50 at a time. */
export function usePendingOrganizations() {
  return useSystemPages<PendingOrganizationList>('/api/system/pending-organizations');
}
