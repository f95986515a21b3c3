import type { ProfilePicture } from '@common/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { apiUpload } from '@web/lib/upload';
import { refreshAccount } from './refresh-account';

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blob, fileName }: { blob: Blob; fileName: string }) =>
      apiUpload<ProfilePicture>('/api/me/profile-picture', 'profilePicture', blob, fileName),
    onSuccess: () => refreshAccount(queryClient),
  });
}

export function useRemoveProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ProfilePicture>('DELETE', '/api/me/profile-picture'),
    onSuccess: () => refreshAccount(queryClient),
  });
}
