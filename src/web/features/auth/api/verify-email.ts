import type { MessageAnswer } from '@common/schemas/answers';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<MessageAnswer>('POST', '/api/verify-email', { token }),
  });
}
