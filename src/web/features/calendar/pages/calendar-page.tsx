import { eventTypePlural } from '@common/glossary';
import { policy } from '@common/permissions';
import { EVENT_TYPES } from '@common/calendar';
import { addDays, todayIn } from '@common/zoned-time';
import { ClipboardList, FileText, MoreHorizontal, Palette, Plus, WifiOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FetchError } from '@web/components/fetch-error';
import { useLatch } from '@web/hooks/use-latch';
import { useMediaQuery } from '@web/hooks/use-media-query';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { formatDateTime } from '@web/lib/format';
import { ownerOf, useAuth } from '@web/lib/session';
import { cn } from '@web/lib/utils';
import { useEvents } from '../api/events';
import { useMySchedule } from '../api/my-schedule';
import type { CalendarEvent } from '../api/types';
import {
  type CalendarAction,
  CalendarActionButtons,
  CalendarNavigation,
} from '../components/calendar-toolbar';
import { ListView } from '../components/list-view';
import { MonthView } from '../components/month-view';
import { TimeGridView } from '../components/time-grid-view';
import {
  addMonths,
  formatLongDay,
  formatMonthTitle,
  formatWeekTitle,
  monthGrid,
  startOfMonth,
  weekOf,
} from '../lib/dates';
import { isDate } from '../lib/url-date';

// The grid paints first. The event form (react-hook-form, the schemas) loads when Add Event or
// Edit is first chosen, an event's details when one is first opened, and the type filter's menu
// just after the page (LazyChoiceSelect).
const EventFormDialog = lazy(async () => ({
  default: (await import('../components/event-form-dialog')).EventFormDialog,
}));
const EventDetailDialog = lazy(async () => ({
  default: (await import('../components/event-detail-dialog')).EventDetailDialog,
}));
// My Schedule's calls and subscription, the Availability tab and the colour settings are not the
// first view: they load when shown.
const MyCalls = lazy(async () => ({ default: (await import('../components/calls/my-calls')).MyCalls }));
const MyShifts = lazy(async () => ({
  default: (await import('@web/features/volunteer/components/my-shifts')).MyShifts,
}));
const SubscribeCard = lazy(async () => ({
  default: (await import('../components/subscribe-card')).SubscribeCard,
}));
const ColorConfigDialog = lazy(async () => ({
  default: (await import('../components/color-config-dialog')).ColorConfigDialog,
}));
// A phone's menu of secondary actions (Radix menu and its positioning library) loads after the
// grid, as the type filter's menu does on wider screens.
const CalendarActionsMenu = lazy(async () => ({
  default: (await import('../components/calendar-actions-menu')).CalendarActionsMenu,
}));
const AvailabilityTab = lazy(async () => ({
  default: (await import('../components/availability/availability-tab')).AvailabilityTab,
}));

const VIEWS = ['month', 'week', 'day', 'list'] as const;
type View = (typeof VIEWS)[number];
const MY_SCHEDULE_LIMIT = 10;
/** The calendar's tabs, each its own address (/calendar/home, /calendar/my-schedule, …). */
const TABS = ['home', 'my-schedule', 'availability'] as const;
const TYPE_CHOICES: [string, string][] = [
  ['all', 'All Events'],
  ...EVENT_TYPES.map((t): [string, string] => [t, eventTypePlural(t)]),
];
const VIEW_LABELS = VIEWS.map((v): [View, string] => [
  v,
  v === 'list' ? 'Schedule' : v[0].toUpperCase() + v.slice(1),
]);

function rangeFor(view: View, date: string) {
  if (view === 'month') {
    const grid = monthGrid(date);
    return { from: grid[0], to: grid[grid.length - 1] };
  }
  if (view === 'week') {
    const week = weekOf(date);
    return { from: week[0], to: week[6] };
  }
  if (view === 'day') return { from: date, to: date };
  const first = startOfMonth(date);
  return { from: first, to: addDays(addMonths(first, 1), -1) };
}

function step(view: View, date: string, direction: 1 | -1) {
  if (view === 'month' || view === 'list') return addMonths(date, direction);
  return addDays(date, view === 'week' ? 7 * direction : direction);
}

/**
 * The view and date live in the address (`?view=week&date=2027-01-13`), so reload, back and
 * bookmarks keep them; each change is a history entry.
 */
function useViewAndDate(today: string) {
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const view = VIEWS.find((v) => v === params.get('view')) ?? 'month';
  const raw = params.get('date');
  const date = isDate(raw) ? raw : today;
  const go = (next: { view?: View; date?: string; path?: string }) => {
    const query = new URLSearchParams({ view: next.view ?? view, date: next.date ?? date });
    navigate(`${next.path ?? location}?${query}`);
  };
  return { view, date, go };
}

/** /calendar, /calendar/home and /calendar/my-schedule. */
/** Below this the month is compact (dots and a day agenda) and the week an agenda. */
const PHONE = '(max-width: 639px)';

export function CalendarPage() {
  const { me, organization, actor } = useAuth();
  const [location] = useLocation();
  const timeZone = organization?.timezone ?? 'America/New_York';
  const today = todayIn(timeZone);
  const { view, date, go } = useViewAndDate(today);
  const setDate = (next: string) => go({ date: next });
  const setView = (next: View) => go({ view: next });
  const [type, setType] = useState('all');
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const [editing, setEditing] = useState<{ event: CalendarEvent | null; date: string } | null>(null);
  const formUsed = useLatch(editing !== null);
  const detailUsed = useLatch(open !== null);
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
  const shownDays = useMemo(() => (view === 'week' ? weekOf(date) : [date]), [view, date]);
  const tab = TABS.find((t) => location.endsWith(`/${t}`)) ?? 'home';
  const range = useMemo(
    () => ({ ...rangeFor(view, date), type: type === 'all' ? undefined : type }),
    [view, date, type],
  );
  const orgId = organization?.id;
  const events = useEvents(orgId, range, tab === 'home');
  const schedule = useMySchedule(me && ownerOf(me), today, tab === 'my-schedule');
  if (!orgId) return null;

  const title =
    view === 'day'
      ? formatLongDay(date)
      : view === 'week'
        ? formatWeekTitle(weekOf(date))
        : formatMonthTitle(date);
  // Upcoming: not yet over (an event that ended this morning no longer takes one of the places).
  const now = Date.now();
  const upcoming = (schedule.data?.events ?? [])
    .filter((e) => Date.parse(e.endDateTime) > now)
    .slice(0, MY_SCHEDULE_LIMIT);

  const actions: CalendarAction[] = [
    ...(policy.viewAttendanceReport(actor, []) || actor.role === 'team_lead'
      ? [{ label: 'Attendance', icon: ClipboardList, href: '/calendar/attendance' }]
      : []),
    ...(policy.configureCalendar(actor)
      ? [{ label: 'Config', icon: Palette, onSelect: () => setColorsOpen(true) }]
      : []),
    ...(tab === 'home' && view === 'day'
      ? [{ label: 'Call sheet', icon: FileText, href: `/calendar/call-sheet?date=${date}` }]
      : []),
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-3 sm:space-y-6">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold tracking-tight sm:text-3xl">Calendar</h1>
        <div className={cn('flex justify-end gap-2', !phone && 'flex-wrap')}>
          {!phone && <CalendarActionButtons actions={actions} />}
          <Button onClick={() => setEditing({ event: null, date: [date, today].sort()[1] })}>
            <Plus aria-hidden="true" /> Add Event
          </Button>
          {phone && (tab === 'home' || actions.length > 0) && (
            // The type filter belongs to the calendar's own tab.
            <Suspense
              fallback={
                <Button variant="outline" size="icon" aria-label="More calendar options" disabled>
                  <MoreHorizontal aria-hidden="true" />
                </Button>
              }
            >
              <CalendarActionsMenu
                actions={actions}
                types={tab === 'home' ? TYPE_CHOICES : []}
                type={type}
                onType={setType}
              />
            </Suspense>
          )}
        </div>
      </div>
      <Tabs value={tab} onValueChange={(value) => go({ path: `/calendar/${value}` })}>
        <TabsList className="w-full justify-start overflow-x-auto sm:w-auto">
          <TabsTrigger value="home" className="flex-auto px-2 sm:flex-none sm:px-3">
            Calendar
          </TabsTrigger>
          <TabsTrigger value="my-schedule" className="flex-auto px-2 sm:flex-none sm:px-3">
            My Schedule
          </TabsTrigger>
          <TabsTrigger value="availability" className="flex-auto px-2 sm:flex-none sm:px-3">
            Availability
          </TabsTrigger>
        </TabsList>
        <TabsContent value="home" className="space-y-3 sm:space-y-4">
          <CalendarNavigation
            title={title}
            titleRef={titleRef}
            onStep={(direction) => setDate(step(view, date, direction))}
            onToday={() => setDate(today)}
            filter={{ types: TYPE_CHOICES, type, onType: setType }}
            views={VIEW_LABELS}
            view={view}
            onView={setView}
            compact={phone}
          />
          {events.isError ? (
            <FetchError
              title="Failed to fetch events"
              error={events.error}
              onRetry={() => events.refetch()}
            />
          ) : events.isLoading ? (
            <Skeleton className="h-[600px] w-full" />
          ) : view === 'month' ? (
            <MonthView
              date={date}
              today={today}
              events={events.data ?? []}
              compact={phone}
              onOpen={setOpen}
              onShowDay={showDay}
            />
          ) : view === 'list' || (phone && view === 'week') ? (
            // On a phone the week is a day-by-day agenda: seven columns cannot show names at 320 px.
            <ListView events={events.data ?? []} onOpen={setOpen} />
          ) : (
            <TimeGridView
              days={shownDays}
              ready={!events.isPlaceholderData}
              today={today}
              events={events.data ?? []}
              onOpen={setOpen}
              onShowDay={showDay}
            />
          )}
        </TabsContent>
        <TabsContent
          value="my-schedule"
          className="grid items-start gap-6 lg:grid-cols-[1fr_24rem] [&>*]:min-w-0"
        >
          <div className="space-y-6">
            <Suspense fallback={null}>
              <MyCalls orgId={orgId} today={today} />
            </Suspense>
            <Suspense fallback={null}>
              <MyShifts orgId={orgId} userId={me?.user.id} />
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
                    events={upcoming}
                    onOpen={setOpen}
                    empty="You are not following any upcoming events"
                  />
                </>
              )}
            </section>
          </div>
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <SubscribeCard orgId={orgId} />
          </Suspense>
        </TabsContent>
        <TabsContent value="availability">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <AvailabilityTab orgId={orgId} today={today} />
          </Suspense>
        </TabsContent>
      </Tabs>
      {detailUsed && (
        <Suspense fallback={null}>
          <EventDetailDialog
            key={open?.id}
            orgId={orgId}
            event={open}
            onClose={() => setOpen(null)}
            onEdit={(event) => {
              setOpen(null);
              setEditing({ event, date: event.startDateTime.slice(0, 10) });
            }}
          />
        </Suspense>
      )}
      {formUsed && (
        <Suspense fallback={null}>
          <EventFormDialog
            orgId={orgId}
            open={editing !== null}
            event={editing?.event ?? null}
            date={editing?.date ?? today}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {colorsOpen && (
        <Suspense fallback={null}>
          <ColorConfigDialog open onClose={() => setColorsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
