import type { OrganizationSettings, OrganizationSettingsInput } from '@common/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';
import { ME_KEY } from '@web/lib/session';

const settingsKey = (orgId: number) => [`/api/organizations/${orgId}/settings`] as const;

export function useOrganizationSettings(orgId: number) {
  return useQuery<OrganizationSettings>({ queryKey: settingsKey(orgId) });
}

export function useUpdateSettings(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationSettingsInput) =>
      apiRequest<OrganizationSettings>('PATCH', `/api/organizations/${orgId}`, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(orgId), saved);
      // The header shows the name, and the session carries the time zone and registration flag.
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      toast({ title: 'Settings updated', description: 'Organization settings have been saved.' });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: errorMessage(error, 'Failed to update organization settings'),
      });
    },
  });
}
