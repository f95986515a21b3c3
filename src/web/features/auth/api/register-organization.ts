import type { RegisteredOrganizationAnswer, RegisterOrganizationInput } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';

export function useRegisterOrganization({ onFailure }: { onFailure: () => void }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (input: RegisterOrganizationInput) =>
      apiRequest<RegisteredOrganizationAnswer>('POST', '/api/register-organization', input),
    onSuccess: (res) => {
      queryClient.clear();
      // The server's message already names the organization and what happens next.
      toast({ title: 'Registration successful!', description: res.message });
      navigate('/registration-pending');
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Registration failed',
        description: errorMessage(error, 'Something went wrong'),
      });
      onFailure();
    },
  });
}
