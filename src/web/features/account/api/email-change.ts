import type { EmailChangeInput, EmailChangeRequested, PendingEmailChange } from '@common/schemas/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api';

const pendingKey = (userId: number) => [`/api/users/${userId}/email-change`] as const;

/** The new address waiting for its link to be followed, if any. */
export function usePendingEmailChange(userId: number) {
  return useQuery({
    queryKey: pendingKey(userId),
    queryFn: () => apiGet<PendingEmailChange>(pendingKey(userId)[0]),
  });
}

export function useRequestEmailChange(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeInput) =>
      apiRequest<EmailChangeRequested>('POST', pendingKey(userId)[0], input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingKey(userId) }),
  });
}
