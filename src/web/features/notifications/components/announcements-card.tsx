import { ANNOUNCEMENT_KIND_LABELS } from '@common/announcements';
import { Megaphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { FetchError } from '@web/components/fetch-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDayTime } from '@web/lib/format';
import { useAuth } from '@web/lib/session';
import { useAnnouncementTargets } from '../api/announcement-targets';
import { useAnnouncements } from '../api/announcements';

// The form (and its team list) loads only when someone starts writing.
const AnnouncementDialog = lazy(async () => ({
  default: (await import('./announcement-dialog')).AnnouncementDialog,
}));

/** Dashboard card: the latest announcements the member can see, and a way to post one. */
export function AnnouncementsCard({ orgId }: { orgId: number }) {
  const { actor } = useAuth();
  const announcements = useAnnouncements(orgId);
  const [writing, setWriting] = useState(false);
  const { canPost } = useAnnouncementTargets(orgId, actor);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle as="h2" className="flex items-center gap-2">
          <Megaphone className="size-5" aria-hidden="true" />
          Announcements
        </CardTitle>
        {canPost && (
          <Button size="sm" onClick={() => setWriting(true)}>
            New Announcement
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {announcements.isPending ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading announcements">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : announcements.isError ? (
          <FetchError
            title="Failed to load announcements"
            error={announcements.error}
            onRetry={() => void announcements.refetch()}
          />
        ) : announcements.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No announcements yet</p>
        ) : (
          <ul className="divide-y">
            {announcements.data.slice(0, 5).map((a) => (
              <li key={a.id} className="space-y-1 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{a.title}</span>
                  <Badge variant="secondary">{ANNOUNCEMENT_KIND_LABELS[a.kind]}</Badge>
                  {a.team && <Badge variant="outline">{a.team.name}</Badge>}
                </div>
                <p className="whitespace-pre-line text-sm">{a.body}</p>
                <p className="text-xs text-muted-foreground">
                  {[a.author.firstName, a.author.lastName].filter(Boolean).join(' ') || a.author.username} ·{' '}
                  {formatDayTime(a.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {writing && (
        <Suspense fallback={null}>
          <AnnouncementDialog orgId={orgId} open={writing} onClose={() => setWriting(false)} />
        </Suspense>
      )}
    </Card>
  );
}
