import { cn } from '@web/lib/utils';
import type { CalendarEvent } from '../api/types';
import {
  DAY_END_MINUTES,
  DAY_START_MINUTES,
  formatClock,
  formatShortDay,
  formatTimeRange,
  SLOT_HEIGHT_PX,
  SLOT_MINUTES,
  wallDate,
  wallMinutes,
} from '../lib/dates';
import { layoutDay } from '../lib/layout';
import { useCalendarColors } from './use-colors';

const SLOTS = (DAY_END_MINUTES - DAY_START_MINUTES) / SLOT_MINUTES;
const SLOT_STARTS = Array.from({ length: SLOTS }, (_, i) => DAY_START_MINUTES + i * SLOT_MINUTES);
const px = (minutes: number) => ((minutes - DAY_START_MINUTES) / SLOT_MINUTES) * SLOT_HEIGHT_PX;

/** The part of an event on one day, in minutes of that day, clipped to the visible hours. */
function span(event: CalendarEvent, day: string) {
  const startDay = wallDate(event.startDateTime);
  const endDay = wallDate(event.endDateTime);
  if (day < startDay || day > endDay) return null;
  const start = startDay === day ? wallMinutes(event.startDateTime) : 0;
  const end = endDay === day ? wallMinutes(event.endDateTime) : 24 * 60;
  if (end <= DAY_START_MINUTES || start >= DAY_END_MINUTES || end <= start) return null;
  return { start: Math.max(start, DAY_START_MINUTES), end: Math.min(end, DAY_END_MINUTES) };
}

/** Week and day views (spec part 2 §2): half-hour rows 06:00–23:00, 40 px each, overlaps side by side. */
export function TimeGridView({
  days,
  today,
  events,
  onOpen,
}: {
  days: string[];
  today: string;
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
}) {
  const { types } = useCalendarColors();
  return (
    <div
      className="overflow-x-auto rounded-lg border"
      data-testid={days.length === 1 ? 'day-view' : 'week-view'}
    >
      <div
        className="grid min-w-[640px]"
        style={{ gridTemplateColumns: `4rem repeat(${days.length}, minmax(0, 1fr))` }}
      >
        <div className="border-b bg-muted/50" />
        {days.map((day) => (
          <div
            key={day}
            className={cn(
              'border-b border-l bg-muted/50 py-2 text-center text-xs font-semibold',
              day === today && 'text-primary',
            )}
          >
            {formatShortDay(day)}
          </div>
        ))}
        <div className="relative" style={{ height: SLOTS * SLOT_HEIGHT_PX }}>
          {SLOT_STARTS.map((minutes) => (
            <div
              key={minutes}
              className="absolute right-1 -translate-y-2 text-[10px] text-muted-foreground"
              style={{ top: px(minutes) }}
            >
              {minutes % 60 === 0 ? formatClock(minutes) : ''}
            </div>
          ))}
        </div>
        {days.map((day) => {
          const placed = layoutDay(
            events.flatMap((event) => {
              const s = span(event, day);
              return s ? [{ item: event, ...s }] : [];
            }),
          );
          return (
            <div
              key={day}
              data-date={day}
              className="relative border-l"
              style={{ height: SLOTS * SLOT_HEIGHT_PX }}
            >
              {SLOT_STARTS.map((minutes) => (
                <div
                  key={minutes}
                  className={cn(
                    'absolute inset-x-0 border-t',
                    minutes % 60 !== 0 && 'border-dashed border-muted',
                  )}
                  style={{ top: px(minutes), height: SLOT_HEIGHT_PX }}
                />
              ))}
              {placed.map(({ item: event, start, end, lane, lanes }) => {
                const color = types[event.eventType] ?? types.other;
                return (
                  <button
                    type="button"
                    key={event.id}
                    data-event-id={event.id}
                    onClick={() => onOpen(event)}
                    className="absolute overflow-hidden rounded border-l-4 px-1 py-0.5 text-left text-xs leading-tight shadow-sm hover:opacity-90 focus:outline-none focus:ring-2 focus:ring-ring"
                    style={{
                      top: px(start),
                      height: Math.max(px(end) - px(start), 18),
                      left: `calc(${(lane / lanes) * 100}% + 2px)`,
                      width: `calc(${100 / lanes}% - 4px)`,
                      backgroundColor: color.background,
                      borderColor: color.border,
                      color: color.text,
                    }}
                  >
                    <div className="truncate font-semibold">{event.name}</div>
                    <div className="truncate">{formatTimeRange(event.startDateTime, event.endDateTime)}</div>
                    <div className="truncate opacity-80">{event.spaces.join(', ')}</div>
                  </button>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
