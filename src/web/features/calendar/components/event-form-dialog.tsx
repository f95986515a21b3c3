import { zodResolver } from '@hookform/resolvers/zod';
import { policy } from '@common/permissions';
import {
  MONTHLY_WEEK_LABELS,
  recurrenceDefaults,
  summarizeRule,
  weekOfMonth,
  WEEKDAY_NAMES,
} from '@common/recurrence';
import {
  EVENT_TYPES,
  type EventFormValues,
  eventFormSchema,
  formToRequest,
  INSTRUCTOR_EVENT_TYPE,
  SPACES,
  TEAM_EVENT_TYPES,
} from '@common/schemas/calendar';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { type ApiError, errorMessage, isApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useCalendarOptions, useSaveEvent } from '../api/events';
import type { CalendarEvent, Conflict, Strategy } from '../api/types';
import { formatEventDate, formatTimeRange, wallDate } from '../lib/dates';
import { ChoiceSelect } from './choice-select';

const TYPE_LABELS: Record<string, string> = {
  show: 'Show',
  class: 'Class',
  rehearsal: 'Rehearsal',
  other: 'Other',
};
const PATTERNS: [string, string][] = [
  ['daily', 'Daily'],
  ['weekly', 'Weekly'],
  ['monthly', 'Monthly (by weekday)'],
  ['monthlyByDate', 'Monthly (by date)'],
  ['yearly', 'Yearly'],
];
const FIELD_OF: Record<string, keyof EventFormValues> = {
  startDateTime: 'startDate',
  endDateTime: 'endTime',
  recurringEnd: 'recurringEnd',
  recurringEndCount: 'recurringEndCount',
};

function valuesFor(event: CalendarEvent | null, date: string, userId: number): EventFormValues {
  const startDate = event ? wallDate(event.startDateTime) : date;
  const d = recurrenceDefaults(startDate);
  return {
    name: event?.name ?? '',
    description: event?.description ?? '',
    spaces: event?.spaces ?? [],
    startDate,
    startTime: event ? event.startDateTime.slice(11, 16) : '19:00',
    endDate: event ? wallDate(event.endDateTime) : date,
    endTime: event ? event.endDateTime.slice(11, 16) : '21:00',
    eventType: event?.eventType ?? 'rehearsal',
    isRecurring: event?.isRecurring ?? false,
    recurringPattern: (event?.recurringPattern as EventFormValues['recurringPattern']) ?? 'weekly',
    recurringInterval: event?.recurringInterval ?? 1,
    recurringWeeklyDays: event?.recurringWeeklyDays ?? d.weeklyDays.map(String),
    recurringMonthlyWeek: event?.recurringMonthlyWeek ?? d.monthlyWeek,
    recurringMonthlyWeekday: event?.recurringMonthlyWeekday ?? d.monthlyWeekday,
    recurringEndType: event?.recurringEndType ?? 'never',
    recurringEnd: event?.recurringEnd ?? '',
    recurringEndCount: event?.recurringEndCount ?? 10,
    eventUrl: event?.eventUrl ?? '',
    instructorId: event?.instructorId ?? null,
    reservedBy: event?.reservedBy.id ?? userId,
    teamIds: event?.teams.map((t) => t.id) ?? [],
  };
}

/** The conflicts a 409 carries (beyond the spec: double-booking protection). */
function conflictsOf(error: unknown): Conflict[] | null {
  if (!isApiError(error, 409)) return null;
  try {
    const body = JSON.parse((error as ApiError).message.replace(/^409: /, '')) as {
      data?: { conflicts?: Conflict[] };
    };
    return body.data?.conflicts ?? [];
  } catch {
    return [];
  }
}

/** Create and edit (spec part 2 §5): the event form, its repetition, and conflicts. */
export function EventFormDialog({
  orgId,
  open,
  event,
  date,
  onClose,
}: {
  orgId: number;
  open: boolean;
  event: CalendarEvent | null;
  date: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl" data-testid="event-form">
        <DialogHeader>
          <DialogTitle>{event ? 'Edit Event' : 'Add Event'}</DialogTitle>
          <DialogDescription>
            {event
              ? 'Change this event and choose which dates the change applies to.'
              : 'Book a space for a show, class, rehearsal or anything else.'}
          </DialogDescription>
        </DialogHeader>
        {open && <EventForm orgId={orgId} event={event} date={date} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EventForm({
  orgId,
  event,
  date,
  onDone,
}: {
  orgId: number;
  event: CalendarEvent | null;
  date: string;
  onDone: () => void;
}) {
  const { user, actor } = useAuth();
  const options = useCalendarOptions(orgId);
  const save = useSaveEvent(orgId);
  const [strategy, setStrategy] = useState<Strategy>('this');
  const [conflicts, setConflicts] = useState<Conflict[] | null>(null);
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: valuesFor(event, date, user?.id ?? 0),
  });
  const { register, control, watch, setValue, formState } = form;
  const errors = formState.errors;
  const v = watch();
  const editingOneDate = event?.isRecurring && strategy === 'this';
  const canReserveForOthers = options.data?.canReserveForOthers ?? policy.configureCalendar(actor);

  const submit = (override: boolean) =>
    form.handleSubmit((values) => {
      const body = formToRequest(values, override);
      save.mutate(
        { id: event?.id, body, strategy: event?.isRecurring ? strategy : undefined },
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
                const name = (FIELD_OF[field] ?? field) as keyof EventFormValues;
                form.setError(name, { message });
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

  const onStartDate = (value: string) => {
    setValue('startDate', value);
    if (!v.endDate || v.endDate < value || v.endDate === v.startDate) setValue('endDate', value);
    if (!event && value) {
      const d = recurrenceDefaults(value);
      setValue('recurringWeeklyDays', d.weeklyDays.map(String));
      setValue('recurringMonthlyWeek', weekOfMonth(value));
      setValue('recurringMonthlyWeekday', d.monthlyWeekday);
    }
  };

  const people = options.data?.people ?? [];
  const personLabel = (p: (typeof people)[number]) =>
    `${[p.firstName, p.lastName].filter(Boolean).join(' ') || p.username} (@${p.username})`;

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
                  if (!TEAM_EVENT_TYPES.includes(value as EventFormValues['eventType']))
                    setValue('teamIds', []);
                  if (value !== INSTRUCTOR_EVENT_TYPE) setValue('instructorId', null);
                }}
                choices={EVENT_TYPES.map((t) => [t, TYPE_LABELS[t]])}
              />
            )}
          />
        </FormField>
        <FormField id="reservedBy" label="Reserved By" error={errors.reservedBy?.message}>
          {canReserveForOthers ? (
            <Controller
              control={control}
              name="reservedBy"
              render={({ field }) => (
                <ChoiceSelect
                  id="reservedBy"
                  value={field.value ? String(field.value) : ''}
                  onChange={(value) => field.onChange(Number(value))}
                  choices={people.map((p) => [String(p.id), personLabel(p)])}
                  placeholder="Choose a member"
                />
              )}
            />
          ) : (
            <Input
              id="reservedBy"
              readOnly
              value={
                user
                  ? `${[user.firstName, user.lastName].filter(Boolean).join(' ') || user.username} (@${user.username})`
                  : ''
              }
            />
          )}
        </FormField>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Spaces</legend>
        <Controller
          control={control}
          name="spaces"
          render={({ field }) => (
            <div className="flex flex-wrap gap-4">
              {SPACES.map((space) => (
                <Label key={space} className="flex items-center gap-2 font-normal">
                  <Checkbox
                    checked={field.value.includes(space)}
                    onCheckedChange={(checked) =>
                      field.onChange(
                        checked ? [...field.value, space] : field.value.filter((s) => s !== space),
                      )
                    }
                  />
                  {space}
                </Label>
              ))}
            </div>
          )}
        />
        {errors.spaces && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.spaces.message}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-4">
        <FormField id="startDate" label="Start Date" error={errors.startDate?.message}>
          <Input
            type="date"
            {...fieldA11y('startDate', errors.startDate?.message)}
            value={v.startDate}
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
          <Input type="date" {...fieldA11y('endDate', errors.endDate?.message)} {...register('endDate')} />
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
      {TEAM_EVENT_TYPES.includes(v.eventType) && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Teams</legend>
          {(options.data?.teams ?? []).length === 0 && (
            <p className="text-sm text-muted-foreground">No teams yet</p>
          )}
          <Controller
            control={control}
            name="teamIds"
            render={({ field }) => (
              <div className="grid max-h-32 gap-2 overflow-y-auto sm:grid-cols-2">
                {(options.data?.teams ?? []).map((team) => (
                  <Label key={team.id} className="flex items-center gap-2 font-normal">
                    <Checkbox
                      checked={field.value.includes(team.id)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked ? [...field.value, team.id] : field.value.filter((id) => id !== team.id),
                        )
                      }
                    />
                    {team.name}
                  </Label>
                ))}
              </div>
            )}
          />
        </fieldset>
      )}
      {v.eventType === INSTRUCTOR_EVENT_TYPE && (
        <FormField id="instructorId" label="Instructor" error={errors.instructorId?.message}>
          <Controller
            control={control}
            name="instructorId"
            render={({ field }) => (
              <ChoiceSelect
                id="instructorId"
                value={field.value ? String(field.value) : 'none'}
                onChange={(value) => field.onChange(value === 'none' ? null : Number(value))}
                choices={[
                  ['none', 'No instructor'],
                  ...people
                    .filter((p) => p.isInstructor)
                    .map((p): [string, string] => [String(p.id), personLabel(p)]),
                ]}
              />
            )}
          />
        </FormField>
      )}
      <FormField id="eventUrl" label="Event URL" error={errors.eventUrl?.message}>
        <Input
          type="url"
          placeholder="https://"
          {...fieldA11y('eventUrl', errors.eventUrl?.message)}
          {...register('eventUrl')}
        />
      </FormField>
      {!editingOneDate && <RepeatFields form={form} />}
      {conflicts && (
        <Alert variant="destructive" data-testid="conflicts">
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>This space is already booked at that time</AlertTitle>
          <AlertDescription>
            <ul className="mt-2 space-y-1">
              {conflicts.slice(0, 8).map((c) => (
                <li key={`${c.eventId}`}>
                  <strong>{c.name}</strong> · {formatEventDate(c.startDateTime)}{' '}
                  {formatTimeRange(c.startDateTime, c.endDateTime)} · {c.spaces.join(', ')}
                </li>
              ))}
              {conflicts.length > 8 && <li>and {conflicts.length - 8} more</li>}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      <DialogFooter className="gap-2">
        <Button variant="outline" onClick={onDone}>
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

function RepeatFields({ form }: { form: ReturnType<typeof useForm<EventFormValues>> }) {
  const { control, register, watch, formState } = form;
  const v = watch();
  const errors = formState.errors;
  const summary = v.isRecurring
    ? summarizeRule({
        start: `${v.startDate || '2000-01-01'}T${v.startTime || '00:00'}`,
        pattern: v.recurringPattern,
        interval: Number(v.recurringInterval) || 1,
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
              <Input
                type="number"
                min={1}
                max={99}
                {...fieldA11y('recurringInterval', errors.recurringInterval?.message)}
                {...register('recurringInterval', { valueAsNumber: true })}
              />
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
              <FormField id="recurringEnd" label="End date" error={errors.recurringEnd?.message}>
                <Input
                  type="date"
                  {...fieldA11y('recurringEnd', errors.recurringEnd?.message)}
                  {...register('recurringEnd')}
                />
              </FormField>
            )}
            {v.recurringEndType === 'count' && (
              <FormField id="recurringEndCount" label="Occurrences" error={errors.recurringEndCount?.message}>
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
