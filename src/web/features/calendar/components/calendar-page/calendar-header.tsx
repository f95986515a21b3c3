// The calendar's heading row: the page's other actions (buttons on wide screens, a menu on a
// phone), and Add Event.
import type { Actor } from '@common/permissions';
import { policy } from '@common/permissions';
import { ClipboardList, FileText, MoreHorizontal, NotebookPen, Palette, Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { type CalendarAction, CalendarActionButtons } from '../calendar-toolbar';

// A phone's menu of secondary actions (Radix menu and its positioning library) loads after the
// grid, as the type filter's menu does on wider screens.
const CalendarActionsMenu = lazy(async () => ({
  default: (await import('../calendar-actions-menu')).CalendarActionsMenu,
}));

/** The actions the member may take from the calendar, besides adding an event. */
export function calendarActions(
  actor: Actor,
  { dayShown, date, onConfig }: { dayShown: boolean; date: string; onConfig: () => void },
): CalendarAction[] {
  return [
    ...(policy.viewAttendanceReport(actor, []) || actor.role === 'team_lead'
      ? [{ label: 'Attendance', icon: ClipboardList, href: '/calendar/attendance' }]
      : []),
    { label: 'Report notes', icon: NotebookPen, href: '/calendar/report-notes' },
    ...(policy.configureCalendar(actor) ? [{ label: 'Config', icon: Palette, onSelect: onConfig }] : []),
    ...(dayShown ? [{ label: 'Call sheet', icon: FileText, href: `/calendar/call-sheet?date=${date}` }] : []),
  ];
}

export function CalendarHeader({
  actions,
  phone,
  types,
  type,
  onType,
  onAdd,
}: {
  actions: CalendarAction[];
  phone: boolean;
  /** The type filter's choices, on the calendar's own tab only (empty elsewhere). */
  types: [string, string][];
  type: string;
  onType: (type: string) => void;
  onAdd: () => void;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h1 className="text-xl font-bold tracking-tight sm:text-3xl">Calendar</h1>
      <div className={cn('flex justify-end gap-2', !phone && 'flex-wrap')}>
        {!phone && <CalendarActionButtons actions={actions} />}
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" /> Add Event
        </Button>
        {phone && (types.length > 0 || actions.length > 0) && (
          <Suspense
            fallback={
              <Button variant="outline" size="icon" aria-label="More calendar options" disabled>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            }
          >
            <CalendarActionsMenu actions={actions} types={types} type={type} onType={onType} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
