import type { Analytics, OutboxEntry, OutboxList, OutboxMessage } from '@common/schemas/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage, withQuery } from '@web/lib/api';

export const useAnalytics = (weeks: number, organizationId: string) =>
  useQuery<Analytics>({
    queryKey: [withQuery('/api/system/analytics', { weeks, organizationId: organizationId || undefined })],
    placeholderData: (p) => p,
  });

export const OUTBOX_PAGE_SIZE = 25;

export const useOutbox = (page: number) =>
  useQuery<OutboxList>({
    queryKey: [withQuery('/api/system/outbox', { page, pageSize: OUTBOX_PAGE_SIZE })],
    placeholderData: (p) => p,
  });

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
