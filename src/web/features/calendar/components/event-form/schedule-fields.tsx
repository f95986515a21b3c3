// Where and when: the spaces, and the start and end as separate date and time inputs.
import { SPACES } from '@common/calendar';
import type { EventFormValues } from '@common/schemas/calendar';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

export function SpacesField({ form }: { form: UseFormReturn<EventFormValues> }) {
  const error = form.formState.errors.spaces?.message;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Spaces</legend>
      <Controller
        control={form.control}
        name="spaces"
        render={({ field }) => (
          <div className="flex flex-wrap gap-4">
            {SPACES.map((space) => (
              <Label key={space} className="flex items-center gap-2 font-normal">
                <Checkbox
                  checked={field.value.includes(space)}
                  onCheckedChange={(checked) =>
                    field.onChange(checked ? [...field.value, space] : field.value.filter((s) => s !== space))
                  }
                />
                {space}
              </Label>
            ))}
          </div>
        )}
      />
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Start and end; a new start date moves what depends on it (`onStartDate`). */
export function WhenFields({
  form,
  onStartDate,
}: {
  form: UseFormReturn<EventFormValues>;
  onStartDate: (value: string) => void;
}) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  return (
    <div className="grid gap-4 sm:grid-cols-4">
      <FormField id="startDate" label="Start Date" error={errors.startDate?.message}>
        <Input
          type="date"
          min="1900-01-01"
          max="2200-12-31"
          {...fieldA11y('startDate', errors.startDate?.message)}
          value={watch('startDate')}
          onChange={(e) => onStartDate(e.target.value)}
        />
      </FormField>
      <FormField id="startTime" label="Start Time" error={errors.startTime?.message}>
        <Input
          type="time"
          step={900}
          {...fieldA11y('startTime', errors.startTime?.message)}
          {...register('startTime')}
        />
      </FormField>
      <FormField id="endDate" label="End Date" error={errors.endDate?.message}>
        <Input
          type="date"
          min="1900-01-01"
          max="2200-12-31"
          {...fieldA11y('endDate', errors.endDate?.message)}
          {...register('endDate')}
        />
      </FormField>
      <FormField id="endTime" label="End Time" error={errors.endTime?.message}>
        <Input
          type="time"
          step={900}
          {...fieldA11y('endTime', errors.endTime?.message)}
          {...register('endTime')}
        />
      </FormField>
    </div>
  );
}
