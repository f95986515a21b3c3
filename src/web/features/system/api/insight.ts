import type { Analytics, OutboxEntry, OutboxList, OutboxMessage } from '@common/schemas/system';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage, withQuery } from '@web/lib/api';
import { useSystemPages } from './pages';

/**
 * The charts and the per-organization table, whose later pages (Load more) come without the
 * charts: the first page's stay on screen.
 */
export function useAnalytics(weeks: number, organizationId: string, search: string) {
  const params = { weeks, organizationId: organizationId || undefined, search: search.trim() || undefined };
  return useInfiniteQuery({
    queryKey: [withQuery('/api/system/analytics', params), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Analytics>(
        'GET',
        withQuery('/api/system/analytics', { ...params, after: pageParam }),
        undefined,
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.organizations.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The outbox, newest first, 50 at a time. */
export const useOutbox = () => useSystemPages<OutboxList>('/api/system/outbox');

export const useOutboxMessage = (id: number | null) =>
  useQuery<OutboxEntry>({
    queryKey: [`/api/system/outbox/${id}`],
    enabled: id !== null,
  });

export function useResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<OutboxMessage>('POST', `/api/system/outbox/${id}/resend`),
    onSuccess: (message) => {
      toast({ title: 'Message sent again', description: `To ${message.toAddress}` });
      void queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/system/outbox'),
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to resend message'),
      }),
  });
}
