import type { Announcement, AnnouncementInput } from '@common/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';

const announcementsKey = (orgId: number) => [`/api/organizations/${orgId}/announcements`] as const;

export function useAnnouncements(orgId: number) {
  return useQuery<Announcement[]>({ queryKey: announcementsKey(orgId) });
}

export function usePostAnnouncement(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) =>
      apiRequest<Announcement>('POST', `/api/organizations/${orgId}/announcements`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: announcementsKey(orgId) });
      toast({ title: 'Announcement posted' });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to post announcement. Please try again.'),
      });
    },
  });
}
