import { policy } from '@common/permissions';
import { Search, Users } from 'lucide-react';
import { lazy, useMemo, useState } from 'react';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { FetchError } from '@web/components/fetch-error';
import { Input } from '@web/components/ui/input';
import { useAuth } from '@web/lib/session';
import type { DirectoryEntry } from '@common/types/directory';
import { useDirectory } from '../api/get-directory';
import { DirectoryTabs } from '../components/directory-tabs';
import { MemberCard, MemberCardSkeleton } from '../components/member-card';
import { matchesSearch, memberCount } from '../search';

// Loaded on first opening (MountWhenOpened), not with the page.
const UserDetailsDialog = lazy(async () => ({
  default: (await import('../components/user-details-dialog')).UserDetailsDialog,
}));

// The directory skeleton shows six cards.
const SKELETON_CARDS = [1, 2, 3, 4, 5, 6];
const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** `/directory` and `/directory/people`. */
export function DirectoryPage() {
  const { organization, actor } = useAuth();
  const directory = useDirectory(organization?.id);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const canManage = policy.manageUsers(actor);

  const members = directory.data ?? [];
  const shown = useMemo(() => members.filter((m) => matchesSearch(m, query)), [members, query]);
  const onEdit = canManage ? (entry: DirectoryEntry) => setEditing(entry.userId) : undefined;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <DirectoryTabs />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Directory</h1>
          <p className="text-muted-foreground" aria-live="polite">
            {directory.isLoading ? '\u00a0' : memberCount(shown.length, members.length, query)}
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
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </div>

      {directory.isLoading ? (
        <div className={GRID} role="status" aria-busy="true" aria-label="Loading members">
          {SKELETON_CARDS.map((n) => (
            <MemberCardSkeleton key={n} />
          ))}
        </div>
      ) : directory.isError ? (
        <FetchError
          title="Failed to fetch directory"
          error={directory.error}
          onRetry={() => directory.refetch()}
        />
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-16 text-center">
          <Users className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No members found</p>
          <p className="text-muted-foreground">Try adjusting your search terms</p>
        </div>
      ) : (
        <ul className={GRID} aria-label="Members">
          {shown.map((entry) => (
            <li key={entry.id}>
              <MemberCard entry={entry} onEdit={onEdit} />
            </li>
          ))}
        </ul>
      )}

      {canManage && (
        <MountWhenOpened open={editing !== null}>
          <UserDetailsDialog userId={editing} onClose={() => setEditing(null)} />
        </MountWhenOpened>
      )}
    </div>
  );
}
