import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@web/components/ui/collapsible';
import { useAuth } from '@web/lib/session';
import { cn } from '@web/lib/utils';
import { preloadScreen } from '@web/routes';
import { isItemActive, type NavGroup, type NavItem, visibleNav } from './nav';

function NavLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const [location] = useLocation();
  const active = isItemActive(item, location);
  const Icon = item.icon;
  // Pointing at or tabbing to a link fetches its screen, so the click rarely waits for it.
  const preload = () => void preloadScreen(item.href.split('?')[0]).catch(() => {});
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      onPointerEnter={preload}
      onFocus={preload}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active
          ? 'bg-primary text-primary-foreground'
          : 'text-foreground/80 hover:bg-muted hover:text-foreground',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {item.label}
    </Link>
  );
}

function GroupItems({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {group.items.map((item) => (
        <li key={item.href + item.label}>
          <NavLink item={item} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}

function CollapsibleGroup({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const [location] = useLocation();
  // Collapsed by default, but never hiding the page the user is on.
  const [open, setOpen] = useState(
    () => group.defaultOpen === true || group.items.some((i) => isItemActive(i, location)),
  );
  const Icon = group.icon;
  return (
    <Collapsible open={open} onOpenChange={setOpen}>
      <CollapsibleTrigger className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-foreground/80 hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {Icon && <Icon className="size-4 shrink-0" aria-hidden="true" />}
        <span className="flex-1 text-left">{group.label}</span>
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </CollapsibleTrigger>
      <CollapsibleContent className="mt-1 pl-4">
        <GroupItems group={group} onNavigate={onNavigate} />
      </CollapsibleContent>
    </Collapsible>
  );
}

/** The side menu's entries, as nav.ts defines them for this person. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { actor, organization } = useAuth();
  const [location] = useLocation();
  const groups = visibleNav({ actor, hasOrganization: organization !== null, location });
  return (
    <nav aria-label="Main" className="space-y-6 p-4">
      {groups.map((group) => {
        if (group.collapsible)
          return <CollapsibleGroup key={group.id} group={group} onNavigate={onNavigate} />;
        return (
          <div key={group.id} className="space-y-2">
            {group.label && (
              <h2 className="px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                {group.label}
              </h2>
            )}
            <GroupItems group={group} onNavigate={onNavigate} />
          </div>
        );
      })}
    </nav>
  );
}
