import { History, House, Pencil, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { HelpDialog } from './help-dialog';

interface Props {
  /** Writer actions, present only for the wiki-privileged roles and an existing page. */
  actions?: { onHistory: () => void; onEdit: () => void; onDelete: () => void };
  initialSearch?: string;
}

/** Home, search (Enter → /library-search?search=), Help, and for writers History, Edit, Delete. */
export function LibraryToolbar({ actions, initialSearch = '' }: Props) {
  const [, navigate] = useLocation();
  const [search, setSearch] = useState(initialSearch);
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Library">
      <Button asChild variant="outline" size="sm">
        <Link href="/library/home">
          <House aria-hidden="true" /> Home
        </Link>
      </Button>
      <form
        className="relative min-w-48 flex-1 sm:max-w-xs"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(`/library-search?search=${encodeURIComponent(search.trim())}`);
        }}
      >
        <Search aria-hidden="true" className="absolute left-2.5 top-2.5 size-4 text-muted-foreground" />
        <Input
          aria-label="Search the library"
          placeholder="Search the library…"
          className="h-9 pl-8"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </form>
      <HelpDialog />
      {actions && (
        <>
          <Button variant="outline" size="sm" onClick={actions.onHistory}>
            <History aria-hidden="true" /> History
          </Button>
          <Button variant="outline" size="sm" onClick={actions.onEdit}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button variant="outline" size="sm" onClick={actions.onDelete}>
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </>
      )}
    </div>
  );
}
