// The repeat part of the event form: pattern, interval, days, end, and the summary in words.
import { repeatUnit } from '@common/glossary';
import { MONTHLY_WEEK_LABELS, summarizeRule, WEEKDAY_NAMES } from '@common/recurrence';
import type { EventFormValues } from '@common/schemas/calendar';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { ChoiceSelect } from '@web/components/ui/choice-select';

const PATTERNS: [string, string][] = [
  ['daily', 'Daily'],
  ['weekly', 'Weekly'],
  ['monthly', 'Monthly (by weekday)'],
  ['monthlyByDate', 'Monthly (by date)'],
  ['yearly', 'Yearly'],
];

/** The repetition, with its plain-language summary. */
export function RepeatFields({
  form,
  countHint,
}: {
  form: UseFormReturn<EventFormValues>;
  /** Said under the count, e.g. that it counts the dates left from this one. */
  countHint?: string;
}) {
  const { control, register, watch, formState } = form;
  const v = watch();
  const errors = formState.errors;
  const interval = Number(v.recurringInterval) || 1;
  const summary = v.isRecurring
    ? summarizeRule({
        start: `${v.startDate || '2000-01-01'}T${v.startTime || '00:00'}`,
        pattern: v.recurringPattern,
        interval,
        weeklyDays: v.recurringWeeklyDays.map(Number),
        monthlyWeek: v.recurringMonthlyWeek,
        monthlyWeekday: v.recurringMonthlyWeekday,
        endType: v.recurringEndType,
        endDate: v.recurringEnd || null,
        endCount: Number(v.recurringEndCount) || null,
      })
    : '';
  return (
    <div className="space-y-4 rounded-lg border p-4">
      <Controller
        control={control}
        name="isRecurring"
        render={({ field }) => (
          <Label className="flex items-center gap-3">
            <Switch checked={field.value} onCheckedChange={field.onChange} aria-label="Repeat" />
            Repeat
          </Label>
        )}
      />
      {v.isRecurring && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="recurringPattern" label="Repeats" error={errors.recurringPattern?.message}>
              <Controller
                control={control}
                name="recurringPattern"
                render={({ field }) => (
                  <ChoiceSelect
                    id="recurringPattern"
                    value={field.value}
                    onChange={field.onChange}
                    choices={PATTERNS}
                  />
                )}
              />
            </FormField>
            <FormField id="recurringInterval" label="Every" error={errors.recurringInterval?.message}>
              {/* The unit beside the number, so the field never reads as a bare 'Every 1'. */}
              <div className="flex items-center gap-2">
                <Input
                  type="number"
                  min={1}
                  max={99}
                  className="w-24"
                  {...fieldA11y('recurringInterval', errors.recurringInterval?.message)}
                  aria-describedby={
                    errors.recurringInterval?.message ? 'recurringInterval-error' : 'recurringInterval-unit'
                  }
                  {...register('recurringInterval', { valueAsNumber: true })}
                />
                <span id="recurringInterval-unit" className="text-sm" data-testid="repeat-unit">
                  {repeatUnit(v.recurringPattern, interval)}
                </span>
              </div>
            </FormField>
          </div>
          {v.recurringPattern === 'weekly' && (
            <Controller
              control={control}
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
                            checked
                              ? [...field.value, String(i)]
                              : field.value.filter((d) => d !== String(i)),
                          )
                        }
                      />
                      {name.slice(0, 3)}
                    </Label>
                  ))}
                </fieldset>
              )}
            />
          )}
          {v.recurringPattern === 'monthly' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="recurringMonthlyWeek" label="Week of the month">
                <Controller
                  control={control}
                  name="recurringMonthlyWeek"
                  render={({ field }) => (
                    <ChoiceSelect
                      id="recurringMonthlyWeek"
                      value={String(field.value)}
                      onChange={(x) => field.onChange(Number(x))}
                      choices={MONTHLY_WEEK_LABELS.map((l, i) => [
                        String(i + 1),
                        l[0].toUpperCase() + l.slice(1),
                      ])}
                    />
                  )}
                />
              </FormField>
              <FormField id="recurringMonthlyWeekday" label="Weekday">
                <Controller
                  control={control}
                  name="recurringMonthlyWeekday"
                  render={({ field }) => (
                    <ChoiceSelect
                      id="recurringMonthlyWeekday"
                      value={String(field.value)}
                      onChange={(x) => field.onChange(Number(x))}
                      choices={WEEKDAY_NAMES.map((n, i) => [String(i), n])}
                    />
                  )}
                />
              </FormField>
            </div>
          )}
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
                    choices={[
                      ['never', 'Never'],
                      ['date', 'On a date'],
                      ['count', 'After a number of times'],
                    ]}
                  />
                )}
              />
            </FormField>
            {v.recurringEndType === 'date' && (
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
            {v.recurringEndType === 'count' && (
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
          <p className="text-sm text-muted-foreground" data-testid="repeat-summary">
            {summary}
          </p>
        </>
      )}
    </div>
  );
}
