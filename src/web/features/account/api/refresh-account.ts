import type { QueryClient } from '@tanstack/react-query';
import { ME_KEY } from '@web/lib/session';

/**
 * A member's name, picture and bio show in the header, the directory, person pages, team cards
 * and event details: after a change to them, the session and every list showing people refetch.
 */
export function refreshAccount(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ME_KEY }),
    queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] }),
  ]);
}
