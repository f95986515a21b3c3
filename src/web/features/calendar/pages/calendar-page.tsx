// /calendar, /calendar/home, /calendar/my-schedule and /calendar/availability: the tabs, and the
// dialogs an event opens (its details, the form, the colour settings).
import { EVENT_TYPES } from '@common/calendar';
import { eventTypePlural } from '@common/glossary';
import { todayIn } from '@common/zoned-time';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useMediaQuery } from '@web/hooks/use-media-query';
import { ownerOf, useAuth } from '@web/lib/session';
import { useEvents } from '../api/events';
import { useMySchedule } from '../api/my-schedule';
import type { CalendarEvent } from '@common/schemas/calendar';
import { type Editing, CalendarDialogs } from '../components/calendar-page/calendar-dialogs';
import { CalendarHeader, calendarActions } from '../components/calendar-page/calendar-header';
import { CalendarHomeTab } from '../components/calendar-page/calendar-home-tab';
import { MyScheduleTab } from '../components/calendar-page/my-schedule-tab';
import { useViewAndDate } from '../components/calendar-page/use-view-and-date';
import { rangeFor } from '../lib/calendar-view';

// The Availability tab is not the first view: it loads when shown.
const AvailabilityTab = lazy(async () => ({
  default: (await import('@web/features/scheduling/components/availability/availability-tab'))
    .AvailabilityTab,
}));

/** The calendar's tabs, each its own address (/calendar/home, /calendar/my-schedule, …). */
const TABS = ['home', 'my-schedule', 'availability'] as const;
const TYPE_CHOICES: [string, string][] = [
  ['all', 'All Events'],
  ...EVENT_TYPES.map((t): [string, string] => [t, eventTypePlural(t)]),
];
/** Below this the month is compact (dots and a day agenda) and the week an agenda. */
const PHONE = '(max-width: 639px)';
const TAB_CLASS = 'flex-auto px-2 sm:flex-none sm:px-3';

export function CalendarPage() {
  const { me, organization, actor } = useAuth();
  const [location] = useLocation();
  const timeZone = organization?.timezone ?? 'America/New_York';
  const today = todayIn(timeZone);
  const { view, date, go } = useViewAndDate(today);
  const [type, setType] = useState('all');
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [colorsOpen, setColorsOpen] = useState(false);
  // Opening a day from the month or week removes the control that had focus: the day's title
  // takes it instead of <body>.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [focusTitle, setFocusTitle] = useState(false);
  const showDay = (day: string) => {
    setFocusTitle(true);
    go({ view: 'day', date: day });
  };
  useEffect(() => {
    if (!focusTitle || view !== 'day') return;
    setFocusTitle(false);
    titleRef.current?.focus();
  }, [focusTitle, view]);
  const phone = useMediaQuery(PHONE);
  const tab = TABS.find((t) => location.endsWith(`/${t}`)) ?? 'home';
  const range = useMemo(
    () => ({ ...rangeFor(view, date), type: type === 'all' ? undefined : type }),
    [view, date, type],
  );
  const orgId = organization?.id;
  const events = useEvents(orgId, range, tab === 'home');
  const schedule = useMySchedule(me && ownerOf(me), today, tab === 'my-schedule');
  if (!orgId) return null;

  const actions = calendarActions(actor, {
    dayShown: tab === 'home' && view === 'day',
    date,
    onConfig: () => setColorsOpen(true),
  });

  return (
    <div className="mx-auto max-w-7xl space-y-3 sm:space-y-6">
      <CalendarHeader
        actions={actions}
        phone={phone}
        types={tab === 'home' ? TYPE_CHOICES : []}
        type={type}
        onType={setType}
        onAdd={() => setEditing({ event: null, date: [date, today].sort()[1] })}
      />
      <Tabs value={tab} onValueChange={(value) => go({ path: `/calendar/${value}` })}>
        <TabsList className="w-full justify-start overflow-x-auto sm:w-auto">
          <TabsTrigger value="home" className={TAB_CLASS}>
            Calendar
          </TabsTrigger>
          <TabsTrigger value="my-schedule" className={TAB_CLASS}>
            My Schedule
          </TabsTrigger>
          <TabsTrigger value="availability" className={TAB_CLASS}>
            Availability
          </TabsTrigger>
        </TabsList>
        <TabsContent value="home" className="space-y-3 sm:space-y-4">
          <CalendarHomeTab
            view={view}
            date={date}
            today={today}
            events={events}
            phone={phone}
            titleRef={titleRef}
            filter={{ types: TYPE_CHOICES, type, onType: setType }}
            onDate={(next) => go({ date: next })}
            onView={(next) => go({ view: next })}
            onOpen={setOpen}
            onShowDay={showDay}
          />
        </TabsContent>
        <TabsContent
          value="my-schedule"
          className="grid items-start gap-6 lg:grid-cols-[1fr_24rem] [&>*]:min-w-0"
        >
          <MyScheduleTab
            orgId={orgId}
            today={today}
            userId={me?.user.id}
            schedule={schedule}
            onOpen={setOpen}
          />
        </TabsContent>
        <TabsContent value="availability">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <AvailabilityTab orgId={orgId} today={today} />
          </Suspense>
        </TabsContent>
      </Tabs>
      <CalendarDialogs
        orgId={orgId}
        today={today}
        open={open}
        editing={editing}
        colorsOpen={colorsOpen}
        onOpen={setOpen}
        onEdit={setEditing}
        onColorsOpen={setColorsOpen}
      />
    </div>
  );
}
