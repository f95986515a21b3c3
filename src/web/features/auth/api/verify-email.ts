import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<{ message: string }>('POST', '/api/verify-email', { token }),
  });
}
