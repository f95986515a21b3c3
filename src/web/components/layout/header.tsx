import { Menu, Theater } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/session';

// The two menus (Radix menus and their positioning library) load just after the page paints:
// the first page needs neither until someone opens one. Each holds its place meanwhile.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));
const NotificationBell = lazy(async () => ({
  default: (await import('@web/features/notifications/components/notification-bell')).NotificationBell,
}));
const placeholder = <span className="inline-flex size-11" aria-hidden="true" />;

interface HeaderProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function Header({ menuOpen, onToggleMenu }: HeaderProps) {
  const { organization, isSystemUser } = useAuth();
  const title = organization?.name ?? (isSystemUser ? 'System Administration' : 'Greenroom');
  return (
    <header className="sticky top-0 z-40 flex h-16 print:hidden items-center gap-3 border-b bg-background/95 px-4 backdrop-blur">
      <Button
        variant="ghost"
        size="icon"
        onClick={onToggleMenu}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
      >
        <Menu aria-hidden="true" />
      </Button>
      <Link
        href="/dashboard"
        className="flex min-w-0 items-center gap-2 rounded-md font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {organization?.logoUrl ? (
          <img src={organization.logoUrl} alt="" className="size-8 rounded object-contain" />
        ) : (
          <Theater className="size-6 text-primary-text" aria-hidden="true" />
        )}
        <span className="truncate">{title}</span>
      </Link>
      <div className="ml-auto flex items-center gap-2">
        <Suspense fallback={placeholder}>
          {organization && <NotificationBell />}
          <UserMenu />
        </Suspense>
      </div>
    </header>
  );
}
