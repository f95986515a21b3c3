import type { JoinAnswer, JoinInput } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage, withQuery } from '@web/lib/api';
import { ME_KEY } from '@web/lib/session';

/** A join needing approval ends signed out on /registration-pending. */
export function useJoinOrganization(shortname: string) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (input: JoinInput) =>
      apiRequest<JoinAnswer>('POST', withQuery('/api/register', { org: shortname }), input),
    onSuccess: async (res) => {
      if (res.requiresEmailVerification) {
        queryClient.clear();
        toast({ title: 'Registration Successful', description: res.message });
        navigate('/verify-email');
        return;
      }
      if (res.requiresApproval) {
        queryClient.clear();
        toast({ title: 'Registration Successful', description: res.message });
        navigate(withQuery('/registration-pending', { org: shortname }));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      toast({ title: 'Welcome!', description: res.message });
      navigate('/dashboard');
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Registration Failed',
        description: errorMessage(error, 'Failed to register. Please try again.'),
      });
    },
  });
}
