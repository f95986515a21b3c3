import type { TeamCandidate } from '@common/schemas/teams';
import { displayName } from '@common/teams';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { PersonAvatar } from '@web/components/person-avatar';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useDebounced } from '@web/hooks/use-debounced';
import { SEARCH_DEBOUNCE_MS } from '@web/hooks/use-url-filters';
import { useCandidates } from '../api/get-candidates';

interface MemberChecklistProps {
  /** Where the candidates come from (get-candidates.ts). */
  url: string;
  /** Checkboxes for several people (Create Team), radio buttons for one (Add Member). */
  multiple: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
  /** Shown when nobody at all can be picked (no search typed). */
  emptyText?: string;
  describedBy?: string;
}

/**
 * The team dialogs' member picker: the server searches as the user types and sends 50 people at
 * a time (Load more for the next), so it works the same for 20 members as for 10,000. What is
 * picked stays picked while the search changes.
 */
export function MemberChecklist({
  url,
  multiple,
  selected,
  onChange,
  emptyText = 'No members found',
  describedBy,
}: MemberChecklistProps) {
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const candidates = useCandidates(url, search);
  const baseId = useId();
  const people: TeamCandidate[] = candidates.data?.pages.flatMap((p) => p.items) ?? [];
  const total = candidates.data?.pages[0]?.total ?? 0;
  const toggle = (id: number, on: boolean) =>
    onChange(
      multiple ? (on ? [...selected, id] : selected.filter((existing) => existing !== id)) : on ? [id] : [],
    );
  return (
    <div className="space-y-2">
      <div className="relative">
        <Search
          className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Filter members"
          aria-describedby={describedBy}
          placeholder="Filter members..."
          className="pl-9"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {candidates.isLoading ? (
        <Spinner label="Loading members" className="py-4" />
      ) : candidates.isError ? (
        <p className="text-sm text-destructive">Failed to fetch users</p>
      ) : (
        <ul
          className="max-h-56 space-y-1 overflow-y-auto rounded-md border p-2"
          aria-label="Organization members"
          aria-busy={candidates.isFetching}
          role={multiple ? undefined : 'radiogroup'}
        >
          {people.length === 0 && (
            <li className="p-2 text-sm text-muted-foreground">{search ? 'No members found' : emptyText}</li>
          )}
          {people.map((c) => {
            const id = `${baseId}-${c.id}`;
            return (
              <li key={c.id} className="flex items-center gap-3 rounded-sm p-1.5 hover:bg-muted">
                <input
                  id={id}
                  type={multiple ? 'checkbox' : 'radio'}
                  name={multiple ? undefined : `${baseId}-member`}
                  className="size-4 accent-primary"
                  checked={selected.includes(c.id)}
                  onChange={(e) => toggle(c.id, e.target.checked)}
                />
                <PersonAvatar person={c} className="size-7 text-xs" />
                <label htmlFor={id} className="flex-1 cursor-pointer text-sm">
                  {displayName(c)} <span className="text-muted-foreground">@{c.username}</span>
                </label>
              </li>
            );
          })}
          {candidates.hasNextPage && (
            <li className="pt-1 text-center">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => candidates.fetchNextPage()}
                disabled={candidates.isFetchingNextPage}
              >
                {candidates.isFetchingNextPage ? 'Loading...' : `Load more (${people.length} of ${total})`}
              </Button>
            </li>
          )}
        </ul>
      )}
      {multiple && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {selected.length} selected
        </p>
      )}
    </div>
  );
}
