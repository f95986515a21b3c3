import type { LoginInput } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage, isApiError } from '@web/lib/api';
import { returnPath } from '@web/lib/return-to';
import { startNewSession } from '@web/lib/session';

interface LoginResponse {
  organization: unknown;
  isSystemUser: boolean;
}

export const NETWORK_FAILURE = 'Could not reach the server. Check your connection and try again.';
export const NO_ORGANIZATION_DATA = 'Login did not return organization data';

/** Spec part 1 §4: sign out any old session first (ignoring failure), then sign in. */
async function login(input: LoginInput): Promise<LoginResponse> {
  await apiRequest('POST', '/api/logout').catch(() => undefined);
  const res = await apiRequest<LoginResponse>('POST', '/api/login', input);
  if (!res?.organization && !res?.isSystemUser) throw new Error(NO_ORGANIZATION_DATA);
  return res;
}

export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      // Load the new session before leaving, so the dashboard opens signed in (and branded).
      await startNewSession(queryClient);
      toast({ title: 'Welcome back!', description: 'You have been successfully logged in.' });
      navigate(returnPath(window.location.search));
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
