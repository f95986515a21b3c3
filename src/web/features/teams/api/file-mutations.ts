import type { MessageAnswer } from '@common/schemas/answers';
import type { HeaderImage, TeamAsset } from '@common/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { apiUpload } from '@web/lib/upload';
import { invalidateTeams } from './invalidate';

export function useUploadHeaderImage(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blob, fileName }: { blob: Blob; fileName: string }) =>
      apiUpload<HeaderImage>(`/api/teams/${teamId}/header-image`, 'headerImage', blob, fileName),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

export function useRemoveHeaderImage(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<HeaderImage>('DELETE', `/api/teams/${teamId}/header-image`),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

export function useUploadAsset(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiUpload<TeamAsset>(`/api/teams/${teamId}/assets`, 'file', file),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

export function useDeleteAsset(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetId: number) =>
      apiRequest<MessageAnswer>('DELETE', `/api/teams/${teamId}/assets/${assetId}`),
    onSuccess: () => invalidateTeams(queryClient),
  });
}
