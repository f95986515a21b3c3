// My Schedule: the member's calls and volunteer shifts, the upcoming events they follow (the copy kept on the device
// when offline) and their calendar subscription.
import { WifiOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { FetchError } from '@web/components/fetch-error';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/lib/format';
import type { useMySchedule } from '../../api/my-schedule';
import type { CalendarEvent } from '@common/schemas/calendar';
import { ListView } from '../list-view';

// Not the calendar's first view: the calls and the subscription load when this tab is shown.
const MyCalls = lazy(async () => ({
  default: (await import('@web/features/scheduling/components/calls/my-calls')).MyCalls,
}));
const MyShifts = lazy(async () => ({
  default: (await import('@web/features/volunteer/components/my-shifts')).MyShifts,
}));
const SubscribeCard = lazy(async () => ({
  default: (await import('../subscribe-card')).SubscribeCard,
}));

const MY_SCHEDULE_LIMIT = 10;

/** The next followed events, not yet over (one that ended this morning no longer takes a place). */
export function upcoming(events: CalendarEvent[], now: number): CalendarEvent[] {
  return events.filter((e) => Date.parse(e.endDateTime) > now).slice(0, MY_SCHEDULE_LIMIT);
}

export function MyScheduleTab({
  orgId,
  today,
  userId,
  schedule,
  onOpen,
}: {
  orgId: number;
  today: string;
  userId: number | undefined;
  schedule: ReturnType<typeof useMySchedule>;
  onOpen: (event: CalendarEvent) => void;
}) {
  return (
    <>
      <div className="space-y-6">
        <Suspense fallback={null}>
          <MyCalls orgId={orgId} today={today} />
        </Suspense>
        <Suspense fallback={null}>
          <MyShifts orgId={orgId} userId={userId} />
        </Suspense>
        <section className="space-y-3" aria-label="My Schedule">
          <h2 className="text-xl font-semibold">Upcoming events you follow</h2>
          {schedule.isError ? (
            <FetchError
              title="Failed to fetch followed events"
              error={schedule.error}
              onRetry={() => schedule.refetch()}
            />
          ) : schedule.isLoading ? (
            <Skeleton className="h-64 w-full" />
          ) : (
            <>
              {schedule.data?.offlineAsOf && (
                <Alert variant="warning" role="status">
                  <WifiOff aria-hidden="true" />
                  <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
                    <span>
                      Offline — showing your schedule as of {formatDateTime(schedule.data.offlineAsOf)}
                    </span>
                    <Button type="button" variant="outline" size="sm" onClick={() => schedule.refetch()}>
                      Try again
                    </Button>
                  </AlertDescription>
                </Alert>
              )}
              <ListView
                events={upcoming(schedule.data?.events ?? [], Date.now())}
                onOpen={onOpen}
                empty="You are not following any upcoming events"
              />
            </>
          )}
        </section>
      </div>
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <SubscribeCard orgId={orgId} />
      </Suspense>
    </>
  );
}
