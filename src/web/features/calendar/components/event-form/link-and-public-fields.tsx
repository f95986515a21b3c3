// The event's web address and whether the public calendar shows it.
import type { EventFormValues } from '@common/schemas/calendar';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';

export function LinkAndPublicFields({ form }: { form: UseFormReturn<EventFormValues> }) {
  const error = form.formState.errors.eventUrl?.message;
  return (
    <>
      <FormField id="eventUrl" label="Event URL" error={error}>
        <Input
          type="url"
          placeholder="https://"
          {...fieldA11y('eventUrl', error)}
          {...form.register('eventUrl')}
        />
      </FormField>
      <Controller
        control={form.control}
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
    </>
  );
}
