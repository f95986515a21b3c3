import type { NotificationPreferences } from '@common/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest } from '@web/lib/api';

const PREFERENCES_KEY = ['/api/me/notifications'] as const;

export function useNotificationPreferences() {
  return useQuery<NotificationPreferences>({ queryKey: PREFERENCES_KEY });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) =>
      apiRequest<NotificationPreferences>('PATCH', '/api/me/notifications', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(PREFERENCES_KEY, saved);
      toast({ title: 'Settings updated', description: 'Your notification preferences have been saved.' });
    },
    onError: () => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to update notification settings. Please try again.',
      });
    },
  });
}
