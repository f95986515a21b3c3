// Library writes; each refreshes every library answer of the organization afterwards.
import type { MessageAnswer } from '@common/schemas/answers';
import type { CreateWikiPageInput, UpdateWikiPageInput, WikiPage } from '@common/schemas/library';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { invalidateWiki, wikiBase } from './pages';

function useWikiMutation<I, O>(orgId: number, call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => invalidateWiki(queryClient, orgId) });
}

export const useCreateWikiPage = (orgId: number) =>
  useWikiMutation(orgId, (input: CreateWikiPageInput) =>
    apiRequest<WikiPage>('POST', wikiBase(orgId), input),
  );

export const useUpdateWikiPage = (orgId: number, pageId: number) =>
  useWikiMutation(orgId, (input: UpdateWikiPageInput) =>
    apiRequest<WikiPage>('PATCH', `${wikiBase(orgId)}/${pageId}`, input),
  );

export const useDeleteWikiPage = (orgId: number, pageId: number) =>
  useWikiMutation(orgId, () => apiRequest<MessageAnswer>('DELETE', `${wikiBase(orgId)}/${pageId}`));

export const useRevertWikiPage = (orgId: number, pageId: number) =>
  useWikiMutation(orgId, (version: number) =>
    apiRequest<WikiPage>('POST', `${wikiBase(orgId)}/${pageId}/revert/${version}`),
  );
