import type { MessageAnswer } from '@common/schemas/answers';
import type { ResetTokenValidity } from '@common/schemas/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiGet, apiRequest, errorMessage, withQuery } from '@web/lib/api';

export function useForgotPassword({ onSent }: { onSent: () => void }) {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      apiRequest<MessageAnswer>('POST', '/api/forgot-password', input),
    onSuccess: () => {
      // The same words whether or not the account exists.
      toast({
        title: 'Request sent',
        description: 'If an account with that email exists, a password reset link has been sent.',
      });
      onSent();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to send reset email'),
      });
    },
  });
}

export function useResetTokenValidity(token: string) {
  return useQuery({
    queryKey: ['/api/reset-password/validate', token],
    queryFn: () => apiGet<ResetTokenValidity>(withQuery('/api/reset-password/validate', { token })),
    enabled: token.length > 0,
    // A token is single-use: ask again on every visit.
    gcTime: 0,
  });
}

export function useResetPassword({ onDone }: { onDone: () => void }) {
  return useMutation({
    mutationFn: (input: { token: string; password: string; confirmPassword: string }) =>
      apiRequest<MessageAnswer>('POST', '/api/reset-password', input),
    onSuccess: () => {
      toast({
        title: 'Password reset successful',
        description: 'Your password has been updated. You can now login with your new password.',
      });
      onDone();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to reset password'),
      });
    },
  });
}
