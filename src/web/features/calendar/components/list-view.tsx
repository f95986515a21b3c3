import { eventTypeLabel } from '@common/glossary';
import { CalendarX } from 'lucide-react';
import type { CalendarEvent } from '@common/schemas/calendar';
import { formatLongDay, formatTimeRange, wallDate } from '../lib/dates';
import { useCalendarColors } from './use-colors';

/** The schedule list: events by date (also My Schedule). */
export function ListView({
  events,
  onOpen,
  empty = 'No events in this period',
}: {
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
  empty?: string;
}) {
  const { types } = useCalendarColors();
  if (events.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
        <CalendarX aria-hidden="true" className="size-8" />
        <p>{empty}</p>
      </div>
    );
  }
  const groups = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const day = wallDate(event.startDateTime);
    groups.set(day, [...(groups.get(day) ?? []), event]);
  }
  return (
    <div className="space-y-4" data-testid="list-view">
      {[...groups].map(([day, list]) => (
        <section key={day} aria-label={formatLongDay(day)}>
          <h3 className="mb-2 text-sm font-semibold text-muted-foreground">{formatLongDay(day)}</h3>
          <ul className="divide-y rounded-lg border">
            {list.map((event) => {
              const color = types[event.eventType] ?? types.other;
              return (
                <li key={event.id}>
                  <button
                    type="button"
                    data-event-id={event.id}
                    onClick={() => onOpen(event)}
                    className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-muted/50 focus:outline-none focus:ring-2 focus:ring-ring"
                  >
                    <span
                      aria-hidden="true"
                      className="h-8 w-1 rounded"
                      style={{ backgroundColor: color.border }}
                    />
                    <span className="w-24 shrink-0 text-xs text-muted-foreground sm:w-40 sm:text-sm">
                      {formatTimeRange(event.startDateTime, event.endDateTime)}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="line-clamp-2 font-medium [overflow-wrap:anywhere]">{event.name}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {event.spaces.join(', ') || 'TBD'} · {eventTypeLabel(event.eventType)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
