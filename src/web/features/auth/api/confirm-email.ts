import type { EmailChangeConfirmed } from '@common/schemas/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<EmailChangeConfirmed>('POST', '/api/email-change/confirm', { token }),
  });
}
