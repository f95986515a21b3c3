import type { MessageAnswer } from '@common/schemas/answers';
import type { AddLinkInput, AddMemberInput, TeamLink, TeamMember } from '@common/schemas/teams';
import type { TeamRole } from '@common/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { invalidateTeams } from './invalidate';

export function useAddMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddMemberInput) =>
      apiRequest<TeamMember>('POST', `/api/teams/${teamId}/members`, input),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

export function useRemoveMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<MessageAnswer>('DELETE', `/api/teams/${teamId}/members/${userId}`),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

export function useSetMemberRole(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: TeamRole }) =>
      apiRequest<TeamMember>('PATCH', `/api/teams/${teamId}/members/${userId}`, { role }),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

export function useAddLink(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddLinkInput) => apiRequest<TeamLink>('POST', `/api/teams/${teamId}/links`, input),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

export function useDeleteLink(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) =>
      apiRequest<MessageAnswer>('DELETE', `/api/teams/${teamId}/links/${linkId}`),
    onSuccess: () => invalidateTeams(queryClient),
  });
}
