import type { ChangePasswordInput } from '@common/schemas/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<{ message: string }>('PATCH', '/api/me/password', input),
  });
}
