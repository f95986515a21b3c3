import { cn } from '@web/lib/utils';
import type { CalendarEvent } from '../api/types';
import { eventDates, monthGrid } from '../lib/dates';
import { EventChip } from './event-chip';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHOWN_PER_DAY = 3;

/** Month view (spec part 2 §2): six weeks of 42 days, Sunday first. */
export function MonthView({
  date,
  today,
  events,
  onOpen,
  onShowDay,
}: {
  date: string;
  today: string;
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
  onShowDay: (date: string) => void;
}) {
  const days = monthGrid(date);
  const month = date.slice(0, 7);
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    for (const d of eventDates(event.startDateTime, event.endDateTime)) {
      const list = byDay.get(d) ?? [];
      list.push(event);
      byDay.set(d, list);
    }
  }
  return (
    <div className="overflow-hidden rounded-lg border" data-testid="month-view">
      <div className="grid grid-cols-7 border-b bg-muted/50 text-center text-xs font-semibold text-muted-foreground">
        {WEEKDAYS.map((d) => (
          <div key={d} className="py-2">
            {d}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7 grid-rows-6">
        {days.map((day) => {
          const list = byDay.get(day) ?? [];
          return (
            <div
              key={day}
              data-date={day}
              className={cn(
                'min-h-28 min-w-0 space-y-1 border-b border-r p-0.5 sm:p-1 [&:nth-child(7n)]:border-r-0',
                day.slice(0, 7) !== month && 'bg-muted/30 text-muted-foreground',
              )}
            >
              <button
                type="button"
                onClick={(e) => {
                  e.stopPropagation();
                  onShowDay(day);
                }}
                aria-label={`Show ${day}`}
                className={cn(
                  'flex size-6 items-center justify-center rounded-full text-xs font-medium hover:bg-muted',
                  day === today && 'bg-primary text-primary-foreground hover:bg-primary/90',
                )}
              >
                {Number(day.slice(8, 10))}
              </button>
              {list.slice(0, SHOWN_PER_DAY).map((event) => (
                <EventChip key={event.id} event={event} onOpen={onOpen} />
              ))}
              {list.length > SHOWN_PER_DAY && (
                <button
                  type="button"
                  onClick={(e) => {
                    e.stopPropagation();
                    onShowDay(day);
                  }}
                  aria-label={`${list.length - SHOWN_PER_DAY} more on ${day}`}
                  className="w-full rounded px-1 text-left text-xs font-medium text-muted-foreground hover:bg-muted"
                >
                  +{list.length - SHOWN_PER_DAY} more
                </button>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
