import { policy } from '@common/permissions';
import { Search, Users } from 'lucide-react';
import { lazy, useState } from 'react';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import {
  ALL,
  chosenValue,
  ORGANIZATION_ROLE_FILTER,
  ROLE_FILTER,
  STATUS_FILTER,
  shownChoice,
} from '@web/components/member-filter-choices';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { FetchError } from '@web/components/fetch-error';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { useTeams } from '@web/features/teams/api/get-teams';
import { useSearchText, useUrlFilters } from '@web/hooks/use-url-filters';
import { formatNumber } from '@web/lib/format';
import { useAuth } from '@web/lib/session';
import type { DirectoryEntry } from '@common/schemas/people';
import { type DirectoryFilters, useDirectoryPages, useDirectoryTotal } from '../api/get-directory';
import { DirectoryTabs } from '../components/directory-tabs';
import { MemberCard, MemberCardSkeleton } from '../components/member-card';
import { memberCount } from '../search';

// Loaded on first opening (MountWhenOpened), not with the page.
const UserDetailsDialog = lazy(async () => ({
  default: (await import('../components/user-details-dialog')).UserDetailsDialog,
}));

// The directory skeleton shows six cards.
const SKELETON_CARDS = [1, 2, 3, 4, 5, 6];
const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';
const FILTER_KEYS = ['search', 'role', 'organizationRole', 'team', 'status'] as const;

/** `/directory` and `/directory/people`: searched and paged by the server, the question in the address. */
export function DirectoryPage() {
  const { organization, actor } = useAuth();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const [text, setText] = useSearchText(filters.search, (search) => setFilters({ search }));
  const directory = useDirectoryPages(organization?.id, filters satisfies DirectoryFilters);
  const filtered = FILTER_KEYS.some((k) => filters[k] !== '');
  const everyone = useDirectoryTotal(organization?.id, filtered);
  const teams = useTeams(organization?.id);
  const [editing, setEditing] = useState<number | null>(null);
  const canManage = policy.manageUsers(actor);

  const pages = directory.data?.pages ?? [];
  const members = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? 0;
  const onEdit = canManage ? (entry: DirectoryEntry) => setEditing(entry.userId) : undefined;
  const teamChoices = [
    [ALL, 'All teams'] as const,
    ...(teams.data ?? []).map((t) => [String(t.id), t.name] as const),
  ];
  const filter = (key: keyof DirectoryFilters) => ({
    value: shownChoice(filters[key]),
    onChange: (v: string) => setFilters({ [key]: chosenValue(v) }),
  });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <DirectoryTabs />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Directory</h1>
          <p className="text-muted-foreground" aria-live="polite">
            {directory.isLoading ? '\u00a0' : memberCount(total, everyone.data, filtered)}
          </p>
        </div>
        <div className="relative w-full sm:w-80">
          <Search
            className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search members"
            placeholder="Search by name, role, or team..."
            className="pl-9"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </div>
      <div className={`grid gap-3 sm:grid-cols-2 ${canManage ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        <LazyChoiceSelect label="Filter by permission level" choices={ROLE_FILTER} {...filter('role')} />
        <LazyChoiceSelect
          label="Filter by organization role"
          choices={ORGANIZATION_ROLE_FILTER}
          {...filter('organizationRole')}
        />
        <LazyChoiceSelect label="Filter by team" choices={teamChoices} {...filter('team')} />
        {canManage && (
          <LazyChoiceSelect label="Filter by status" choices={STATUS_FILTER} {...filter('status')} />
        )}
      </div>

      {directory.isLoading ? (
        <div className={GRID} role="status" aria-busy="true" aria-label="Loading members">
          {SKELETON_CARDS.map((n) => (
            <MemberCardSkeleton key={n} />
          ))}
        </div>
      ) : directory.isError && members.length === 0 ? (
        <FetchError
          title="Failed to fetch directory"
          error={directory.error}
          onRetry={() => directory.refetch()}
        />
      ) : members.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-16 text-center">
          <Users className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No members found</p>
          <p className="text-muted-foreground">Try adjusting your search terms</p>
        </div>
      ) : (
        <>
          <ul
            className={GRID}
            aria-label="Members"
            aria-busy={directory.isFetching && !directory.isFetchingNextPage}
          >
            {members.map((entry) => (
              <li key={entry.id}>
                <MemberCard entry={entry} onEdit={onEdit} />
              </li>
            ))}
          </ul>
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-muted-foreground">
              Showing {formatNumber(members.length)} of {formatNumber(total)}
            </p>
            {directory.hasNextPage && (
              <Button
                variant="outline"
                onClick={() => directory.fetchNextPage()}
                disabled={directory.isFetchingNextPage}
              >
                {directory.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            )}
          </div>
        </>
      )}

      {canManage && (
        <MountWhenOpened open={editing !== null}>
          <UserDetailsDialog userId={editing} onClose={() => setEditing(null)} />
        </MountWhenOpened>
      )}
    </div>
  );
}
