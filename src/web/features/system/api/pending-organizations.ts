import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';

export interface PendingOrganization {
  id: number;
  name: string;
  shortname: string;
  contactEmail: string | null;
  createdAt: string;
  owner: { username: string | null; email: string | null } | null;
}

export const PENDING_ORGANIZATIONS_KEY = ['/api/system/pending-organizations'] as const;

export function usePendingOrganizations() {
  return useQuery<PendingOrganization[]>({ queryKey: PENDING_ORGANIZATIONS_KEY });
}

function useDecisionSettled() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PENDING_ORGANIZATIONS_KEY });
    // The dashboard's organization count may change too.
    void queryClient.invalidateQueries({ queryKey: ['/api/system/stats'] });
  };
}

export function useApproveOrganization() {
  const settled = useDecisionSettled();
  return useMutation({
    mutationFn: (org: PendingOrganization) =>
      apiRequest('POST', `/api/system/organizations/${org.id}/approve`),
    onSuccess: (_res, org) => {
      toast({ title: 'Organization approved', description: `${org.name} can now use Greenroom.` });
      settled();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to approve organization'),
      });
    },
  });
}

export function useRejectOrganization() {
  const settled = useDecisionSettled();
  return useMutation({
    mutationFn: ({ org, reason }: { org: PendingOrganization; reason: string }) =>
      apiRequest('POST', `/api/system/organizations/${org.id}/reject`, {
        approvalStatus: 'rejected',
        rejectionReason: reason.trim() || null,
      }),
    onSuccess: (_res, { org }) => {
      toast({ title: 'Organization rejected', description: `${org.name} has been rejected.` });
      settled();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to reject organization'),
      });
    },
  });
}
