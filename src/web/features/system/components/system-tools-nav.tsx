import { ClipboardCheck, Settings } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

/** The System Administration page's own menu (spec part 2 §2); settings are not built yet. */
export function SystemToolsNav() {
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
            <li>
              <span
                aria-current="page"
                className="flex items-center gap-2 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground"
              >
                <ClipboardCheck className="size-4" aria-hidden="true" />
                Organization Approvals
              </span>
            </li>
            <li>
              <button
                type="button"
                disabled
                className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60"
              >
                <Settings className="size-4" aria-hidden="true" />
                System Settings
              </button>
            </li>
          </ul>
        </nav>
      </CardContent>
    </Card>
  );
}
