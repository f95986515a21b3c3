// The signed-in session (GET /api/me) and sign-out: used by the shell, guards and most screens,
// so it sits below the features.
import { policy, type Actor } from '@common/permissions';
import type { Me, SessionOrganization, SessionUser } from '@common/schemas/auth';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiGet, apiRequest, isApiError } from './api';
import {
  forgetOfflineCopies,
  isNetworkFailure,
  keepOfflineCopy,
  type Owner,
  offlineOwner,
  readOfflineCopy,
} from './offline-copy';

export const ME_KEY = ['/api/me'] as const;

export const ownerOf = (me: Me): Owner => ({
  userId: me.user.id,
  organizationId: me.organization?.id ?? null,
});

/**
 * A 401 means signed out, not a failure: the answer is then null. The answer is
 * kept for offline use (lib/offline-copy.ts), so a member who did not sign out can still open
 * My Schedule without a connection; a sign-out or another member's session forgets it.
 */
async function fetchMe(): Promise<Me | null> {
  try {
    const me = await apiGet<Me>(ME_KEY[0]);
    keepOfflineCopy(ownerOf(me), 'session', me);
    return me;
  } catch (error) {
    if (isApiError(error, 401)) {
      forgetOfflineCopies();
      return null;
    }
    const owner = offlineOwner();
    const kept = owner && isNetworkFailure(error) ? readOfflineCopy<Me>(owner, 'session') : null;
    if (kept) return kept.data;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ME_KEY,
  queryFn: fetchMe,
  // Cached 5 minutes, no retry, no refetch on focus, mount or interval.
  staleTime: 5 * 60 * 1000,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
  refetchInterval: false,
  // Runs without a connection too (it then answers from the offline copy), and asks the server
  // again once the connection is back.
  networkMode: 'always',
  refetchOnReconnect: 'always',
});

export function useMe() {
  return useQuery(meQueryOptions);
}

export interface Auth {
  me: Me | null;
  user: SessionUser | null;
  organization: SessionOrganization | null;
  role: string | null;
  isSystemUser: boolean;
  isLoading: boolean;
  isAuthenticated: boolean;
  actor: Actor;
}

/** The session as screens want it; a failed me call counts as signed out. */
export function useAuth(): Auth {
  const { data, isLoading } = useMe();
  const me = data ?? null;
  const isSystemUser = me?.isSystemUser ?? false;
  return {
    me,
    user: me?.user ?? null,
    organization: me?.organization ?? null,
    role: me?.role ?? null,
    isSystemUser,
    isLoading,
    isAuthenticated: me !== null,
    actor: { isSystemUser, role: me?.role ?? null, userId: me?.user.id },
  };
}

export function usePolicy() {
  const { actor } = useAuth();
  return {
    manageUsers: policy.manageUsers(actor),
    manageSettings: policy.manageSettings(actor),
    systemAdmin: policy.systemAdmin(actor),
  };
}

/**
 * Forgets every answer the previous session cached but keeps the session query itself, updated in
 * place: components that stay mounted across sign-in and sign-out (branding at the root) are then
 * told of the new session. `clear()` would leave them watching a query that no longer exists, so
 * a member would see the previous look until they reload. `null` records a sign-out.
 */
export async function startNewSession(queryClient: QueryClient, me?: null): Promise<void> {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
  if (me === null) {
    forgetOfflineCopies();
    queryClient.setQueryData(ME_KEY, null);
    return;
  }
  await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }).catch(() => undefined);
}

/** Sign-out clears every cached answer and returns to the root. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSettled: () => {
      void startNewSession(queryClient, null);
      navigate('/');
    },
  });
}
