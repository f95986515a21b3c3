import type { ConflictReport } from '@common/schemas/scheduling';
import { summarizeConflicts } from '@common/scheduling';
import { ChevronDown, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@web/components/ui/collapsible';
import { Spinner } from '@web/components/ui/spinner';
import { conflictDates } from '@web/features/scheduling/lib/conflicts';

/**
 * Who cannot come, live as the form changes: "3 of 12 people have conflicts on 2 of 8
 * dates", and per date the names and reasons. It informs; saving is never blocked by it.
 */
export function PeopleConflicts({
  report,
  checking,
  failed,
}: {
  report: ConflictReport | undefined;
  checking: boolean;
  failed: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (!report) {
    if (failed)
      return <p className="text-sm text-muted-foreground">People conflicts could not be checked.</p>;
    return checking ? <Spinner label="Checking people's availability" className="text-sm" /> : null;
  }
  if (report.peopleCount === 0) return null;
  const dates = conflictDates(report);
  const Icon = dates.length > 0 ? UserX : UserCheck;
  return (
    <Collapsible
      open={open}
      onOpenChange={setOpen}
      className="rounded-lg border p-3 text-sm"
      data-testid="people-conflicts"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Icon aria-hidden="true" className={dates.length > 0 ? 'size-4 text-destructive' : 'size-4'} />
        <p role="status" className="min-w-0 flex-1 font-medium">
          {summarizeConflicts(report)}
          {checking && <span className="sr-only"> (checking again)</span>}
        </p>
        {dates.length > 0 && (
          <CollapsibleTrigger className="inline-flex items-center gap-1 rounded-sm text-primary-text underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {open ? 'Hide' : 'Show'} who and when
            <ChevronDown aria-hidden="true" className={open ? 'size-4 rotate-180' : 'size-4'} />
          </CollapsibleTrigger>
        )}
      </div>
      <CollapsibleContent>
        <ul className="mt-3 max-h-60 space-y-2 overflow-y-auto" aria-label="Conflicts by date">
          {dates.map((d) => (
            <li key={d.key}>
              <p className="font-medium">{d.heading}</p>
              <ul className="ml-4 list-disc text-muted-foreground">
                {d.lines.map((line) => (
                  <li key={line} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </CollapsibleContent>
    </Collapsible>
  );
}
