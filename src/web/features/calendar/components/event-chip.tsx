import { Repeat } from 'lucide-react';
import type { CalendarEvent } from '../api/types';
import { formatEventTime } from '../lib/dates';
import { useCalendarColors } from './use-colors';

/**
 * One event in a month cell or a list: its type's colours, a dot per space. The name may take two
 * lines and the time gives way on narrow screens, so a phone's month cell still shows the name.
 */
export function EventChip({
  event,
  onOpen,
  showTime = true,
  tabbable = true,
}: {
  event: CalendarEvent;
  onOpen: (event: CalendarEvent) => void;
  showTime?: boolean;
  /** False in a month grid's days other than the active one (one Tab stop per grid). */
  tabbable?: boolean;
}) {
  const { types, spaces } = useCalendarColors();
  const color = types[event.eventType] ?? types.other;
  return (
    <button
      type="button"
      tabIndex={tabbable ? 0 : -1}
      // The visible text first (time and name), then what only the colours and dots say.
      aria-label={`${showTime ? `${formatEventTime(event.startDateTime)} ` : ''}${event.name}, ${event.spaces.join(', ') || 'no space'}${event.isRecurring ? ', repeats' : ''}`}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(event);
      }}
      className="flex min-h-6 w-full min-w-0 items-start gap-1 rounded border-l-4 px-1 py-0.5 text-left text-[11px] leading-tight sm:px-1.5 sm:text-xs hover:opacity-85 focus:outline-none focus:ring-2 focus:ring-ring"
      style={{ backgroundColor: color.background, borderColor: color.border, color: color.text }}
      data-event-id={event.id}
      title={`${event.name} · ${event.spaces.join(', ')}`}
    >
      {event.spaces.map((s) => (
        <span
          key={s}
          aria-hidden="true"
          className="mt-0.5 hidden size-2 shrink-0 rounded-full border border-black/10 sm:block"
          style={{ backgroundColor: spaces[s] }}
        />
      ))}
      <span className="line-clamp-2 min-w-0 flex-1 [overflow-wrap:anywhere]">
        {showTime && (
          <span className="hidden font-medium sm:inline">{formatEventTime(event.startDateTime)} </span>
        )}
        {event.name}
      </span>
      {event.isRecurring && (
        <Repeat aria-label="Repeats" className="mt-0.5 hidden size-3 shrink-0 opacity-70 sm:block" />
      )}
    </button>
  );
}
