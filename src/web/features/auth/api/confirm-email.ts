import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ message: string; email: string }>('POST', '/api/email-change/confirm', { token }),
  });
}
