import type { TeamCandidate } from '@common/schemas/teams';
import { displayName } from '@common/teams';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { PersonAvatar } from '@web/components/person-avatar';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';

const matches = (c: TeamCandidate, q: string) =>
  `${c.firstName ?? ''} ${c.lastName ?? ''} ${c.username}`.toLowerCase().includes(q.trim().toLowerCase());

/** The Create Team dialog's checkbox list of organization members, with a filter. */
export function MemberChecklist({
  candidates,
  selected,
  onChange,
}: {
  candidates: TeamCandidate[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const [query, setQuery] = useState('');
  const baseId = useId();
  const shown = useMemo(() => candidates.filter((c) => matches(c, query)), [candidates, query]);
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((existing) => existing !== id));
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
          placeholder="Filter members..."
          className="pl-9"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <ul
        className="max-h-56 space-y-1 overflow-y-auto rounded-md border p-2"
        aria-label="Organization members"
      >
        {shown.length === 0 && <li className="p-2 text-sm text-muted-foreground">No members found</li>}
        {shown.map((c) => {
          const id = `${baseId}-${c.id}`;
          return (
            <li key={c.id} className="flex items-center gap-3 rounded-sm p-1.5 hover:bg-muted">
              <Checkbox
                id={id}
                checked={selected.includes(c.id)}
                onCheckedChange={(v) => toggle(c.id, v === true)}
              />
              <PersonAvatar person={c} className="size-7 text-xs" />
              <label htmlFor={id} className="flex-1 cursor-pointer text-sm">
                {displayName(c)} <span className="text-muted-foreground">@{c.username}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {selected.length} selected
      </p>
    </div>
  );
}
