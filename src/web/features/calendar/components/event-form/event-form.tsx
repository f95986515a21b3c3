// The event form: what, who, where and when, the repetition, the public switch,
// and conflicts. For a series it first asks which dates the change applies to.
import { eventTypeLabel } from '@common/glossary';
import { zodResolver } from '@hookform/resolvers/zod';
import { policy } from '@common/permissions';
import { EVENT_TYPES, type EventType, INSTRUCTOR_EVENT_TYPE, TEAM_EVENT_TYPES } from '@common/calendar';
import { type EventFormValues, eventFormSchema, formToRequest } from '@common/schemas/calendar';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useCalendarOptions, useEventDetail, useSaveEvent } from '../../api/events';
import type { CalendarEvent, Conflict, Strategy } from '../../api/types';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { usePeopleConflicts } from '../../api/conflicts';
import { ConflictsAlert } from './conflicts-alert';
import { PeopleConflicts } from './people-conflicts';
import {
  conflictsOf,
  conflictsRequestOf,
  countFor,
  endFor,
  FIELD_OF,
  followStartDate,
  publicByDefault,
  valuesFor,
} from './form-values';
import { ReservedByField, TeamAndInstructorFields } from './people-fields';
import { RepeatFields } from './repeat-fields';
import { ScenesField } from './scenes-field';
import { SpacesField, WhenFields } from './schedule-fields';

export function EventForm({
  orgId,
  event,
  date,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  orgId: number;
  event: CalendarEvent | null;
  date: string;
  onDone: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { user, actor } = useAuth();
  const options = useCalendarOptions(orgId);
  // The event's own view says how many dates remain from it (for "this and following"), and
  // which scenes it works.
  const detail = useEventDetail(orgId, event?.id);
  const save = useSaveEvent(orgId);
  const [strategy, setStrategy] = useState<Strategy>('this');
  const [conflicts, setConflicts] = useState<Conflict[] | null>(null);
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    // Checked first at save, every field at once: checking on leaving a field showed its error
    // alone, and the line it added moved the save button away from the click that left it.
    // After a save, errors clear as soon as a field becomes valid.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: valuesFor(event, date, user?.id ?? 0, options.data?.publicEventTypes),
  });
  const { register, control, watch, setValue, formState, resetField, getValues } = form;
  const errors = formState.errors;
  const eventType = watch('eventType');
  const editingOneDate = event?.isRecurring && strategy === 'this';
  const canReserveForOthers = options.data?.canReserveForOthers ?? policy.configureCalendar(actor);
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
  const values = watch();
  const conflictsBody = conflictsRequestOf(values, event?.id ?? null, Boolean(editingOneDate));
  const people = usePeopleConflicts(orgId, conflictsBody);

  const set = (name: keyof EventFormValues, value: unknown) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const onStartDate = (value: string) => {
    const moved = followStartDate(getValues(), value);
    set('startDate', value);
    for (const [name, next] of Object.entries(moved)) set(name as keyof EventFormValues, next);
  };

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

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
      className="space-y-4"
      noValidate
    >
      {event?.isRecurring && (
        <FormField id="strategy" label="Apply changes to">
          <ChoiceSelect
            id="strategy"
            value={strategy}
            onChange={(s) => setStrategy(s as Strategy)}
            choices={[
              ['this', 'This date only'],
              ['future', 'This and following dates'],
              ['series', 'All dates'],
            ]}
          />
        </FormField>
      )}
      <FormField id="name" label="Event Name" error={errors.name?.message}>
        <Input {...fieldA11y('name', errors.name?.message)} {...register('name')} maxLength={255} />
      </FormField>
      <FormField id="description" label="Description" error={errors.description?.message}>
        <Textarea id="description" rows={2} {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="eventType" label="Event Type" error={errors.eventType?.message}>
          <Controller
            control={control}
            name="eventType"
            render={({ field }) => (
              <ChoiceSelect
                id="eventType"
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  if (!TEAM_EVENT_TYPES.includes(value as EventType)) set('teamIds', []);
                  if (value !== INSTRUCTOR_EVENT_TYPE) set('instructorId', null);
                }}
                choices={EVENT_TYPES.map((t) => [t, eventTypeLabel(t)])}
              />
            )}
          />
        </FormField>
        <ReservedByField
          form={form}
          people={options.data?.people ?? []}
          canReserveForOthers={canReserveForOthers}
          user={user}
        />
      </div>
      <SpacesField form={form} />
      <WhenFields form={form} onStartDate={onStartDate} />
      <TeamAndInstructorFields form={form} options={options.data} />
      <ScenesField form={form} />
      <FormField id="eventUrl" label="Event URL" error={errors.eventUrl?.message}>
        <Input
          type="url"
          placeholder="https://"
          {...fieldA11y('eventUrl', errors.eventUrl?.message)}
          {...register('eventUrl')}
        />
      </FormField>
      <Controller
        control={control}
        name="isPublic"
        render={({ field }) => (
          <Label className="flex items-center gap-3 font-normal">
            <Switch
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-label="Show on the public calendar"
            />
            Show on the public calendar
          </Label>
        )}
      />
      {!editingOneDate && (
        <RepeatFields
          form={form}
          countHint={strategy === 'future' && count !== null ? 'Dates left from this one' : undefined}
        />
      )}
      {conflictsBody && (
        <PeopleConflicts report={people.data} checking={people.isFetching} failed={people.isError} />
      )}
      {conflicts && <ConflictsAlert conflicts={conflicts} />}
      <DialogFooter className="gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        {conflicts && options.data?.canOverrideConflicts && (
          <Button variant="destructive" disabled={save.isPending} onClick={() => void submit(true)}>
            Book anyway
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {event ? 'Save Changes' : 'Create Event'}
        </Button>
      </DialogFooter>
    </form>
  );
}
