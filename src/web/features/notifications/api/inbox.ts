import type { Inbox } from '@common/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export const INBOX_KEY = ['/api/me/inbox'] as const;

export function useInbox(enabled: boolean) {
  return useQuery<Inbox>({ queryKey: INBOX_KEY, enabled });
}

/** Marks the given notices read (all when no ids); the answer is the refreshed centre. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => apiRequest<Inbox>('POST', '/api/me/inbox/read', ids ? { ids } : {}),
    onSuccess: (inbox) => queryClient.setQueryData(INBOX_KEY, inbox),
  });
}
