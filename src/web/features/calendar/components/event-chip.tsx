import { Repeat } from 'lucide-react';
import type { CalendarEvent } from '@common/schemas/calendar';
import { spaceBarBackground, spaceBarColor } from '../lib/colors';
import { formatEventTime, isAllDay } from '../lib/dates';
import { useCalendarColors } from './use-colors';

/**
 * One event in a month cell: its type's colours, and a bar down its left edge in its space's
 * colour (striped for several spaces). The time has its own line so the name keeps the
 * cell's width for up to two lines; on narrow screens the time gives way.
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
  const time = isAllDay(event) ? 'All day' : formatEventTime(event.startDateTime);
  const bar = spaceBarBackground(event.spaces.map((s) => spaceBarColor(spaces[s])));
  return (
    <button
      type="button"
      tabIndex={tabbable ? 0 : -1}
      // The visible text first (time and name), then what only the colours say.
      aria-label={`${showTime ? `${time} ` : ''}${event.name}, ${event.spaces.join(', ') || 'no space'}${event.isRecurring ? ', repeats' : ''}`}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(event);
      }}
      className="flex min-h-6 w-full min-w-0 items-stretch gap-1 overflow-hidden rounded text-left text-[11px] leading-tight sm:text-xs hover:opacity-85 focus:outline-none focus:ring-2 focus:ring-ring"
      style={{ backgroundColor: color.background, color: color.text }}
      data-event-id={event.id}
      title={`${event.name} · ${event.spaces.join(', ')}`}
    >
      <span
        aria-hidden="true"
        className="w-1 shrink-0"
        style={{ background: event.spaces.length > 0 ? bar : color.border }}
      />
      <span className="min-w-0 flex-1 py-0.5 pr-1">
        {showTime && (
          <span className="hidden items-center justify-between gap-1 font-medium opacity-90 sm:flex">
            {time}
            {event.isRecurring && <Repeat aria-hidden="true" className="size-3 shrink-0 opacity-70" />}
          </span>
        )}
        <span data-chip-text className="line-clamp-2 font-semibold [overflow-wrap:anywhere]">
          {event.name}
        </span>
      </span>
    </button>
  );
}
