import { linkKind, linkLabel, webHref } from '@common/links';
import type { TeamDetail } from '@common/schemas/teams';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { ConfirmRequest } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { useDeleteLink } from '../api/member-mutations';
import { SiteIcon } from './site-icon';

// The add form (react-hook-form, about 13 KB) loads just after the card paints; the links show at
// once and the form's place holds a placeholder meanwhile.
const AddLinkForm = lazy(async () => ({ default: (await import('./add-link-form')).AddLinkForm }));

const AddLinkPlaceholder = () => (
  <div role="status" aria-label="Loading the add link form" className="space-y-3 border-t pt-4">
    <Skeleton className="h-[5.5rem]" />
    <Skeleton className="h-16" />
    <Skeleton className="h-9 w-28" />
  </div>
);

/** Links card for managers: add a URL with an optional label; delete after a confirm. */
export function LinksCard({
  team,
  confirm,
}: {
  team: TeamDetail;
  confirm: (request: ConfirmRequest) => void;
}) {
  const remove = useDeleteLink(team.id);

  const onDelete = (id: number, label: string) =>
    confirm({
      title: 'Delete link?',
      description: `"${label}" will be removed from this team.`,
      confirmLabel: 'Delete',
      destructive: true,
      onConfirm: () =>
        remove
          .mutateAsync(id)
          .then(() => toast({ title: 'Link deleted successfully' }))
          .catch(() => toast({ variant: 'destructive', title: 'Failed to delete link' })),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Links
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {team.links.length === 0 ? (
          <p className="text-sm text-muted-foreground">No links yet</p>
        ) : (
          <ul className="space-y-2" aria-label="Team links">
            {team.links.map((link) => {
              const label = linkLabel(link);
              return (
                <li key={link.id} className="flex items-center gap-2">
                  <SiteIcon site={linkKind(link.url).site} />
                  <a
                    href={webHref(link.url)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="min-w-0 flex-1 truncate text-sm text-primary-text hover:underline"
                    title={link.url}
                  >
                    {label}
                  </a>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Delete link ${label}`}
                    onClick={() => onDelete(link.id, label)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <Suspense fallback={<AddLinkPlaceholder />}>
          <AddLinkForm teamId={team.id} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
