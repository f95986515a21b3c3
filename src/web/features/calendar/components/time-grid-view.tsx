import { cn } from '@web/lib/utils';
import type { CalendarEvent } from '../api/types';
import {
  dayPart,
  formatClock,
  formatShortDay,
  formatTimeRange,
  SLOT_HEIGHT_PX,
  SLOT_MINUTES,
  visibleMinutes,
} from '../lib/dates';
import { layoutDay } from '../lib/layout';
import { useRovingDays } from './roving-days';
import { useCalendarColors } from './use-colors';

/**
 * Week and day views (spec part 2 §2): half-hour rows, 40 px each, overlaps side by side. The rows
 * run 06:00–23:00, or earlier and later when the days shown need it, so no event is cut off; an
 * overnight event shows on both days. In the week the day headings are one Tab stop: arrow keys
 * move between days, Enter opens the day, Tab goes on to that day's events.
 */
export function TimeGridView({
  days,
  today,
  events,
  onOpen,
  onShowDay,
}: {
  days: string[];
  today: string;
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
  onShowDay?: (date: string) => void;
}) {
  const { types } = useCalendarColors();
  const initial = days.includes(today) ? today : days[0];
  const { active, container, onKeyDown } = useRovingDays(days, initial, days.length);
  const week = days.length > 1 && onShowDay;
  const hours = visibleMinutes(events, days);
  const slots = (hours.end - hours.start) / SLOT_MINUTES;
  const slotStarts = Array.from({ length: slots }, (_, i) => hours.start + i * SLOT_MINUTES);
  const px = (minutes: number) => ((minutes - hours.start) / SLOT_MINUTES) * SLOT_HEIGHT_PX;
  return (
    // A scrolling region takes focus, so keyboard users can scroll it too.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      aria-label={days.length === 1 ? 'Day schedule' : 'Week schedule'}
      className="overflow-x-auto rounded-lg border focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid={days.length === 1 ? 'day-view' : 'week-view'}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys from the day buttons inside bubble here */}
      <div
        ref={container}
        onKeyDown={onKeyDown}
        className={cn('grid', days.length > 1 && 'min-w-[640px]')}
        style={{ gridTemplateColumns: `4rem repeat(${days.length}, minmax(0, 1fr))` }}
      >
        <div className="border-b bg-muted/50" />
        {days.map((day) => (
          <div
            key={day}
            className={cn(
              'border-b border-l bg-muted/50 py-2 text-center text-xs font-semibold',
              day === today && 'text-primary-text',
            )}
          >
            {week ? (
              <button
                type="button"
                data-day-button={day}
                tabIndex={day === active ? 0 : -1}
                aria-current={day === today ? 'date' : undefined}
                onClick={() => onShowDay(day)}
                className="min-h-6 rounded px-2 hover:bg-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {formatShortDay(day)}
              </button>
            ) : (
              formatShortDay(day)
            )}
          </div>
        ))}
        <div className="relative" style={{ height: slots * SLOT_HEIGHT_PX }}>
          {slotStarts.map((minutes) => (
            <div
              key={minutes}
              className="absolute right-1 -translate-y-2 text-xs text-muted-foreground"
              style={{ top: px(minutes) }}
            >
              {minutes % 60 === 0 ? formatClock(minutes) : ''}
            </div>
          ))}
        </div>
        {days.map((day) => {
          const placed = layoutDay(
            events.flatMap((event) => {
              const s = dayPart(event, day);
              return s ? [{ item: event, ...s }] : [];
            }),
          );
          return (
            <div
              key={day}
              data-date={day}
              className="relative border-l"
              style={{ height: slots * SLOT_HEIGHT_PX }}
            >
              {slotStarts.map((minutes) => (
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
                    tabIndex={!week || day === active ? 0 : -1}
                    onClick={() => onOpen(event)}
                    className="absolute overflow-hidden rounded border-l-4 px-1 py-0.5 text-left text-xs leading-tight shadow-sm hover:opacity-90 focus:outline-none focus:ring-2 focus:ring-ring"
                    style={{
                      top: px(start),
                      height: Math.max(px(end) - px(start), 24),
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
    </section>
  );
}
