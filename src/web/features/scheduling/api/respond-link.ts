// The call mail's one-click page, signed in or not: reading the link never answers;
// the answer is a POST of the token and the chosen status.
import type { RespondLinkInfo, RespondLinkRequest } from '@common/schemas/scheduling';
import { ROUTES } from '@common/scheduling';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '@web/lib/api';

export function useRespondLink(token: string) {
  return useQuery({
    queryKey: [ROUTES.respondLink, token],
    queryFn: () => apiGet<RespondLinkInfo>(withQuery(ROUTES.respondLink, { token })),
    enabled: token !== '',
    retry: false,
  });
}

export function useAnswerRespondLink() {
  return useMutation({
    mutationFn: (body: RespondLinkRequest) => apiRequest<RespondLinkInfo>('POST', ROUTES.respondLink, body),
  });
}
