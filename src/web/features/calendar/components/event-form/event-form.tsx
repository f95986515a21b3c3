// The event form: what, who, where and when, the repetition, the public switch,
// and conflicts. For a series it first asks which dates the change applies to.
import { Button } from '@web/components/ui/button';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { DialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import type { CalendarEvent, Strategy } from '@common/schemas/calendar';
import { AboutFields } from './about-fields';
import { ConflictsAlert } from './conflicts-alert';
import { LinkAndPublicFields } from './link-and-public-fields';
import { PeopleConflicts } from './people-conflicts';
import { TeamAndInstructorFields } from './people-fields';
import { RepeatFields } from './repeat-fields';
import { ScenesField } from './scenes-field';
import { SpacesField, WhenFields } from './schedule-fields';
import { useEventForm } from './use-event-form';
import { useSubmitEvent } from './use-submit-event';

const STRATEGIES: [Strategy, string][] = [
  ['this', 'This date only'],
  ['future', 'This and following dates'],
  ['series', 'All dates'],
];

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
  const state = useEventForm({ orgId, event, date, onDirtyChange });
  const { form, options, strategy, count, peopleConflicts } = state;
  const { submit, conflicts, pending } = useSubmitEvent({ orgId, event, strategy, form, onDone });

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
            onChange={(s) => state.setStrategy(s as Strategy)}
            choices={STRATEGIES}
          />
        </FormField>
      )}
      <AboutFields
        form={form}
        set={state.set}
        people={options?.people ?? []}
        canReserveForOthers={state.canReserveForOthers}
        user={state.user}
      />
      <SpacesField form={form} />
      <WhenFields form={form} onStartDate={state.onStartDate} />
      <TeamAndInstructorFields form={form} options={options} />
      <ScenesField form={form} />
      <LinkAndPublicFields form={form} />
      {!state.editingOneDate && (
        <RepeatFields
          form={form}
          countHint={strategy === 'future' && count !== null ? 'Dates left from this one' : undefined}
        />
      )}
      {peopleConflicts && (
        <PeopleConflicts
          report={peopleConflicts.data}
          checking={peopleConflicts.isFetching}
          failed={peopleConflicts.isError}
        />
      )}
      {conflicts && <ConflictsAlert conflicts={conflicts} />}
      <DialogFooter className="gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        {conflicts && options?.canOverrideConflicts && (
          <Button variant="destructive" disabled={pending} onClick={() => void submit(true)}>
            Book anyway
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {event ? 'Save Changes' : 'Create Event'}
        </Button>
      </DialogFooter>
    </form>
  );
}
