// Add or edit one period of unavailability: once, or every week until a date, with a note.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AvailabilityFormValues,
  type AvailabilityPeriod,
  availabilityFormSchema,
  availabilityFormToRequest,
} from '@common/schemas/scheduling';
import { MAX_NOTE_LENGTH } from '@common/scheduling';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useSaveAvailability } from '../../api/availability';
import { AVAILABILITY_FIELD_OF, availabilityValues, weekdayPlural } from '../../lib/availability';

export function AvailabilityDialog({
  orgId,
  open,
  period,
  userId,
  today,
  onOpenChange,
}: {
  orgId: number;
  open: boolean;
  /** The period being edited; null adds one. */
  period: AvailabilityPeriod | null;
  /** Whose period a new one is (someone the caller manages); undefined: the caller's own. */
  userId: number | undefined;
  today: string;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={period ? 'Edit Unavailability' : 'Add Unavailability'}
      description="A time you cannot be called, in the organization's time zone. Stage managers see it when they book."
    >
      {open && (
        <AvailabilityForm
          orgId={orgId}
          period={period}
          userId={userId}
          today={today}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}

function AvailabilityForm({
  orgId,
  period,
  userId,
  today,
  onDone,
}: {
  orgId: number;
  period: AvailabilityPeriod | null;
  userId: number | undefined;
  today: string;
  onDone: () => void;
}) {
  const save = useSaveAvailability(orgId);
  const form = useForm<AvailabilityFormValues>({
    resolver: zodResolver(availabilityFormSchema),
    mode: 'onTouched',
    defaultValues: availabilityValues(today, period),
  });
  const { register, control, watch, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const weekly = watch('weekly');
  const startDate = watch('startDate');

  // The end date follows the start date unless it was chosen on its own.
  const onStartDate = (value: string) => {
    const { startDate: before, endDate } = getValues();
    setValue('startDate', value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    if (!formState.dirtyFields.endDate || endDate === before)
      setValue('endDate', value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: period?.id, body: availabilityFormToRequest(values, period ? undefined : userId) },
      {
        onSuccess: () => {
          toast({ title: period ? 'Unavailability updated' : 'Unavailability added' });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors)
            for (const [field, message] of Object.entries(error.fieldErrors))
              form.setError(AVAILABILITY_FIELD_OF[field] ?? 'note', { message });
          toast({
            title: period ? 'Failed to update unavailability' : 'Failed to add unavailability',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return (
    <FormDialogForm
      onSubmit={submit}
      dirty={formState.isDirty}
      pending={save.isPending}
      submitLabel={period ? 'Save Changes' : 'Add'}
      pendingLabel="Saving..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="av-startDate" label="Start Date" error={errors.startDate?.message}>
          <Input
            type="date"
            min="1900-01-01"
            max="2200-12-31"
            {...fieldA11y('av-startDate', errors.startDate?.message)}
            value={startDate}
            onChange={(e) => onStartDate(e.target.value)}
          />
        </FormField>
        <FormField id="av-startTime" label="Start Time" error={errors.startTime?.message}>
          <Input
            type="time"
            step={900}
            {...fieldA11y('av-startTime', errors.startTime?.message)}
            {...register('startTime')}
          />
        </FormField>
        <FormField id="av-endDate" label="End Date" error={errors.endDate?.message}>
          <Input
            type="date"
            min="1900-01-01"
            max="2200-12-31"
            {...fieldA11y('av-endDate', errors.endDate?.message)}
            {...register('endDate')}
          />
        </FormField>
        <FormField id="av-endTime" label="End Time" error={errors.endTime?.message}>
          <Input
            type="time"
            step={900}
            {...fieldA11y('av-endTime', errors.endTime?.message)}
            {...register('endTime')}
          />
        </FormField>
      </div>
      <div className="space-y-3 rounded-lg border p-4">
        <Controller
          control={control}
          name="weekly"
          render={({ field }) => (
            <Label className="flex items-center gap-3">
              <Switch checked={field.value} onCheckedChange={field.onChange} aria-label="Repeat every week" />
              Repeat every week
            </Label>
          )}
        />
        {weekly && (
          <FormField
            id="av-weeklyUntil"
            label="Repeat weekly until"
            error={errors.weeklyUntil?.message}
            description={
              weekdayPlural(startDate) && `Every week on ${weekdayPlural(startDate)}, through this date.`
            }
          >
            <Input
              type="date"
              min={startDate || '1900-01-01'}
              max="2200-12-31"
              {...fieldA11y('av-weeklyUntil', errors.weeklyUntil?.message)}
              {...register('weeklyUntil')}
            />
          </FormField>
        )}
      </div>
      <FormField
        id="av-note"
        label="Note (optional)"
        error={errors.note?.message}
        description="Only you and the people who manage you see it."
      >
        <Textarea
          rows={2}
          maxLength={MAX_NOTE_LENGTH}
          placeholder="Work, a class, travel…"
          {...fieldA11y('av-note', errors.note?.message)}
          {...register('note')}
        />
      </FormField>
    </FormDialogForm>
  );
}
