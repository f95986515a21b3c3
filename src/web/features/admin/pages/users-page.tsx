import type { MembershipRow } from '@common/schemas/admin';
import { Download, Search, UserPlus, Users } from 'lucide-react';
import { lazy, useEffect, useState } from 'react';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { chosenValue, ROLE_FILTER, STATUS_FILTER, shownChoice } from '@web/components/member-filter-choices';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSearchText, useUrlFilters } from '@web/hooks/use-url-filters';
import { useAuth } from '@web/lib/session';
import {
  exportUrl,
  PAGE_SIZE,
  type UserFilters,
  useApproveUser,
  useChangeRole,
  useDeleteUser,
  useEnableUser,
  useOrganizationUsers,
} from '../api/users';
import { AdminAccess } from '../components/admin-access';
import { Pagination } from '../components/pagination';
import { UsersTable } from '../components/users-table';

// Loaded on first opening (MountWhenOpened), not with the page.
const AddUserDialog = lazy(async () => ({
  default: (await import('../components/add-user-dialog')).AddUserDialog,
}));
const DisableUserDialog = lazy(async () => ({
  default: (await import('../components/disable-user-dialog')).DisableUserDialog,
}));

const FILTER_KEYS = ['search', 'role', 'status'] as const;
const DELETE_CONFIRM = 'Are you sure you want to delete this user? This action cannot be undone.';

function UserManagement({ organizationId }: { organizationId: number }) {
  const { user } = useAuth();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  // Where each page starts (keyset cursors; the first page starts nowhere): Previous steps back.
  const [starts, setStarts] = useState<(string | undefined)[]>([undefined]);
  const page = starts.length;
  // A new search or filter starts again at page one.
  const refilter = (next: Partial<UserFilters>) => {
    setFilters(next);
    setStarts([undefined]);
  };
  const [search, setSearch] = useSearchText(filters.search, (value) => refilter({ search: value }));
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<MembershipRow | null>(null);
  const list = useOrganizationUsers(organizationId, filters satisfies UserFilters, starts[page - 1]);

  const changeRole = useChangeRole(organizationId);
  const approve = useApproveUser(organizationId);
  const enable = useEnableUser(organizationId);
  const remove = useDeleteUser(organizationId);
  const busyUserId =
    (changeRole.isPending && changeRole.variables?.row.userId) ||
    (approve.isPending && approve.variables?.userId) ||
    (enable.isPending && enable.variables?.userId) ||
    (remove.isPending && remove.variables?.userId) ||
    null;

  const total = list.data?.total ?? 0;
  // A page emptied by a delete steps back.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setStarts((s) => s.slice(0, -1));
  }, [list.data, page]);
  const onPageChange = (next: number) => {
    if (next < page) setStarts((s) => s.slice(0, next));
    else if (list.data?.nextCursor) setStarts((s) => [...s, list.data?.nextCursor ?? undefined]);
  };

  const filtered = FILTER_KEYS.some((k) => filters[k] !== '');

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">User Management</h1>
          <p className="text-muted-foreground">Approve, add and manage the members of your organization.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <a href={exportUrl(organizationId, filters)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" />
            Add User
          </Button>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Members</CardTitle>
          <CardDescription>Search by name, username or email; filter by role and status.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid gap-3 md:grid-cols-[1fr_12rem_12rem]">
            <div className="relative">
              <Label htmlFor="user-search" className="sr-only">
                Search users
              </Label>
              <Search className="absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden="true" />
              <Input
                id="user-search"
                type="search"
                placeholder="Search users..."
                className="pl-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <LazyChoiceSelect
              label="Filter by role"
              value={shownChoice(filters.role)}
              onChange={(v) => refilter({ role: chosenValue(v) })}
              choices={ROLE_FILTER}
            />
            <LazyChoiceSelect
              label="Filter by status"
              value={shownChoice(filters.status)}
              onChange={(v) => refilter({ status: chosenValue(v) })}
              choices={STATUS_FILTER}
            />
          </div>

          {list.isLoading ? (
            <div className="space-y-2" aria-busy="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : list.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Error</AlertTitle>
              <AlertDescription>Failed to fetch users</AlertDescription>
            </Alert>
          ) : list.data && list.data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
              <Users className="size-10" aria-hidden="true" />
              <p className="font-medium text-foreground">No users found</p>
              <p className="text-sm">
                {filtered
                  ? 'No users match your search or filters.'
                  : 'Add the first member of your organization.'}
              </p>
            </div>
          ) : (
            <div aria-busy={list.isFetching}>
              <UsersTable
                rows={list.data?.items ?? []}
                currentUserId={user?.id}
                busyUserId={busyUserId}
                onRoleChange={(row, next) => changeRole.mutate({ row, role: next })}
                onApprove={(row) => approve.mutate(row)}
                onDisable={setDisabling}
                onEnable={(row) => enable.mutate(row)}
                onDelete={(row) => {
                  if (window.confirm(DELETE_CONFIRM)) remove.mutate(row);
                }}
              />
            </div>
          )}
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            noun="user"
            onPageChange={onPageChange}
          />
        </CardContent>
      </Card>

      <MountWhenOpened open={adding}>
        <AddUserDialog organizationId={organizationId} open={adding} onOpenChange={setAdding} />
      </MountWhenOpened>
      <MountWhenOpened open={disabling !== null}>
        <DisableUserDialog
          organizationId={organizationId}
          member={disabling}
          onClose={() => setDisabling(null)}
        />
      </MountWhenOpened>
    </div>
  );
}

/** `/admin/users`. */
export function UsersPage() {
  return (
    <AdminAccess need="users">
      {(organizationId) => <UserManagement organizationId={organizationId} />}
    </AdminAccess>
  );
}
