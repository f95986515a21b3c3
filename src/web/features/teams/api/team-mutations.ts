import type { MessageAnswer } from '@common/schemas/answers';
import type { CreateTeamInput, Team, UpdateTeamInput } from '@common/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { invalidateTeams } from './invalidate';

export function useCreateTeam(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTeamInput) =>
      apiRequest<Team>('POST', `/api/organizations/${orgId}/teams`, input),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

export function useUpdateTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTeamInput) => apiRequest<Team>('PATCH', `/api/teams/${teamId}`, input),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

/** 'Disable Team' archives; restore brings it back. */
export function useSetTeamArchived(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) =>
      apiRequest<Team>('POST', `/api/teams/${teamId}/${archived ? 'archive' : 'restore'}`),
    onSuccess: () => invalidateTeams(queryClient),
  });
}

export function useDeleteTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MessageAnswer>('DELETE', `/api/teams/${teamId}`),
    onSuccess: () => invalidateTeams(queryClient),
  });
}
