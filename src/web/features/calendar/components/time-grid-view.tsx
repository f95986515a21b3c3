import { useLayoutEffect, useRef } from 'react';
import { cn } from '@web/lib/utils';
import type { CalendarEvent } from '@common/schemas/calendar';
import { formatClock } from '@common/clock';
import {
  dayPart,
  formatShortDay,
  formatTimeRange,
  isWholeDay,
  openingMinutes,
  SLOT_HEIGHT_PX,
  SLOT_MINUTES,
  visibleMinutes,
} from '../lib/dates';
import { layoutDay } from '../lib/layout';
import { useRovingDays } from './roving-days';
import { useCalendarColors } from './use-colors';

/** The events of one day split into the all-day row's and the hours grid's. */
function splitDay(events: CalendarEvent[], day: string) {
  const allDay: CalendarEvent[] = [];
  const timed: { item: CalendarEvent; start: number; end: number }[] = [];
  for (const event of events) {
    const part = dayPart(event, day);
    if (!part) continue;
    if (isWholeDay(part)) allDay.push(event);
    else timed.push({ item: event, ...part });
  }
  return { allDay, timed };
}

/**
 * Week and day views: half-hour rows, 40 px each, overlaps side by side. The rows
 * run 06:00–23:00, or earlier and later when the days shown need it, so no event is cut off; an
 * overnight event shows on both days, and one that fills a whole day sits in the all-day row. The
 * hours scroll under a sticky row of day headings, and open at the first event of the days shown
 * (5 PM when there is none), since rehearsals and shows are in the evening. In the week the day
 * headings are one Tab stop: arrow keys move between days, Enter opens the day, Tab goes on to
 * that day's events.
 */
export function TimeGridView({
  days,
  today,
  events,
  ready = true,
  onOpen,
  onShowDay,
}: {
  days: string[];
  today: string;
  events: CalendarEvent[];
  /** False while `events` are still the previous period's: the opening scroll waits for these. */
  ready?: boolean;
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
  const byDay = days.map((day) => ({ day, ...splitDay(events, day) }));
  const hasAllDay = byDay.some((d) => d.allDay.length > 0);
  const columns = { gridTemplateColumns: `4rem repeat(${days.length}, minmax(0, 1fr))` };

  // Scrolls once per period shown, when its events have arrived; later refetches leave the
  // reader's scroll alone.
  const scroller = useRef<HTMLElement>(null);
  const scrolledFor = useRef('');
  const period = days.join();
  const opening = px(openingMinutes(events, days));
  useLayoutEffect(() => {
    if (!ready || scrolledFor.current === period || !scroller.current) return;
    scrolledFor.current = period;
    scroller.current.scrollTop = Math.max(0, opening - SLOT_HEIGHT_PX / 2);
  }, [ready, period, opening]);

  const eventTab = (day: string) => (!week || day === active ? 0 : -1);
  return (
    // A scrolling region takes focus, so keyboard users can scroll it too.
    <section
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      aria-label={days.length === 1 ? 'Day schedule' : 'Week schedule'}
      className="max-h-[max(24rem,calc(100dvh-20rem))] overflow-auto overscroll-contain rounded-lg border focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid={days.length === 1 ? 'day-view' : 'week-view'}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys from the day buttons inside bubble here */}
      <div
        ref={container}
        onKeyDown={onKeyDown}
        className={cn('grid', days.length > 1 && 'min-w-[640px]')}
        style={columns}
      >
        <div className="sticky top-0 z-20 col-span-full grid border-b bg-muted shadow-sm" style={columns}>
          <div />
          {days.map((day) => (
            <div
              key={day}
              className={cn(
                'border-l py-2 text-center text-xs font-semibold',
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
                  className="min-h-6 rounded px-2 hover:bg-background focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {formatShortDay(day)}
                </button>
              ) : (
                formatShortDay(day)
              )}
            </div>
          ))}
          {hasAllDay && (
            <>
              <div className="self-center border-t px-1 text-right text-[11px] text-muted-foreground">
                All day
              </div>
              {byDay.map(({ day, allDay }) => (
                <div
                  key={day}
                  data-all-day={day}
                  className="min-w-0 space-y-0.5 border-l border-t bg-background p-0.5"
                >
                  {allDay.map((event) => {
                    const color = types[event.eventType] ?? types.other;
                    return (
                      <button
                        type="button"
                        key={event.id}
                        data-event-id={event.id}
                        tabIndex={eventTab(day)}
                        onClick={() => onOpen(event)}
                        aria-label={`All day: ${event.name}, ${event.spaces.join(', ') || 'no space'}`}
                        className="block w-full truncate rounded border-l-4 px-1 py-0.5 text-left text-xs font-semibold hover:opacity-90 focus:outline-none focus:ring-2 focus:ring-ring"
                        style={{
                          backgroundColor: color.background,
                          borderColor: color.border,
                          color: color.text,
                        }}
                        title={event.name}
                      >
                        {event.name}
                      </button>
                    );
                  })}
                </div>
              ))}
            </>
          )}
        </div>
        <div className="relative" style={{ height: slots * SLOT_HEIGHT_PX }}>
          {slotStarts.map((minutes) => (
            <div
              key={minutes}
              className="absolute right-1 text-xs text-muted-foreground"
              // The first label would sit under the sticky headings if lifted to its line.
              style={{
                top: px(minutes),
                transform: minutes === hours.start ? undefined : 'translateY(-50%)',
              }}
            >
              {minutes % 60 === 0 ? formatClock(minutes) : ''}
            </div>
          ))}
        </div>
        {byDay.map(({ day, timed }) => (
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
            {layoutDay(timed).map(({ item: event, start, end, lane, lanes }) => {
              const color = types[event.eventType] ?? types.other;
              return (
                <button
                  type="button"
                  key={event.id}
                  data-event-id={event.id}
                  tabIndex={eventTab(day)}
                  onClick={() => onOpen(event)}
                  // A button centres its content; a block reads from its top, as a paper diary does.
                  className="absolute flex flex-col items-stretch justify-start overflow-hidden rounded border-l-4 px-1 py-0.5 text-left text-xs leading-tight shadow-sm hover:opacity-90 focus:outline-none focus:ring-2 focus:ring-ring"
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
                  <span className="line-clamp-3 shrink-0 font-semibold [overflow-wrap:anywhere]">
                    {event.name}
                  </span>
                  <span className="shrink-0">{formatTimeRange(event.startDateTime, event.endDateTime)}</span>
                  <span className="truncate opacity-80">{event.spaces.join(', ')}</span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
