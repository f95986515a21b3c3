import { initials } from '@web/lib/format';
import { Bell, LogOut, UserCog } from 'lucide-react';
import { Link } from 'wouter';
import { PersonAvatar } from '@web/components/person-avatar';
import { RoleBadge } from '@web/components/role-badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useAuth, useLogout } from '@web/lib/session';

export function UserMenu() {
  const { user, role, isSystemUser } = useAuth();
  const logout = useLogout();
  if (!user) return null;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return (
    <div className="flex items-center gap-3">
      <RoleBadge role={role} isSystemUser={isSystemUser} className="hidden sm:inline-flex" />
      <DropdownMenu>
        <DropdownMenuTrigger
          className="inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          // Names carry the initials the button shows (WCAG 2.5.3) when there is no picture.
          aria-label={
            user.profilePicture
              ? `Account menu for ${fullName}`
              : `Account menu for ${fullName} (${initials(user.firstName, user.lastName, user.username)})`
          }
        >
          <PersonAvatar person={user} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="font-normal">
            <p className="truncate text-sm font-medium">{fullName}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            <RoleBadge role={role} isSystemUser={isSystemUser} className="mt-2 sm:hidden" />
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href="/account-settings">
              <UserCog aria-hidden="true" />
              Account Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/notification-settings">
              <Bell aria-hidden="true" />
              Notification Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => logout.mutate()} disabled={logout.isPending}>
            <LogOut aria-hidden="true" />
            Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
