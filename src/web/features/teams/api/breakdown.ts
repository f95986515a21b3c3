import type {
  Breakdown,
  Character,
  CharacterCreate,
  CharacterPatch,
  Rehearsable,
  Scene,
  SceneCreate,
  ScenePatch,
} from '@common/schemas/breakdown';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '@web/lib/api';

export const breakdownKey = (teamId: number) => [`/api/teams/${teamId}/breakdown`] as const;

/** A team's breakdown; only its members and managers may read it. */
export function useBreakdown(teamId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: breakdownKey(teamId ?? 0),
    queryFn: () => apiGet<Breakdown>(breakdownKey(teamId ?? 0)[0]),
    enabled: enabled && teamId !== undefined,
  });
}

/** Which scenes of a team have everyone free between two local wall times. */
export function useRehearsable(teamId: number | undefined, start: string | null, end: string | null) {
  const url = withQuery(`/api/teams/${teamId ?? 0}/rehearsable`, { start, end });
  return useQuery({
    queryKey: [url],
    queryFn: () => apiGet<Rehearsable>(url),
    enabled: teamId !== undefined && !!start && !!end && end > start,
  });
}

function useBreakdownMutation<I, O>(teamId: number, run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // The grid, and every "what can we rehearse?" answer of the team, change with it.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(`/api/teams/${teamId}/`),
      }),
  });
}

export const useCreateCharacter = (teamId: number) =>
  useBreakdownMutation(teamId, (input: CharacterCreate) =>
    apiRequest<Character>('POST', `/api/teams/${teamId}/characters`, input),
  );
export const useUpdateCharacter = (teamId: number) =>
  useBreakdownMutation(teamId, ({ id, ...patch }: CharacterPatch & { id: number }) =>
    apiRequest<Character>('PATCH', `/api/teams/${teamId}/characters/${id}`, patch),
  );
export const useDeleteCharacter = (teamId: number) =>
  useBreakdownMutation(teamId, (id: number) =>
    apiRequest<void>('DELETE', `/api/teams/${teamId}/characters/${id}`),
  );
export const useCreateScene = (teamId: number) =>
  useBreakdownMutation(teamId, (input: SceneCreate) =>
    apiRequest<Scene>('POST', `/api/teams/${teamId}/scenes`, input),
  );
export const useUpdateScene = (teamId: number) =>
  useBreakdownMutation(teamId, ({ id, ...patch }: ScenePatch & { id: number }) =>
    apiRequest<Scene>('PATCH', `/api/teams/${teamId}/scenes/${id}`, patch),
  );
export const useDeleteScene = (teamId: number) =>
  useBreakdownMutation(teamId, (id: number) =>
    apiRequest<void>('DELETE', `/api/teams/${teamId}/scenes/${id}`),
  );
