import type { ChallengeResult, SecurityChallenge } from '@common/schemas/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api';

export const CHALLENGE_KEY = ['/api/security-challenge'] as const;

/** `inWords` asks for a question in words instead of a picture (the picture's text alternative). */
export function useSecurityChallenge(inWords = false) {
  return useQuery({
    queryKey: [...CHALLENGE_KEY, inWords ? 'trivia' : 'any'],
    queryFn: () => apiGet<SecurityChallenge>(inWords ? `${CHALLENGE_KEY[0]}?type=trivia` : CHALLENGE_KEY[0]),
    // A challenge is single-use: never reuse one across visits to the form.
    gcTime: 0,
  });
}

export function useVerifyChallenge() {
  return useMutation({
    mutationFn: (input: { token: string; answer: string }) =>
      apiRequest<ChallengeResult>('POST', '/api/security-challenge/verify', input),
  });
}
