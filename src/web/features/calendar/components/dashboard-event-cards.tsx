import { todayIn } from '@common/zoned-time';
import { CalendarDays, GraduationCap, Theater } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { FetchError } from '@web/components/fetch-error';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLatch } from '@web/hooks/use-latch';
import { useAuth } from '@web/lib/session';
import { useEvents } from '../api/events';
import type { CalendarEvent } from '@common/schemas/calendar';
import { formatEventDate, formatTimeRange, sameDayNextMonth } from '../lib/dates';
import { dashboardLists } from '../lib/dashboard';

// An event's details load when one is first opened.
const EventDetailDialog = lazy(async () => ({
  default: (await import('./event-detail-dialog')).EventDetailDialog,
}));

/** Upcoming Shows, Upcoming Classes and My Rehearsals. */
export function DashboardEventCards({ orgId }: { orgId: number }) {
  const { organization } = useAuth();
  const today = todayIn(organization?.timezone ?? 'America/New_York');
  const events = useEvents(orgId, { from: today, to: sameDayNextMonth(today) });
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const detailUsed = useLatch(open !== null);
  const lists = dashboardLists(events.data ?? [], Date.now());
  const cards = [
    { title: 'Upcoming Shows', icon: Theater, items: lists.shows, empty: 'No upcoming shows scheduled' },
    {
      title: 'Upcoming Classes',
      icon: GraduationCap,
      items: lists.classes,
      empty: 'No upcoming classes scheduled',
    },
    { title: 'My Rehearsals', icon: CalendarDays, items: lists.rehearsals, empty: 'No upcoming rehearsals' },
  ];
  return (
    <section aria-label="Upcoming events" className="grid gap-4 md:grid-cols-3">
      {cards.map(({ title, icon: Icon, items, empty }) => (
        <Card key={title} data-testid={`dashboard-${title.toLowerCase().replace(/ /g, '-')}`}>
          <CardHeader className="pb-2">
            <CardTitle as="h2" className="flex items-center gap-2 text-base">
              <Icon aria-hidden="true" className="size-4 text-primary-text" /> {title}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {events.isError ? (
              <FetchError
                title="Failed to fetch events"
                error={events.error}
                onRetry={() => events.refetch()}
              />
            ) : events.isLoading ? (
              <div className="space-y-2">
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
              </div>
            ) : items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{empty}</p>
            ) : (
              <ul className="space-y-2">
                {items.map((event) => (
                  <li key={event.id}>
                    <button
                      type="button"
                      data-event-id={event.id}
                      onClick={() => setOpen(event)}
                      className="w-full rounded-md border p-2 text-left hover:bg-muted/50 focus:outline-none focus:ring-2 focus:ring-ring"
                    >
                      <p className="truncate font-medium">{event.name}</p>
                      <p className="text-xs text-muted-foreground">
                        {formatEventDate(event.startDateTime)} ·{' '}
                        {formatTimeRange(event.startDateTime, event.endDateTime)}
                      </p>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      ))}
      {detailUsed && (
        <Suspense fallback={null}>
          <EventDetailDialog key={open?.id} orgId={orgId} event={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
