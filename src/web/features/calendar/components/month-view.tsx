import { useMemo } from 'react';
import { cn } from '@web/lib/utils';
import type { CalendarEvent } from '@common/schemas/calendar';
import { dayWithEvents, eventDates, formatLongDay, monthGrid } from '../lib/dates';
import { EventChip } from './event-chip';
import { ListView } from './list-view';
import { useRovingDays } from './roving-days';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHOWN_PER_DAY = 3;

function eventsByDay(events: CalendarEvent[]): Map<string, CalendarEvent[]> {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    for (const d of eventDates(event.startDateTime, event.endDateTime)) {
      byDay.set(d, [...(byDay.get(d) ?? []), event]);
    }
  }
  return byDay;
}

/**
 * Month view: six weeks of 42 days, Sunday first. The grid is one Tab stop:
 * arrow keys move between days, Enter opens the day, Tab goes on to that day's events. Below
 * 640 px (`compact`) the days show dots and the chosen day's events are listed under the month.
 */
export function MonthView({
  date,
  today,
  events,
  compact = false,
  onOpen,
  onShowDay,
}: {
  date: string;
  today: string;
  events: CalendarEvent[];
  compact?: boolean;
  onOpen: (event: CalendarEvent) => void;
  onShowDay: (date: string) => void;
}) {
  const days = useMemo(() => monthGrid(date), [date]);
  const month = date.slice(0, 7);
  const byDay = useMemo(() => eventsByDay(events), [events]);
  const { active, setActive, container, onKeyDown } = useRovingDays(days, date, 7);
  const chosen = byDay.get(active) ?? [];
  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-lg border" data-testid="month-view">
        <div
          className="grid grid-cols-7 border-b bg-muted/50 text-center text-xs font-semibold text-muted-foreground"
          aria-hidden="true"
        >
          {WEEKDAYS.map((d) => (
            <div key={d} className="py-2">
              {d}
            </div>
          ))}
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys from the day buttons inside bubble here */}
        <div ref={container} className="grid grid-cols-7 grid-rows-6" onKeyDown={onKeyDown}>
          {days.map((day) => {
            const list = byDay.get(day) ?? [];
            const isActive = day === active;
            return (
              <div
                key={day}
                data-date={day}
                className={cn(
                  'min-w-0 border-b border-r [&:nth-child(7n)]:border-r-0',
                  compact ? 'p-0' : 'min-h-28 space-y-1 p-1',
                  day.slice(0, 7) !== month && 'bg-muted/30 text-muted-foreground',
                )}
              >
                <button
                  type="button"
                  data-day-button={day}
                  tabIndex={isActive ? 0 : -1}
                  aria-current={day === today ? 'date' : undefined}
                  aria-pressed={compact ? isActive : undefined}
                  onClick={(e) => {
                    e.stopPropagation();
                    setActive(day);
                    if (!compact) onShowDay(day);
                  }}
                  aria-label={dayWithEvents(day, list.length)}
                  className={cn(
                    'flex items-center justify-center rounded-full text-xs font-medium hover:bg-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    compact ? 'h-11 w-full flex-col gap-0.5 rounded-md text-sm' : 'size-6',
                    day === today && !compact && 'bg-primary text-primary-foreground hover:bg-primary/90',
                    day === today && compact && 'font-bold text-primary-text underline',
                    compact && isActive && 'bg-primary text-primary-foreground hover:bg-primary/90',
                  )}
                >
                  {Number(day.slice(8, 10))}
                  {compact && list.length > 0 && (
                    <span aria-hidden="true" className="flex gap-0.5">
                      {list.slice(0, 3).map((e) => (
                        <span key={e.id} className="size-1.5 rounded-full bg-current" />
                      ))}
                    </span>
                  )}
                </button>
                {!compact &&
                  list
                    .slice(0, SHOWN_PER_DAY)
                    .map((event) => (
                      <EventChip key={event.id} event={event} onOpen={onOpen} tabbable={isActive} />
                    ))}
                {!compact && list.length > SHOWN_PER_DAY && (
                  <button
                    type="button"
                    tabIndex={isActive ? 0 : -1}
                    onClick={(e) => {
                      e.stopPropagation();
                      onShowDay(day);
                    }}
                    aria-label={`+${list.length - SHOWN_PER_DAY} more on ${formatLongDay(day)}`}
                    className="min-h-6 w-full rounded px-1 text-left text-xs font-medium text-muted-foreground hover:bg-muted"
                  >
                    +{list.length - SHOWN_PER_DAY} more
                  </button>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {compact && (
        <section aria-label={`Events on ${formatLongDay(active)}`} data-testid="day-agenda">
          <ListView events={chosen} onOpen={onOpen} empty={`No events on ${formatLongDay(active)}`} />
        </section>
      )}
    </div>
  );
}
