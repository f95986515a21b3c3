import { policy } from '@common/permissions';
import { dateProblem, EVENT_TYPES } from '@common/schemas/calendar';
import { addDays, todayIn } from '@common/zoned-time';
import { ChevronLeft, ChevronRight, Palette, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FetchError } from '@web/components/fetch-error';
import { useMediaQuery } from '@web/hooks/use-media-query';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useAuth } from '@web/lib/session';
import { useEvents } from '../api/events';
import type { CalendarEvent } from '../api/types';
import { ChoiceSelect } from '../components/choice-select';
import { ColorConfigDialog } from '../components/color-config-dialog';
import { EventDetailDialog } from '../components/event-detail-dialog';
import { EventFormDialog } from '../components/event-form-dialog';
import { ListView } from '../components/list-view';
import { MonthView } from '../components/month-view';
import { SubscribeCard } from '../components/subscribe-card';
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

const VIEWS = ['month', 'week', 'day', 'list'] as const;
type View = (typeof VIEWS)[number];
const MY_SCHEDULE_LIMIT = 10;
const TYPE_LABELS: Record<string, string> = {
  show: 'Shows',
  class: 'Classes',
  rehearsal: 'Rehearsals',
  other: 'Other',
};

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

const isDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && dateProblem(value) === null;

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

/** /calendar, /calendar/home and /calendar/my-schedule (spec part 2 §2). */
/** Below this the month is compact (dots and a day agenda) and the week an agenda. */
const PHONE = '(max-width: 639px)';

export function CalendarPage() {
  const { organization, actor } = useAuth();
  const [location] = useLocation();
  const timeZone = organization?.timezone ?? 'America/New_York';
  const today = todayIn(timeZone);
  const { view, date, go } = useViewAndDate(today);
  const setDate = (next: string) => go({ date: next });
  const setView = (next: View) => go({ view: next });
  const [type, setType] = useState('all');
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const [editing, setEditing] = useState<{ event: CalendarEvent | null; date: string } | null>(null);
  const [colorsOpen, setColorsOpen] = useState(false);
  const phone = useMediaQuery(PHONE);
  const shownDays = useMemo(() => (view === 'week' ? weekOf(date) : [date]), [view, date]);
  const tab = location.endsWith('/my-schedule') ? 'my-schedule' : 'home';
  const range = useMemo(
    () => ({ ...rangeFor(view, date), type: type === 'all' ? undefined : type }),
    [view, date, type],
  );
  const orgId = organization?.id;
  const events = useEvents(orgId, range, tab === 'home');
  const schedule = useEvents(
    orgId,
    { from: today, to: addDays(today, 365), followed: true },
    tab === 'my-schedule',
  );
  if (!orgId) return null;

  const title =
    view === 'day'
      ? formatLongDay(date)
      : view === 'week'
        ? formatWeekTitle(weekOf(date))
        : formatMonthTitle(date);
  // Upcoming: not yet over (an event that ended this morning no longer takes one of the places).
  const now = Date.now();
  const upcoming = (schedule.data ?? [])
    .filter((e) => Date.parse(e.endDateTime) > now)
    .slice(0, MY_SCHEDULE_LIMIT);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Calendar</h1>
        <div className="flex gap-2">
          {policy.configureCalendar(actor) && (
            <Button variant="outline" onClick={() => setColorsOpen(true)}>
              <Palette aria-hidden="true" /> Config
            </Button>
          )}
          <Button onClick={() => setEditing({ event: null, date: [date, today].sort()[1] })}>
            <Plus aria-hidden="true" /> Add Event
          </Button>
        </div>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => go({ path: value === 'home' ? '/calendar/home' : '/calendar/my-schedule' })}
      >
        <TabsList>
          <TabsTrigger value="home">Calendar</TabsTrigger>
          <TabsTrigger value="my-schedule">My Schedule</TabsTrigger>
        </TabsList>
        <TabsContent value="home" className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label="Previous"
              onClick={() => setDate(step(view, date, -1))}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" onClick={() => setDate(today)}>
              Today
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label="Next"
              onClick={() => setDate(step(view, date, 1))}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
            <h2 className="min-w-0 text-xl font-semibold sm:min-w-48" data-testid="calendar-title">
              {title}
            </h2>
            <div className="ml-auto flex flex-wrap gap-2">
              <div className="w-40">
                <ChoiceSelect
                  id="type-filter"
                  label="Event type"
                  value={type}
                  onChange={setType}
                  choices={[
                    ['all', 'All Events'],
                    ...EVENT_TYPES.map((t): [string, string] => [t, TYPE_LABELS[t]]),
                  ]}
                />
              </div>
              <fieldset className="inline-flex rounded-md border" aria-label="View">
                {VIEWS.map((v) => (
                  <Button
                    key={v}
                    variant={view === v ? 'default' : 'ghost'}
                    size="sm"
                    aria-pressed={view === v}
                    onClick={() => setView(v)}
                  >
                    {v === 'list' ? 'Schedule' : v[0].toUpperCase() + v.slice(1)}
                  </Button>
                ))}
              </fieldset>
            </div>
          </div>
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
              onShowDay={(d) => go({ view: 'day', date: d })}
            />
          ) : view === 'list' || (phone && view === 'week') ? (
            // On a phone the week is a day-by-day agenda: seven columns cannot show names at 320 px.
            <ListView events={events.data ?? []} onOpen={setOpen} />
          ) : (
            <TimeGridView
              days={shownDays}
              today={today}
              events={events.data ?? []}
              onOpen={setOpen}
              onShowDay={(d) => go({ view: 'day', date: d })}
            />
          )}
        </TabsContent>
        <TabsContent value="my-schedule" className="grid gap-6 lg:grid-cols-[1fr_24rem] [&>*]:min-w-0">
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
              <ListView
                events={upcoming}
                onOpen={setOpen}
                empty="You are not following any upcoming events"
              />
            )}
          </section>
          <SubscribeCard orgId={orgId} />
        </TabsContent>
      </Tabs>
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
      <EventFormDialog
        orgId={orgId}
        open={editing !== null}
        event={editing?.event ?? null}
        date={editing?.date ?? today}
        onClose={() => setEditing(null)}
      />
      {colorsOpen && <ColorConfigDialog open onClose={() => setColorsOpen(false)} />}
    </div>
  );
}
