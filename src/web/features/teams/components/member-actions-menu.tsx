import type { TeamMember } from '@common/schemas/teams';
import { Crown, UserMinus } from 'lucide-react';
import type { ReactElement } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';

interface MemberActionsMenuProps {
  member: TeamMember;
  /** The member is the viewer, who may change their role but not remove themselves. */
  self: boolean;
  /** The button that opens the menu. */
  trigger: ReactElement;
  onSetRole: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

/** One member's actions for a manager: promote or demote, and remove. */
export function MemberActionsMenu({ member, self, trigger, onSetRole, onRemove }: MemberActionsMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onSetRole(member)}>
          <Crown aria-hidden="true" />
          {member.role === 'team_lead' ? 'Make regular member' : 'Set as lead'}
        </DropdownMenuItem>
        {!self && (
          <DropdownMenuItem onSelect={() => onRemove(member)} className="text-destructive">
            <UserMinus aria-hidden="true" />
            Remove from team
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
