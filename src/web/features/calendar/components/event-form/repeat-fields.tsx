// The repeat part of the event form: pattern, interval, days, end, and the summary in words.
import { repeatUnit } from '@common/glossary';
import { summarizeRule } from '@common/recurrence';
import type { EventFormValues } from '@common/schemas/calendar';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { MonthlyWeekdayFields, WeeklyDaysField } from './repeat-days-fields';
import { RepeatEndFields } from './repeat-end-fields';

const PATTERNS: [string, string][] = [
  ['daily', 'Daily'],
  ['weekly', 'Weekly'],
  ['monthly', 'Monthly (by weekday)'],
  ['monthlyByDate', 'Monthly (by date)'],
  ['yearly', 'Yearly'],
];

/** The repetition the form describes, in words ("Repeats weekly on Monday, 4 times"). */
export function repeatSummary(v: EventFormValues): string {
  if (!v.isRecurring) return '';
  return summarizeRule({
    start: `${v.startDate || '2000-01-01'}T${v.startTime || '00:00'}`,
    pattern: v.recurringPattern,
    interval: Number(v.recurringInterval) || 1,
    weeklyDays: v.recurringWeeklyDays.map(Number),
    monthlyWeek: v.recurringMonthlyWeek,
    monthlyWeekday: v.recurringMonthlyWeekday,
    endType: v.recurringEndType,
    endDate: v.recurringEnd || null,
    endCount: Number(v.recurringEndCount) || null,
  });
}

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
          {v.recurringPattern === 'weekly' && <WeeklyDaysField form={form} />}
          {v.recurringPattern === 'monthly' && <MonthlyWeekdayFields form={form} />}
          <RepeatEndFields form={form} countHint={countHint} />
          <p className="text-sm text-muted-foreground" data-testid="repeat-summary">
            {repeatSummary(v)}
          </p>
        </>
      )}
    </div>
  );
}
