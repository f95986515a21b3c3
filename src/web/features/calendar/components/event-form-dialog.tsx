// Create and edit in a dialog that asks before throwing away changes.
import { useCallback, useRef } from 'react';
import { useConfirm } from '@web/components/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import type { CalendarEvent } from '@common/schemas/calendar';
import { EventForm } from './event-form/event-form';

export function EventFormDialog({
  orgId,
  open,
  event,
  date,
  onClose,
}: {
  orgId: number;
  open: boolean;
  event: CalendarEvent | null;
  date: string;
  onClose: () => void;
}) {
  const dirty = useRef(false);
  const confirm = useConfirm();
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const close = () => {
    dirty.current = false;
    onClose();
  };
  const leave = () => {
    if (!dirty.current) return close();
    confirm.ask({
      title: 'Discard changes?',
      description: event
        ? 'Your changes to this event have not been saved.'
        : 'This event has not been created yet.',
      confirmLabel: 'Discard',
      destructive: true,
      onConfirm: async () => close(),
    });
  };
  return (
    <>
      <Dialog open={open} onOpenChange={(o) => !o && leave()}>
        <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto" data-testid="event-form">
          <DialogHeader>
            <DialogTitle>{event ? 'Edit Event' : 'Add Event'}</DialogTitle>
            <DialogDescription>
              {event
                ? 'Change this event and choose which dates the change applies to.'
                : 'Book a space for a show, class, rehearsal or anything else.'}
            </DialogDescription>
          </DialogHeader>
          {open && (
            <EventForm
              orgId={orgId}
              event={event}
              date={date}
              onDone={close}
              onCancel={leave}
              onDirtyChange={onDirtyChange}
            />
          )}
        </DialogContent>
      </Dialog>
      {confirm.dialog}
    </>
  );
}
