// When a series ends: never, on a date, or after a number of times.
import type { EventFormValues } from '@common/schemas/calendar';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

const ENDS: [string, string][] = [
  ['never', 'Never'],
  ['date', 'On a date'],
  ['count', 'After a number of times'],
];

export function RepeatEndFields({
  form,
  countHint,
}: {
  form: UseFormReturn<EventFormValues>;
  /** Said under the count, e.g. that it counts the dates left from this one. */
  countHint?: string;
}) {
  const { control, register, watch, formState } = form;
  const errors = formState.errors;
  const endType = watch('recurringEndType');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="recurringEndType" label="Ends">
        <Controller
          control={control}
          name="recurringEndType"
          render={({ field }) => (
            <ChoiceSelect
              id="recurringEndType"
              value={field.value}
              onChange={field.onChange}
              choices={ENDS}
            />
          )}
        />
      </FormField>
      {endType === 'date' && (
        <FormField id="recurringEnd" label="Repeat Until" error={errors.recurringEnd?.message}>
          <Input
            type="date"
            min="1900-01-01"
            max="2200-12-31"
            {...fieldA11y('recurringEnd', errors.recurringEnd?.message)}
            {...register('recurringEnd')}
          />
        </FormField>
      )}
      {endType === 'count' && (
        <FormField
          id="recurringEndCount"
          label="Occurrences"
          error={errors.recurringEndCount?.message}
          description={countHint}
        >
          <Input
            type="number"
            min={1}
            {...fieldA11y('recurringEndCount', errors.recurringEndCount?.message)}
            {...register('recurringEndCount', { valueAsNumber: true })}
          />
        </FormField>
      )}
    </div>
  );
}
