import { policy } from '@common/permissions';
import { TEAM_LIST_SKELETONS } from '@common/teams';
import { Plus, Users } from 'lucide-react';
import { lazy, useState } from 'react';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { httpErrorText } from '@web/lib/api';
import { formatNumber } from '@web/lib/format';
import { useAuth } from '@web/lib/session';
import { DirectoryTabs } from '../../directory/components/directory-tabs';
import { useTeams } from '../api/get-teams';
import { TeamCard, TeamCardSkeleton } from '../components/team-card';

// Loaded on first opening (MountWhenOpened), not with the page.
const CreateTeamDialog = lazy(async () => ({
  default: (await import('../components/create-team-dialog')).CreateTeamDialog,
}));

// Cards may shrink below their longest word (a team named in one long word), never widen the page.
const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3 [&>*]:min-w-0';
const SKELETONS = Array.from({ length: TEAM_LIST_SKELETONS }, (_, i) => i);

/** `/directory/teams`: the directory's Teams tab. */
export function TeamsPage() {
  const { organization, actor } = useAuth();
  const canCreate = policy.createTeam(actor);
  const [showArchived, setShowArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const teams = useTeams(organization?.id, canCreate && showArchived);
  const list = teams.data ?? [];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <DirectoryTabs />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Teams</h1>
          <p className="text-muted-foreground" aria-live="polite">
            {teams.isLoading
              ? '\u00a0'
              : `${formatNumber(list.length)} ${list.length === 1 ? 'team' : 'teams'}`}
          </p>
        </div>
        {canCreate && (
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex items-center gap-2">
              <Switch id="show-archived" checked={showArchived} onCheckedChange={setShowArchived} />
              <Label htmlFor="show-archived">Show disabled teams</Label>
            </div>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create Team
            </Button>
          </div>
        )}
      </div>

      {teams.isLoading ? (
        <div className={GRID} role="status" aria-busy="true" aria-label="Loading teams">
          {SKELETONS.map((n) => (
            <TeamCardSkeleton key={n} />
          ))}
        </div>
      ) : teams.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Error loading teams</AlertTitle>
          <AlertDescription className="space-y-3">
            <p>{httpErrorText(teams.error)}</p>
            <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-16 text-center">
          <Users className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No teams yet</p>
          <p className="text-muted-foreground">
            Create your first team to get started with organizing your theater
          </p>
          {canCreate && (
            <Button className="mt-2" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create Team
            </Button>
          )}
        </div>
      ) : (
        <ul className={GRID} aria-label="Teams">
          {list.map((team) => (
            <li key={team.id}>
              <TeamCard team={team} />
            </li>
          ))}
        </ul>
      )}

      {canCreate && organization && (
        <MountWhenOpened open={creating}>
          <CreateTeamDialog orgId={organization.id} open={creating} onOpenChange={setCreating} />
        </MountWhenOpened>
      )}
    </div>
  );
}
