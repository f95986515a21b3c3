import type { LoginAnswer, LoginInput, TwoFactorLoginAnswer } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage, isApiError } from '@web/lib/api';
import { returnPath } from '@web/lib/return-to';
import { startNewSession } from '@web/lib/session';

export const NETWORK_FAILURE = 'Could not reach the server. Check your connection and try again.';
export const NO_ORGANIZATION_DATA = 'Login did not return organization data';

/** Sign out any old session first (ignoring failure), then sign in. */
async function login(input: LoginInput): Promise<LoginAnswer> {
  await apiRequest('POST', '/api/logout').catch(() => undefined);
  const res = await apiRequest<LoginAnswer>('POST', '/api/login', input);
  if (res?.twoFactorRequired) return res;
  if (!res?.organization && !res?.isSystemUser) throw new Error(NO_ORGANIZATION_DATA);
  return res;
}

/** Signed in: load the new session before leaving, so the dashboard opens signed in (and branded). */
function useSignedIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    await startNewSession(queryClient);
    toast({ title: 'Welcome back!', description: 'You have been successfully logged in.' });
    navigate(returnPath(window.location.search));
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: async (res) => {
      if (!res.twoFactorRequired) await signedIn();
    },
    onError: (error) => {
      const description =
        error instanceof Error && error.message === NO_ORGANIZATION_DATA
          ? NO_ORGANIZATION_DATA
          : isApiError(error)
            ? errorMessage(error, 'Invalid username or password')
            : // fetch itself failed: the server was never asked, so the password is not the problem.
              NETWORK_FAILURE;
      toast({ variant: 'destructive', title: 'Login failed', description });
    },
  });
}

/** The second step of sign-in: the code from the authenticator app, or a recovery code. */
export function useLoginTwoFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: { token: string; code: string }) =>
      apiRequest<TwoFactorLoginAnswer>('POST', '/api/login/two-factor', input),
    onSuccess: signedIn,
  });
}
