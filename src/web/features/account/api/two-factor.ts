import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@common/schemas/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api';
import { ME_KEY } from '@web/lib/session';

export const TWO_FACTOR_KEY = ['/api/me/two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: () => apiGet<TwoFactorStatus>(TWO_FACTOR_KEY[0]) });
}

/** Turning it on or off changes /api/me too (an owner held to set it up is let through). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
      queryClient.invalidateQueries({ queryKey: ME_KEY }),
    ]);
}

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => apiRequest<TwoFactorSetup>('POST', '/api/me/two-factor/setup'),
  });
}

export function useEnableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => apiRequest<RecoveryCodes>('POST', '/api/me/two-factor/enable', { code }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (password: string) => apiRequest('POST', '/api/me/two-factor/disable', { password }),
    onSuccess: refresh,
  });
}
