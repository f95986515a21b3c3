// My Schedule's volunteer shifts: the coming shifts the member holds, with a way to the
// Volunteer page to cancel or offer one.
import { VOLUNTEER_STATUS_LABELS } from '@common/volunteer';
import { HandHeart } from 'lucide-react';
import { Link } from 'wouter';
import { FetchError } from '@web/components/fetch-error';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDayTime, formatTime } from '@web/lib/format';
import { useShifts } from '../api/volunteer';

export function MyShifts({ orgId, userId }: { orgId: number; userId: number | undefined }) {
  const shifts = useShifts(orgId, {});
  const now = Date.now();
  const mine = (shifts.data ?? []).flatMap((s) => {
    const me = s.volunteers.find((v) => v.userId === userId);
    return me && Date.parse(s.endDateTime) > now ? [{ shift: s, status: me.status }] : [];
  });
  return (
    <section className="space-y-3" aria-labelledby="my-shifts-heading" data-testid="my-shifts">
      <h2 id="my-shifts-heading" className="flex items-center gap-2 text-xl font-semibold">
        <HandHeart aria-hidden="true" className="size-5" /> My shifts
      </h2>
      {shifts.isError ? (
        <FetchError
          title="Failed to fetch your shifts"
          error={shifts.error}
          onRetry={() => shifts.refetch()}
        />
      ) : shifts.isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : mine.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          No volunteer shifts coming up.{' '}
          <Link href="/volunteer" className="text-primary-text underline">
            See open shifts
          </Link>
        </p>
      ) : (
        <ul className="space-y-3">
          {mine.map(({ shift: s, status }) => (
            <li
              key={s.id}
              className="space-y-1 rounded-lg border p-3"
              aria-label={`${s.positionName}, ${s.eventName}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 break-words font-medium">
                  {s.positionName} · {s.eventName}
                </p>
                <Badge variant="secondary">{VOLUNTEER_STATUS_LABELS[status]}</Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                {formatDayTime(s.startDateTime)} – {formatTime(s.endDateTime)}
              </p>
            </li>
          ))}
          <li>
            <Link href="/volunteer?tab=mine" className="text-sm text-primary-text underline">
              Cancel or offer a shift
            </Link>
          </li>
        </ul>
      )}
    </section>
  );
}
