// The event form's state: the values (react-hook-form over the shared schema), which dates a
// series change applies to, and the defaults that follow the event's own view and the
// organization's settings until the person changes them.
import { policy } from '@common/permissions';
import { type EventFormValues, eventFormSchema } from '@common/schemas/calendar';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAuth } from '@web/lib/session';
import { usePeopleConflicts } from '@web/features/scheduling/api/conflicts';
import { useCalendarOptions, useEventDetail } from '../../api/events';
import type { CalendarEvent, Strategy } from '@common/schemas/calendar';
import {
  conflictsRequestOf,
  countFor,
  endFor,
  followStartDate,
  publicByDefault,
  valuesFor,
} from './form-values';

export function useEventForm({
  orgId,
  event,
  date,
  onDirtyChange,
}: {
  orgId: number;
  event: CalendarEvent | null;
  date: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { user, actor } = useAuth();
  const options = useCalendarOptions(orgId);
  // The event's own view says how many dates remain from it (for "this and following"), and
  // which scenes it works.
  const detail = useEventDetail(orgId, event?.id);
  const [strategy, setStrategy] = useState<Strategy>('this');
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    // Checked first at save, every field at once: checking on leaving a field showed its error
    // alone, and the line it added moved the save button away from the click that left it.
    // After a save, errors clear as soon as a field becomes valid.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: valuesFor(event, date, user?.id ?? 0, options.data?.publicEventTypes),
  });
  const { watch, setValue, formState, resetField, getValues } = form;
  const eventType = watch('eventType');
  const editingOneDate = Boolean(event?.isRecurring && strategy === 'this');
  const isDirty = formState.isDirty;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  // The count follows the choice of dates unless the person typed one.
  const count = countFor(detail.data, strategy);
  useEffect(() => {
    if (count !== null && !formState.dirtyFields.recurringEndCount)
      resetField('recurringEndCount', { defaultValue: count });
  }, [count, formState.dirtyFields.recurringEndCount, resetField]);

  // So does the end: a split series' whole end for "this and following" and "all dates".
  const end = endFor(detail.data, strategy);
  const endType = end?.recurringEndType ?? event?.recurringEndType ?? 'never';
  const endDate = end ? end.recurringEnd : (event?.recurringEnd ?? '');
  useEffect(() => {
    if (!event?.isRecurring) return;
    if (!formState.dirtyFields.recurringEndType) resetField('recurringEndType', { defaultValue: endType });
    if (!formState.dirtyFields.recurringEnd) resetField('recurringEnd', { defaultValue: endDate });
  }, [
    event?.isRecurring,
    endType,
    endDate,
    formState.dirtyFields.recurringEndType,
    formState.dirtyFields.recurringEnd,
    resetField,
  ]);

  // An existing event's scenes arrive with its own view; until then a save leaves them alone.
  const knownScenes = detail.data?.sceneIds;
  useEffect(() => {
    if (knownScenes && !formState.dirtyFields.sceneIds) resetField('sceneIds', { defaultValue: knownScenes });
  }, [knownScenes, formState.dirtyFields.sceneIds, resetField]);

  // A new event's public switch starts where the organization's setting puts its type.
  const publicTypes = options.data?.publicEventTypes;
  useEffect(() => {
    if (!event && !formState.dirtyFields.isPublic)
      resetField('isPublic', { defaultValue: publicByDefault(eventType, publicTypes) });
  }, [event, eventType, publicTypes, formState.dirtyFields.isPublic, resetField]);

  // Who cannot come, asked again as the form changes (a complete form only).
  const conflictsBody = conflictsRequestOf(watch(), event?.id ?? null, editingOneDate);
  const people = usePeopleConflicts(orgId, conflictsBody);

  const set = (name: keyof EventFormValues, value: unknown) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const onStartDate = (value: string) => {
    const moved = followStartDate(getValues(), value);
    set('startDate', value);
    for (const [name, next] of Object.entries(moved)) set(name as keyof EventFormValues, next);
  };

  return {
    form,
    user,
    options: options.data,
    canReserveForOthers: options.data?.canReserveForOthers ?? policy.configureCalendar(actor),
    strategy,
    setStrategy,
    count,
    editingOneDate,
    peopleConflicts: conflictsBody ? people : null,
    set,
    onStartDate,
  };
}
