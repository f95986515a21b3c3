import { ClipboardCheck, Settings } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';

const TOOLS = [
  { href: '/system/approval-queue', label: 'Organization Approvals', icon: ClipboardCheck },
  { href: '/system/settings', label: 'System Settings', icon: Settings },
];

/** The System Administration page's own menu. */
export function SystemToolsNav() {
  const [location] = useLocation();
  return (
    <Card className="h-fit">
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          System Tools
        </CardTitle>
      </CardHeader>
      <CardContent>
        <nav aria-label="System tools">
          <ul className="space-y-1">
            {TOOLS.map(({ href, label, icon: Icon }) => {
              const current = location === href;
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium',
                      current ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted',
                    )}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </CardContent>
    </Card>
  );
}
