import { PRESENCE_STATUSES, type PresenceEntry, type PresenceStatus } from '@common/presence';
import { Users } from 'lucide-react';
import { PersonAvatar } from '@web/components/person-avatar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@web/components/ui/tooltip';
import { useAuth } from '@web/lib/session';
import { cn } from '@web/lib/utils';
import { usePresence } from '../presence-provider';
import { STATUS_LABELS, statusColor, statusLabel } from '../presence-status';
import { pageTitle } from '@web/components/layout/page-titles';

// At most three avatars, then '+N more'.
const SHOWN = 3;
const ORDER: Record<string, number> = { online: 0, busy: 1, away: 2 };

const nameOf = (e: PresenceEntry) => [e.firstName, e.lastName].filter(Boolean).join(' ') || e.username;

function StatusDot({ status, className }: { status: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block size-3 rounded-full ring-2 ring-card', statusColor(status), className)}
    />
  );
}

/** The dashboard's live list of colleagues who are online. */
export function TeamCollaborationCard() {
  const { user } = useAuth();
  const { users, status, setStatus, connected } = usePresence();
  const others = users
    .filter((u) => u.userId !== user?.id)
    .sort((a, b) => (ORDER[a.status] ?? 3) - (ORDER[b.status] ?? 3) || nameOf(a).localeCompare(nameOf(b)));
  const shown = others.slice(0, SHOWN);
  const rest = others.slice(SHOWN);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle as="h2" className="flex items-center gap-2 text-xl">
            <Users className="size-5" aria-hidden="true" />
            Team Collaboration
          </CardTitle>
          <CardDescription>See who's currently active and collaborate in real-time</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <StatusDot status={connected ? status : 'offline'} />
          <Select value={status} onValueChange={(v) => setStatus(v as PresenceStatus)}>
            <SelectTrigger aria-label="My status" className="h-9 w-28">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PRESENCE_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {others.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one else is online right now</p>
        ) : (
          // The provider is here, not at the app's root, so the first page loads no tooltip code.
          <TooltipProvider>
            <div className="flex flex-wrap items-center gap-4">
              <ul aria-label="Online now" className="flex -space-x-2">
                {shown.map((entry) => (
                  <li key={entry.userId}>
                    <Tooltip>
                      <TooltipTrigger asChild>
                        <button
                          type="button"
                          className="relative rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                          aria-label={`${nameOf(entry)}, ${statusLabel(entry.status)}`}
                        >
                          <PersonAvatar person={entry} className="size-10 ring-2 ring-card" />
                          <StatusDot status={entry.status} className="absolute right-0 bottom-0" />
                        </button>
                      </TooltipTrigger>
                      <TooltipContent>
                        <p className="font-medium">{nameOf(entry)}</p>
                        <p className="text-xs text-muted-foreground">
                          {statusLabel(entry.status)}
                          {entry.currentPage && ` · ${pageTitle(entry.currentPage)}`}
                        </p>
                      </TooltipContent>
                    </Tooltip>
                  </li>
                ))}
              </ul>
              {rest.length > 0 && (
                <Tooltip>
                  <TooltipTrigger asChild>
                    <button
                      type="button"
                      className="text-sm font-medium text-muted-foreground hover:text-foreground"
                    >
                      +{rest.length} more
                    </button>
                  </TooltipTrigger>
                  <TooltipContent>
                    <ul>
                      {rest.map((entry) => (
                        <li key={entry.userId} className="flex items-center gap-2">
                          <StatusDot status={entry.status} className="size-2 ring-0" />
                          {nameOf(entry)}
                        </li>
                      ))}
                    </ul>
                  </TooltipContent>
                </Tooltip>
              )}
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {others.length} {others.length === 1 ? 'colleague' : 'colleagues'} online
              </p>
            </div>
          </TooltipProvider>
        )}
      </CardContent>
    </Card>
  );
}
