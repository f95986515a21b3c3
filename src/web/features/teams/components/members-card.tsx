import { policy } from '@common/permissions';
import type { TeamDetail, TeamMember } from '@common/schemas/teams';
import { displayName } from '@common/teams';
import { Crown, MoreHorizontal, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { PersonAvatar } from '@web/components/person-avatar';
import type { ConfirmRequest } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useRemoveMember, useSetMemberRole } from '../api/member-mutations';

// Loaded on first opening (MountWhenOpened), not with the page.
const AddMemberDialog = lazy(async () => ({
  default: (await import('./add-member-dialog')).AddMemberDialog,
}));
// The actions menu (Radix menu and its positioning library, about 17 KB; the header's menus load
// the same code) loads just after the page paints; its button shows meanwhile, not yet usable.
const MemberActionsMenu = lazy(async () => ({
  default: (await import('./member-actions-menu')).MemberActionsMenu,
}));

function ActionsButton({ name, ...props }: { name: string } & React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${name}`} {...props}>
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
}

/** Members, by first name or username, with Team Lead badges; managers add, promote, remove. */
export function MembersCard({
  team,
  canManage,
  confirm,
}: {
  team: TeamDetail;
  canManage: boolean;
  confirm: (request: ConfirmRequest) => void;
}) {
  const { user, actor } = useAuth();
  const [adding, setAdding] = useState(false);
  const remove = useRemoveMember(team.id);
  const setRole = useSetMemberRole(team.id);
  // A lead may not change their own role (they would lose the team); organization managers may.
  const mayChangeOwnRole = policy.createTeam(actor);

  const onRemove = (m: TeamMember) =>
    confirm({
      title: 'Remove member?',
      description: `${displayName(m.user)} will be removed from ${team.name}.`,
      confirmLabel: 'Remove',
      destructive: true,
      onConfirm: () =>
        remove
          .mutateAsync(m.userId)
          .then(() => toast({ title: 'Member removed successfully' }))
          .catch((error) =>
            toast({
              variant: 'destructive',
              title: 'Failed to remove member',
              description: errorMessage(error, '') || undefined,
            }),
          ),
    });

  const onSetRole = (m: TeamMember) => {
    const lead = m.role !== 'team_lead';
    confirm({
      title: lead ? 'Set as team lead?' : 'Make a regular member?',
      description: lead
        ? `${displayName(m.user)} will be able to edit this team, its members, links and files.`
        : `${displayName(m.user)} will no longer manage this team.`,
      confirmLabel: lead ? 'Set as lead' : 'Make member',
      onConfirm: () =>
        setRole
          .mutateAsync({ userId: m.userId, role: lead ? 'team_lead' : 'member' })
          .then(() => toast({ title: 'Team updated successfully' }))
          .catch((error) =>
            toast({
              variant: 'destructive',
              title: 'Failed to update team',
              description: errorMessage(error, '') || undefined,
            }),
          ),
    });
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between space-y-0">
        <CardTitle as="h2" className="text-xl">
          Members ({team.members.length})
        </CardTitle>
        {canManage && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" />
            Add Member
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {team.members.length === 0 ? (
          <p className="text-sm text-muted-foreground">No members yet</p>
        ) : (
          <ul className="divide-y" aria-label="Team members">
            {team.members.map((m) => {
              const self = m.userId === user?.id;
              const name = displayName(m.user);
              return (
                <li key={m.id} className="flex items-center gap-3 py-3">
                  <PersonAvatar person={m.user} />
                  <div className="min-w-0 flex-1">
                    <Link
                      href={`/directory/people/@${m.user.username}`}
                      className="block truncate font-medium hover:underline"
                    >
                      {name}
                    </Link>
                    <p className="truncate text-sm text-muted-foreground">@{m.user.username}</p>
                  </div>
                  {m.role === 'team_lead' && (
                    <Badge className="gap-1">
                      <Crown className="size-3" aria-hidden="true" />
                      Team Lead
                    </Badge>
                  )}
                  {canManage && (!self || mayChangeOwnRole) && (
                    <Suspense fallback={<ActionsButton name={name} disabled />}>
                      <MemberActionsMenu
                        member={m}
                        self={self}
                        trigger={<ActionsButton name={name} />}
                        onSetRole={onSetRole}
                        onRemove={onRemove}
                      />
                    </Suspense>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {canManage && (
        <MountWhenOpened open={adding}>
          <AddMemberDialog teamId={team.id} open={adding} onOpenChange={setAdding} />
        </MountWhenOpened>
      )}
    </Card>
  );
}
