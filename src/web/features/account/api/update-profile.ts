import type { ProfileAnswer, ProfileInput } from '@common/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { refreshAccount } from './refresh-account';

export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      apiRequest<ProfileAnswer>('PATCH', `/api/users/${userId}/profile`, input),
    onSuccess: () => refreshAccount(queryClient),
  });
}
