import { policy } from '@common/permissions';
import type { TeamDetail } from '@common/schemas/teams';
import { TEAM_HEADER_ASPECT } from '@common/teams';
import { Archive, ArchiveRestore, Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { BackLink } from '@web/components/back-link';
import { type ConfirmRequest, useConfirm } from '@web/components/confirm-dialog';
import { NotFoundCard } from '@web/components/not-found-card';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useTeam } from '../api/get-team';
import { useDeleteTeam, useSetTeamArchived } from '../api/team-mutations';
import { AboutCard } from '../components/about-card';
import { AssetsCard } from '../components/assets-card';
import { HeaderBanner } from '../components/header-banner';
import { LinksCard } from '../components/links-card';
import { MembersCard } from '../components/members-card';

// The breakdown sits below the fold and only its team sees it: it loads after the page paints.
const BreakdownCard = lazy(async () => ({
  default: (await import('../components/breakdown/breakdown-card')).BreakdownCard,
}));

/** `/directory/teams/{teamHandle}`. */
export function TeamPage() {
  const params = useParams<{ handle: string }>();
  const handle = decodeURIComponent(params.handle ?? '');
  const { organization } = useAuth();
  const team = useTeam(organization?.id, handle);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <BackLink href="/directory/teams">Back to Teams</BackLink>
      {team.isLoading ? (
        <div className="space-y-6" aria-busy="true" role="status" aria-label="Loading team">
          <Skeleton className="h-9 w-1/3" />
          <Skeleton className="w-full" style={{ aspectRatio: String(TEAM_HEADER_ASPECT) }} />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : team.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Error loading team</AlertTitle>
          <AlertDescription>{team.error.message}</AlertDescription>
        </Alert>
      ) : team.data && team.data.handle.toLowerCase() !== handle.toLowerCase() ? (
        // Found by a former handle: the address moves to the current one.
        <Redirect to={`/directory/teams/${encodeURIComponent(team.data.handle)}`} replace />
      ) : team.data ? (
        <TeamView team={team.data} />
      ) : (
        <NotFoundCard
          title="Team Not Found"
          message="The team you're looking for doesn't exist or you don't have permission to view it."
        />
      )}
    </div>
  );
}

function TeamView({ team }: { team: TeamDetail }) {
  const { actor } = useAuth();
  const canManage = policy.manageTeam(actor, team.viewerTeamRole);
  const { ask, dialog } = useConfirm();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex items-center gap-3">
            <h1 className="min-w-0 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
              {team.name}
            </h1>
            {team.archivedAt && <Badge variant="outline">Disabled</Badge>}
          </div>
          <p className="text-muted-foreground [overflow-wrap:anywhere]">@{team.handle}</p>
        </div>
        {canManage && <TeamActions team={team} confirm={ask} />}
      </div>
      {team.archivedAt && (
        <Alert>
          <AlertTitle>This team is disabled</AlertTitle>
          <AlertDescription>It is hidden from the teams list until it is restored.</AlertDescription>
        </Alert>
      )}
      <HeaderBanner team={team} canManage={canManage} confirm={ask} />
      {/* A grid column is as wide as its longest word unless told otherwise: on a phone, wider than the screen. */}
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="space-y-6 lg:col-span-2">
          <AboutCard team={team} canManage={canManage} />
          <MembersCard team={team} canManage={canManage} confirm={ask} />
        </div>
        <div className="space-y-6">
          <AssetsCard team={team} canManage={canManage} confirm={ask} />
          {canManage && <LinksCard team={team} confirm={ask} />}
        </div>
      </div>
      {(team.viewerTeamRole !== null || canManage) && (
        <Suspense
          fallback={<Skeleton className="h-48 w-full" role="status" aria-label="Loading breakdown" />}
        >
          <BreakdownCard team={team} canManage={canManage} />
        </Suspense>
      )}
      {dialog}
    </>
  );
}

/** Disable (archive) or restore, and, for organization managers, delete for good. */
function TeamActions({ team, confirm }: { team: TeamDetail; confirm: (request: ConfirmRequest) => void }) {
  const { actor } = useAuth();
  const [, navigate] = useLocation();
  const archive = useSetTeamArchived(team.id);
  const remove = useDeleteTeam(team.id);
  const setArchived = (archived: boolean) =>
    archive
      .mutateAsync(archived)
      .then(() => toast({ title: archived ? 'Team disabled' : 'Team restored' }))
      .catch((error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to update team',
          description: errorMessage(error, '') || undefined,
        }),
      );

  return (
    <div className="flex flex-wrap gap-2">
      {team.archivedAt ? (
        <Button variant="outline" onClick={() => setArchived(false)} disabled={archive.isPending}>
          <ArchiveRestore aria-hidden="true" />
          Restore Team
        </Button>
      ) : (
        <Button
          variant="outline"
          onClick={() =>
            confirm({
              title: 'Disable team?',
              description: `${team.name} will be hidden from the teams list. Its members, links and files are kept, and a manager can restore it.`,
              confirmLabel: 'Disable Team',
              destructive: true,
              onConfirm: () => setArchived(true),
            })
          }
        >
          <Archive aria-hidden="true" />
          Disable Team
        </Button>
      )}
      {policy.deleteTeam(actor) && (
        <Button
          variant="ghost"
          className="text-destructive"
          onClick={() =>
            confirm({
              title: 'Delete team?',
              description: `${team.name}, its members, links and files will be deleted. This action cannot be undone.`,
              confirmLabel: 'Delete Team',
              destructive: true,
              onConfirm: () =>
                remove
                  .mutateAsync()
                  .then(() => {
                    toast({ title: 'Team deleted' });
                    navigate('/directory/teams');
                  })
                  .catch(() => toast({ variant: 'destructive', title: 'Failed to delete team' })),
            })
          }
        >
          <Trash2 aria-hidden="true" />
          Delete Team
        </Button>
      )}
    </div>
  );
}
