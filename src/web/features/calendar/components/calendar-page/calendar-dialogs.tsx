// The dialogs the calendar opens over its tabs: an event's details, the event form and the colour
// settings. Each loads the first time it is opened, so the grid paints first.
import { lazy, Suspense } from 'react';
import { useLatch } from '@web/hooks/use-latch';
import type { CalendarEvent } from '@common/schemas/calendar';

const EventFormDialog = lazy(async () => ({
  default: (await import('../event-form-dialog')).EventFormDialog,
}));
const EventDetailDialog = lazy(async () => ({
  default: (await import('../event-detail-dialog')).EventDetailDialog,
}));
const ColorConfigDialog = lazy(async () => ({
  default: (await import('../color-config-dialog')).ColorConfigDialog,
}));

/** The event being created (`event: null`) or edited, and the date the form starts on. */
export interface Editing {
  event: CalendarEvent | null;
  date: string;
}

export function CalendarDialogs({
  orgId,
  today,
  open,
  editing,
  colorsOpen,
  onOpen,
  onEdit,
  onColorsOpen,
}: {
  orgId: number;
  today: string;
  /** The event whose details are shown. */
  open: CalendarEvent | null;
  editing: Editing | null;
  colorsOpen: boolean;
  onOpen: (event: CalendarEvent | null) => void;
  onEdit: (editing: Editing | null) => void;
  onColorsOpen: (open: boolean) => void;
}) {
  // Once loaded, a dialog stays mounted so that it can animate closed.
  const formUsed = useLatch(editing !== null);
  const detailUsed = useLatch(open !== null);
  return (
    <>
      {detailUsed && (
        <Suspense fallback={null}>
          <EventDetailDialog
            key={open?.id}
            orgId={orgId}
            event={open}
            onClose={() => onOpen(null)}
            onEdit={(event) => {
              onOpen(null);
              onEdit({ event, date: event.startDateTime.slice(0, 10) });
            }}
          />
        </Suspense>
      )}
      {formUsed && (
        <Suspense fallback={null}>
          <EventFormDialog
            orgId={orgId}
            open={editing !== null}
            event={editing?.event ?? null}
            date={editing?.date ?? today}
            onClose={() => onEdit(null)}
          />
        </Suspense>
      )}
      {colorsOpen && (
        <Suspense fallback={null}>
          <ColorConfigDialog open onClose={() => onColorsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
