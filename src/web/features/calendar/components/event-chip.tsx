import { Repeat } from 'lucide-react';
import type { CalendarEvent } from '../api/types';
import { formatEventTime } from '../lib/dates';
import { useCalendarColors } from './use-colors';

/** One event in a month cell or a list: its type's colours, a dot per space. */
export function EventChip({
  event,
  onOpen,
  showTime = true,
}: {
  event: CalendarEvent;
  onOpen: (event: CalendarEvent) => void;
  showTime?: boolean;
}) {
  const { types, spaces } = useCalendarColors();
  const color = types[event.eventType] ?? types.other;
  return (
    <button
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        onOpen(event);
      }}
      className="flex w-full min-w-0 items-center gap-1 rounded border-l-4 px-1.5 py-0.5 text-left text-xs leading-tight hover:opacity-85 focus:outline-none focus:ring-2 focus:ring-ring"
      style={{ backgroundColor: color.background, borderColor: color.border, color: color.text }}
      data-event-id={event.id}
      title={`${event.name} · ${event.spaces.join(', ')}`}
    >
      {event.spaces.map((s) => (
        <span
          key={s}
          aria-hidden="true"
          className="size-2 shrink-0 rounded-full border border-black/10"
          style={{ backgroundColor: spaces[s] }}
        />
      ))}
      {showTime && <span className="shrink-0 font-medium">{formatEventTime(event.startDateTime)}</span>}
      <span className="truncate">{event.name}</span>
      {event.isRecurring && <Repeat aria-label="Repeats" className="size-3 shrink-0 opacity-70" />}
    </button>
  );
}
