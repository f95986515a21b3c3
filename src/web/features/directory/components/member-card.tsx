import { roleLabel } from '@common/permissions';
import { Pencil } from 'lucide-react';
import { Link } from 'wouter';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { DirectoryEntry } from '@common/schemas/people';
import { displayName } from '../search';

interface MemberCardProps {
  entry: DirectoryEntry;
  /** Present for people allowed to manage users: the edit button appears on hover and focus, and always on touch screens (no hover there). */
  onEdit?: (entry: DirectoryEntry) => void;
}

export function MemberCard({ entry, onEdit }: MemberCardProps) {
  const name = displayName(entry);
  const nothingToShow = !entry.bio && entry.teams.length === 0;
  return (
    <Card className="group relative flex h-full min-w-0 flex-col gap-3 p-5 transition-shadow hover:shadow-md focus-within:shadow-md">
      <div className="flex items-center gap-3">
        <PersonAvatar person={entry} className="size-12 text-base" />
        <div className="min-w-0">
          {/* The name's link covers the card, so the whole card opens the person's page. */}
          <Link
            href={`/directory/people/@${entry.username}`}
            className="block truncate font-semibold after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
          >
            {name}
          </Link>
          <p className="truncate text-sm text-muted-foreground">@{entry.username}</p>
        </div>
      </div>
      {entry.bio && <p className="line-clamp-3 text-sm text-muted-foreground">{entry.bio}</p>}
      {entry.teams.length > 0 && (
        <ul aria-label="Teams" className="flex flex-wrap gap-1.5">
          {entry.teams.map((team) => (
            <li key={team.id} className="min-w-0 max-w-full">
              {/* A long team name must not push the card (and a phone's page) wider. */}
              <Badge variant="secondary" className="block max-w-full truncate">
                {team.name}
                {team.role !== 'member' && ` (${roleLabel(team.role)})`}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {nothingToShow && <p className="text-sm italic text-muted-foreground">No additional information</p>}
      {onEdit && (
        <Button
          variant="outline"
          size="icon"
          className="absolute right-3 top-3 z-10 size-8 opacity-0 transition-opacity group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
          aria-label={`Edit ${name}`}
          onClick={() => onEdit(entry)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      )}
    </Card>
  );
}

export function MemberCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-center gap-3">
        <Skeleton className="size-12 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-4/5" />
    </Card>
  );
}
