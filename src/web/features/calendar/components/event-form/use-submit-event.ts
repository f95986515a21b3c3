// Saving the event form: a space clash comes back as the list of clashing bookings (which an
// owner may book over), field errors land on their fields, anything else is a toast.
import { type EventFormValues, formToRequest } from '@common/schemas/calendar';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useSaveEvent } from '../../api/events';
import type { CalendarEvent, SpaceConflict, Strategy } from '@common/schemas/calendar';
import { conflictsOf, FIELD_OF } from './form-values';

export function useSubmitEvent({
  orgId,
  event,
  strategy,
  form,
  onDone,
}: {
  orgId: number;
  event: CalendarEvent | null;
  strategy: Strategy;
  form: UseFormReturn<EventFormValues>;
  onDone: () => void;
}) {
  const save = useSaveEvent(orgId);
  const [conflicts, setConflicts] = useState<SpaceConflict[] | null>(null);

  const submit = (override: boolean) =>
    form.handleSubmit((values) => {
      save.mutate(
        {
          id: event?.id,
          body: formToRequest(values, override),
          strategy: event?.isRecurring ? strategy : undefined,
        },
        {
          onSuccess: () => {
            toast({ title: event ? 'Event updated successfully' : 'Event created successfully' });
            onDone();
          },
          onError: (error) => {
            const found = conflictsOf(error);
            if (found) {
              setConflicts(found);
              return;
            }
            if (isApiError(error) && error.fieldErrors) {
              for (const [field, message] of Object.entries(error.fieldErrors)) {
                form.setError((FIELD_OF[field] ?? field) as keyof EventFormValues, { message });
              }
            }
            toast({
              title: event ? 'Failed to update event' : 'Failed to create event',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            });
          },
        },
      );
    })();

  return { submit, conflicts, pending: save.isPending };
}
