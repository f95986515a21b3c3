// My Schedule's calls: what the member is called to, with their answer.
import { formatCallTime } from '@common/clock';
import { addDays } from '@common/zoned-time';
import { Megaphone } from 'lucide-react';
import { FetchError } from '@web/components/fetch-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCallsLive, useMyCalls } from '../../api/calls';
import { formatEventDate, formatTimeRange } from '@web/features/calendar/lib/dates';
import { CallAnswer } from './call-answer';
import { CallStatusBadge } from './call-status-badge';

export function MyCalls({ orgId, today }: { orgId: number; today: string }) {
  const calls = useMyCalls(orgId, today, addDays(today, 366));
  useCallsLive(orgId);
  const now = Date.now();
  const upcoming = (calls.data ?? []).filter((c) => Date.parse(c.endDateTime) > now);
  return (
    <section className="space-y-3" aria-labelledby="my-calls-heading" data-testid="my-calls">
      <h2 id="my-calls-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Megaphone aria-hidden="true" className="size-5" /> My calls
      </h2>
      {calls.isError ? (
        <FetchError title="Failed to fetch your calls" error={calls.error} onRetry={() => calls.refetch()} />
      ) : calls.isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : upcoming.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          You are not called to anything coming up.
        </p>
      ) : (
        <ul className="space-y-3">
          {upcoming.map((c) => {
            const callTime = formatCallTime(c.callTime);
            return (
              <li key={c.eventId} className="space-y-2 rounded-lg border p-3" aria-label={c.eventName}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 break-words font-medium">{c.eventName}</p>
                  <CallStatusBadge status={c.status} />
                </div>
                <p className="text-sm text-muted-foreground">
                  {formatEventDate(c.startDateTime)} · {formatTimeRange(c.startDateTime, c.endDateTime)}
                  {callTime && <> · called for {callTime}</>}
                </p>
                {c.note && <p className="break-words text-sm">{c.note}</p>}
                <CallAnswer
                  key={`${c.status}-${c.responseNote ?? ''}`}
                  orgId={orgId}
                  eventId={c.eventId}
                  eventName={c.eventName}
                  status={c.status}
                  responseNote={c.responseNote}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
