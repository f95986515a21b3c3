import type { UserDetails, UserDetailsInput } from '@common/schemas/people';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, isApiError } from '@web/lib/api';

export const userDetailsKey = (userId: number) => [`/api/users/${userId}/details`] as const;

/** The User Details dialog's data; null when the user is not (or no longer) there. */
export function useUserDetails(userId: number | null) {
  return useQuery({
    queryKey: userDetailsKey(userId ?? 0),
    queryFn: async () => {
      try {
        return await apiGet<UserDetails>(userDetailsKey(userId ?? 0)[0]);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
}

/** Saves the dialog; the directory, person pages and these details are refetched. */
export function useUpdateUserDetails(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserDetailsInput) =>
      apiRequest<UserDetails>('PATCH', userDetailsKey(userId)[0], input),
    onSuccess: (details) => {
      queryClient.setQueryData(userDetailsKey(userId), details);
      return queryClient.invalidateQueries({
        predicate: (q) => {
          const [url] = q.queryKey;
          return (
            typeof url === 'string' && (/\/directory(\/|$)/.test(url) || url.includes(`/users/${userId}/`))
          );
        },
      });
    },
  });
}
