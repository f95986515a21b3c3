import type { QueryClient } from '@tanstack/react-query';

/**
 * After any team change the lists that show teams are refetched: the teams
 * list and pages, the candidates, and the directory (its cards list each member's teams).
 */
export function invalidateTeams(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const [url] = q.queryKey;
      return typeof url === 'string' && (url.includes('/teams') || /\/directory(\/|$)/.test(url));
    },
  });
}
