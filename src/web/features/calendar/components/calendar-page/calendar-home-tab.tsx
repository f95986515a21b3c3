// The calendar's own tab: Previous, Today, Next and the view switch over the month, week, day or
// schedule list of the organization's events.
import { type Ref, useMemo } from 'react';
import { FetchError } from '@web/components/fetch-error';
import { Skeleton } from '@web/components/ui/skeleton';
import type { useEvents } from '../../api/events';
import type { CalendarEvent } from '@common/schemas/calendar';
import { step, titleFor, VIEW_LABELS, type View } from '../../lib/calendar-view';
import { weekOf } from '../../lib/dates';
import { CalendarNavigation } from '../calendar-toolbar';
import { ListView } from '../list-view';
import { MonthView } from '../month-view';
import { TimeGridView } from '../time-grid-view';

export function CalendarHomeTab({
  view,
  date,
  today,
  events,
  phone,
  titleRef,
  filter,
  onDate,
  onView,
  onOpen,
  onShowDay,
}: {
  view: View;
  date: string;
  today: string;
  events: ReturnType<typeof useEvents>;
  /** Below the phone width the month is compact (dots and a day agenda) and the week an agenda. */
  phone: boolean;
  titleRef: Ref<HTMLHeadingElement>;
  filter: { types: [string, string][]; type: string; onType: (type: string) => void };
  onDate: (date: string) => void;
  onView: (view: View) => void;
  onOpen: (event: CalendarEvent) => void;
  onShowDay: (date: string) => void;
}) {
  const shown = events.data ?? [];
  const days = useMemo(() => (view === 'week' ? weekOf(date) : [date]), [view, date]);
  return (
    <>
      <CalendarNavigation
        title={titleFor(view, date)}
        titleRef={titleRef}
        onStep={(direction) => onDate(step(view, date, direction))}
        onToday={() => onDate(today)}
        filter={filter}
        views={VIEW_LABELS}
        view={view}
        onView={onView}
        compact={phone}
      />
      {events.isError ? (
        <FetchError title="Failed to fetch events" error={events.error} onRetry={() => events.refetch()} />
      ) : events.isLoading ? (
        <Skeleton className="h-[600px] w-full" />
      ) : view === 'month' ? (
        <MonthView
          date={date}
          today={today}
          events={shown}
          compact={phone}
          onOpen={onOpen}
          onShowDay={onShowDay}
        />
      ) : view === 'list' || (phone && view === 'week') ? (
        // On a phone the week is a day-by-day agenda: seven columns cannot show names at 320 px.
        <ListView events={shown} onOpen={onOpen} />
      ) : (
        <TimeGridView
          days={days}
          ready={!events.isPlaceholderData}
          today={today}
          events={shown}
          onOpen={onOpen}
          onShowDay={onShowDay}
        />
      )}
    </>
  );
}
