import { Link, useLocation } from 'wouter';
import { cn } from '@web/lib/utils';

const TABS = [
  {
    label: 'People',
    href: '/directory/people',
    match: (path: string) => !path.startsWith('/directory/teams'),
  },
  { label: 'Teams', href: '/directory/teams', match: (path: string) => path.startsWith('/directory/teams') },
];

/** The directory's People and Teams tabs; each is its own address. */
export function DirectoryTabs() {
  const [location] = useLocation();
  return (
    <nav aria-label="Directory sections" className="inline-flex h-10 items-center rounded-md bg-muted p-1">
      {TABS.map((tab) => {
        const current = tab.match(location);
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={current ? 'page' : undefined}
            className={cn(
              'inline-flex items-center rounded-sm px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              current && 'bg-background text-foreground shadow-sm',
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
