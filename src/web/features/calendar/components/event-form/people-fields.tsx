// Who the event is for: its reserver, the teams of a show or rehearsal, a class's instructor.
import { INSTRUCTOR_EVENT_TYPE, TEAM_EVENT_TYPES } from '@common/calendar';
import type { EventFormValues } from '@common/schemas/calendar';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import type { SessionUser } from '@common/schemas/auth';
import type { CalendarOptions } from '@common/schemas/calendar';
import { ChoiceSelect } from '@web/components/ui/choice-select';

type Person = CalendarOptions['people'][number];
const fullName = (p: Pick<Person, 'firstName' | 'lastName' | 'username'>) =>
  `${[p.firstName, p.lastName].filter(Boolean).join(' ') || p.username} (@${p.username})`;

export function ReservedByField({
  form,
  people,
  canReserveForOthers,
  user,
}: {
  form: UseFormReturn<EventFormValues>;
  people: Person[];
  canReserveForOthers: boolean;
  user: SessionUser | null;
}) {
  const error = form.formState.errors.reservedBy?.message;
  return (
    <FormField id="reservedBy" label="Reserved By" error={error}>
      {canReserveForOthers ? (
        <Controller
          control={form.control}
          name="reservedBy"
          render={({ field }) => (
            <ChoiceSelect
              id="reservedBy"
              value={field.value ? String(field.value) : ''}
              onChange={(value) => field.onChange(Number(value))}
              choices={people.map((p) => [String(p.id), fullName(p)])}
              placeholder="Choose a member"
            />
          )}
        />
      ) : (
        <Input id="reservedBy" readOnly value={user ? fullName(user) : ''} />
      )}
    </FormField>
  );
}

/** Teams for shows and rehearsals, an instructor for classes. */
export function TeamAndInstructorFields({
  form,
  options,
}: {
  form: UseFormReturn<EventFormValues>;
  options: CalendarOptions | undefined;
}) {
  const { control, watch, formState } = form;
  const eventType = watch('eventType');
  const teams = options?.teams ?? [];
  return (
    <>
      {TEAM_EVENT_TYPES.includes(eventType) && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Teams</legend>
          {teams.length === 0 && <p className="text-sm text-muted-foreground">No teams yet</p>}
          <Controller
            control={control}
            name="teamIds"
            render={({ field }) => (
              <div className="grid max-h-32 gap-2 overflow-y-auto sm:grid-cols-2">
                {teams.map((team) => (
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
      {eventType === INSTRUCTOR_EVENT_TYPE && (
        <FormField id="instructorId" label="Instructor" error={formState.errors.instructorId?.message}>
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
                  ...(options?.people ?? [])
                    .filter((p) => p.isInstructor)
                    .map((p): [string, string] => [String(p.id), fullName(p)]),
                ]}
              />
            )}
          />
        </FormField>
      )}
    </>
  );
}
