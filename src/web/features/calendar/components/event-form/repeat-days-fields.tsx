// Which days a series falls on: the weekdays of a weekly one, the week and weekday of a monthly one.
import { MONTHLY_WEEK_LABELS, WEEKDAY_NAMES } from '@common/recurrence';
import type { EventFormValues } from '@common/schemas/calendar';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@web/components/ui/checkbox';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { FormField } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';

const MONTHLY_WEEKS: [string, string][] = MONTHLY_WEEK_LABELS.map((l, i) => [
  String(i + 1),
  l[0].toUpperCase() + l.slice(1),
]);
const WEEKDAYS: [string, string][] = WEEKDAY_NAMES.map((n, i) => [String(i), n]);

/** A checkbox per weekday (Sun … Sat); the form keeps the chosen ones as '0' … '6'. */
export function WeeklyDaysField({ form }: { form: UseFormReturn<EventFormValues> }) {
  return (
    <Controller
      control={form.control}
      name="recurringWeeklyDays"
      render={({ field }) => (
        <fieldset className="flex flex-wrap gap-3">
          <legend className="mb-2 text-sm font-medium">On</legend>
          {WEEKDAY_NAMES.map((name, i) => (
            <Label key={name} className="flex items-center gap-1.5 font-normal">
              <Checkbox
                checked={field.value.includes(String(i))}
                onCheckedChange={(checked) =>
                  field.onChange(
                    checked ? [...field.value, String(i)] : field.value.filter((d) => d !== String(i)),
                  )
                }
              />
              {name.slice(0, 3)}
            </Label>
          ))}
        </fieldset>
      )}
    />
  );
}

/** "The second Tuesday": the week of the month and the weekday of a monthly series. */
export function MonthlyWeekdayFields({ form }: { form: UseFormReturn<EventFormValues> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="recurringMonthlyWeek" label="Week of the month">
        <Controller
          control={form.control}
          name="recurringMonthlyWeek"
          render={({ field }) => (
            <ChoiceSelect
              id="recurringMonthlyWeek"
              value={String(field.value)}
              onChange={(x) => field.onChange(Number(x))}
              choices={MONTHLY_WEEKS}
            />
          )}
        />
      </FormField>
      <FormField id="recurringMonthlyWeekday" label="Weekday">
        <Controller
          control={form.control}
          name="recurringMonthlyWeekday"
          render={({ field }) => (
            <ChoiceSelect
              id="recurringMonthlyWeekday"
              value={String(field.value)}
              onChange={(x) => field.onChange(Number(x))}
              choices={WEEKDAYS}
            />
          )}
        />
      </FormField>
    </div>
  );
}
