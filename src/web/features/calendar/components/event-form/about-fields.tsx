// What the event is and who holds it: name, description, type and the member it is reserved by.
import { EVENT_TYPES, type EventType, INSTRUCTOR_EVENT_TYPE, TEAM_EVENT_TYPES } from '@common/calendar';
import { eventTypeLabel } from '@common/glossary';
import type { EventFormValues } from '@common/schemas/calendar';
import type { SessionUser } from '@common/schemas/auth';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import type { CalendarOptions } from '@common/schemas/calendar';
import { ReservedByField } from './people-fields';

const TYPES: [string, string][] = EVENT_TYPES.map((t) => [t, eventTypeLabel(t)]);

export function AboutFields({
  form,
  set,
  people,
  canReserveForOthers,
  user,
}: {
  form: UseFormReturn<EventFormValues>;
  set: (name: keyof EventFormValues, value: unknown) => void;
  people: CalendarOptions['people'];
  canReserveForOthers: boolean;
  user: SessionUser | null;
}) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <>
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
                  // Teams belong to shows and rehearsals, an instructor to a class.
                  if (!TEAM_EVENT_TYPES.includes(value as EventType)) set('teamIds', []);
                  if (value !== INSTRUCTOR_EVENT_TYPE) set('instructorId', null);
                }}
                choices={TYPES}
              />
            )}
          />
        </FormField>
        <ReservedByField form={form} people={people} canReserveForOthers={canReserveForOthers} user={user} />
      </div>
    </>
  );
}
