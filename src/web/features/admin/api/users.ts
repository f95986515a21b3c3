// User management calls: the paged list, and each action with the spec's toasts.
import type { AddUserInput, MembershipRow, UserDeleted } from '@common/schemas/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { MEMBER_PAGE_SIZE, type MemberPage } from '@common/member-list';
import { apiRequest, errorMessage, withQuery } from '@web/lib/api';

export interface UserFilters {
  search: string;
  role: string;
  status: string;
}

export const PAGE_SIZE = MEMBER_PAGE_SIZE;

const usersKey = (orgId: number) => ['/api/organizations', orgId, 'users'] as const;

/** The query string shared by the list and the CSV export, so the export matches the screen. */
export function filterQuery(filters: UserFilters) {
  return {
    search: filters.search.trim() || undefined,
    role: filters.role || undefined,
    status: filters.status || undefined,
  };
}

/**
 * One keyset page of the filtered members (`after`: the previous page's nextCursor), with the
 * matching total; the previous page stays on screen while the next loads.
 */
export function useOrganizationUsers(orgId: number, filters: UserFilters, after: string | undefined) {
  return useQuery({
    queryKey: [...usersKey(orgId), filters, after],
    queryFn: ({ signal }) =>
      apiRequest<MemberPage<MembershipRow>>(
        'GET',
        withQuery(`/api/organizations/${orgId}/users`, { ...filterQuery(filters), limit: PAGE_SIZE, after }),
        undefined,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function exportUrl(orgId: number, filters: UserFilters) {
  return withQuery(`/api/organizations/${orgId}/users.csv`, filterQuery(filters));
}

function useUserMutation<V>(
  orgId: number,
  call: (vars: V) => Promise<unknown>,
  messages: { success: string; description: (vars: V) => string; failure: string; fallback: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_data, vars) => {
      toast({ title: messages.success, description: messages.description(vars) });
      void queryClient.invalidateQueries({ queryKey: usersKey(orgId) });
      void queryClient.invalidateQueries({ queryKey: ['/api/organizations', orgId, 'audit'] });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: messages.failure,
        description: errorMessage(error, messages.fallback),
      });
    },
  });
}

const nameOf = (row: MembershipRow) =>
  [row.user.firstName, row.user.lastName].filter(Boolean).join(' ') || row.user.username;

export function useAddUser(orgId: number) {
  return useUserMutation(
    orgId,
    (input: AddUserInput) => apiRequest<MembershipRow>('POST', `/api/organizations/${orgId}/users`, input),
    {
      success: 'User created',
      description: (v) => `${v.username} can now sign in.`,
      failure: 'Creation failed',
      fallback: 'Failed to create user',
    },
  );
}

export function useChangeRole(orgId: number) {
  return useUserMutation(
    orgId,
    ({ row, role }: { row: MembershipRow; role: string }) =>
      apiRequest<MembershipRow>('PATCH', `/api/organizations/${orgId}/users/${row.userId}/role`, { role }),
    {
      success: 'Role updated',
      description: ({ row }) => `${nameOf(row)}'s role has been updated.`,
      failure: 'Update failed',
      fallback: 'Failed to update user role',
    },
  );
}

export function useApproveUser(orgId: number) {
  return useUserMutation(
    orgId,
    (row: MembershipRow) =>
      apiRequest<MembershipRow>('POST', `/api/organizations/${orgId}/users/${row.userId}/approve`),
    {
      success: 'User approved',
      description: (row) => `${nameOf(row)} can now sign in.`,
      failure: 'Approval failed',
      fallback: 'Failed to approve user',
    },
  );
}

export function useDisableUser(orgId: number) {
  return useUserMutation(
    orgId,
    ({ row, reason }: { row: MembershipRow; reason: string }) =>
      apiRequest<MembershipRow>('POST', `/api/organizations/${orgId}/users/${row.userId}/disable`, {
        reason,
      }),
    {
      success: 'User disabled',
      description: ({ row }) => `${nameOf(row)} has been signed out and can no longer sign in.`,
      failure: 'Disable failed',
      fallback: 'Failed to disable user',
    },
  );
}

export function useEnableUser(orgId: number) {
  return useUserMutation(
    orgId,
    (row: MembershipRow) =>
      apiRequest<MembershipRow>('POST', `/api/organizations/${orgId}/users/${row.userId}/enable`),
    {
      success: 'User enabled',
      description: (row) => `${nameOf(row)} can sign in again.`,
      failure: 'Enable failed',
      fallback: 'Failed to enable user',
    },
  );
}

export function useDeleteUser(orgId: number) {
  return useUserMutation(
    orgId,
    (row: MembershipRow) =>
      apiRequest<UserDeleted>('DELETE', `/api/organizations/${orgId}/users/${row.userId}`),
    {
      success: 'User deleted',
      description: (row) => `${nameOf(row)} has been successfully removed from the organization.`,
      failure: 'Delete failed',
      fallback: 'Failed to delete user',
    },
  );
}

export { nameOf };
