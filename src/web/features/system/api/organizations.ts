import type {
  ApprovalDecision,
  DecisionResult,
  OrganizationList,
  RegisteredOrganization,
  SystemRegisterOrganizationInput,
} from '@common/schemas/system';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';
import { useSystemPages } from './pages';

/** Organizations matching the filters, newest first, 50 at a time; each page has the counts. */
export function useOrganizations(filters: { search: string; status: string }) {
  return useSystemPages<OrganizationList>('/api/system/organizations', {
    search: filters.search.trim(),
    status: filters.status === 'all' ? undefined : filters.status,
  });
}

/** After any decision every list of organizations (queue, all, stats) is read again. */
export function useOrganizationsChanged() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/system/'),
    });
}

const DONE: Record<ApprovalDecision, [string, string]> = {
  approve: ['Organization approved', 'Failed to approve organization'],
  reject: ['Organization rejected', 'Failed to reject organization'],
  suspend: ['Organization suspended', 'Failed to suspend organization'],
};

export function useDecision(decision: ApprovalDecision) {
  const changed = useOrganizationsChanged();
  return useMutation({
    mutationFn: ({ org, reason }: { org: { id: number; name: string }; reason?: string }) =>
      apiRequest<DecisionResult>(
        'POST',
        `/api/system/organizations/${org.id}/${decision}`,
        decision === 'reject'
          ? { approvalStatus: 'rejected', rejectionReason: reason?.trim() || null }
          : decision === 'suspend'
            ? { reason: reason?.trim() || null }
            : undefined,
      ),
    onSuccess: (_res, { org }) => {
      toast({ title: DONE[decision][0], description: org.name });
      void changed();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, DONE[decision][1]) }),
  });
}

export function useRegisterOrganization() {
  const changed = useOrganizationsChanged();
  return useMutation({
    mutationFn: (input: SystemRegisterOrganizationInput) =>
      apiRequest<RegisteredOrganization>('POST', '/api/system/organizations', input),
    onSuccess: (org) => {
      toast({
        title: 'Organization created',
        description: `${org.name} is approved; ${org.owner.email} was sent a link to set a password.`,
      });
      void changed();
    },
  });
}
