import type { ChangePasswordInput } from '@common/schemas/account';
import type { MessageAnswer } from '@common/schemas/answers';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest<MessageAnswer>('PATCH', '/api/me/password', input),
  });
}
