// Choose who is called to one date of an event: the event's team members first, a
// search over everyone, a call time and a note. Each person shows what keeps them away that date
// (unavailability, other calls and their teams' events), from the booking form's conflicts check. Saving replaces the list; people kept keep
// their answers, newly called people get the call mail.
import type { CallEntry } from '@common/schemas/scheduling';
import { MAX_NOTE_LENGTH } from '@common/scheduling';
import { displayName } from '@common/teams';
import { useMemo, useState } from 'react';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { useSetCalls } from '../../api/calls';
import { usePeopleConflicts } from '../../api/conflicts';
import { useCalendarOptions } from '@web/features/calendar/api/events';
import { useTeamMembers } from '../../api/people';
import type { CalendarEvent } from '@common/schemas/calendar';
import { type Candidate, candidateGroups } from '../../lib/calls';
import { conflictsByPerson } from '../../lib/conflicts';
import { formatEventDate } from '@web/features/calendar/lib/dates';
import { saveToasts } from '@web/features/calendar/lib/save-toasts';
import { callConflictsRequest } from '@web/features/calendar/components/event-form/form-values';

export function CallPeopleDialog({
  orgId,
  event,
  calls,
  open,
  onOpenChange,
}: {
  orgId: number;
  event: CalendarEvent;
  calls: CallEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Call People"
      description={`Who is called to "${event.name}" on ${formatEventDate(event.startDateTime)}. Newly called people get an email to confirm.`}
      className="max-w-xl"
    >
      {open && (
        <CallPeopleForm orgId={orgId} event={event} calls={calls} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  );
}

function CallPeopleForm({
  orgId,
  event,
  calls,
  onDone,
}: {
  orgId: number;
  event: CalendarEvent;
  calls: CallEntry[];
  onDone: () => void;
}) {
  const options = useCalendarOptions(orgId);
  const teamIds = useMemo(() => event.teams.map((t) => t.id), [event.teams]);
  const members = useTeamMembers(orgId, teamIds);
  const save = useSetCalls(orgId, event.id);
  const initial = useMemo(() => new Set(calls.map((c) => c.userId)), [calls]);
  // A rehearsal of named scenes calls their cast: nobody called yet, the dialog starts with them.
  const sceneCast = useMemo(
    () => [...new Set((event.scenes ?? []).flatMap((s) => s.people.map((p) => p.userId)))],
    [event.scenes],
  );
  // What the dialog opens with is its proposal, not the person's change: closing it loses nothing.
  const [start] = useState<Set<number>>(() =>
    initial.size === 0 && sceneCast.length > 0 ? new Set(sceneCast) : initial,
  );
  const [chosen, setChosen] = useState<Set<number>>(start);
  const [search, setSearch] = useState('');
  const [callTime, setCallTime] = useState(calls[0]?.callTime ?? '');
  const [note, setNote] = useState(calls[0]?.note ?? '');
  const dirty =
    chosen.size !== start.size ||
    [...chosen].some((id) => !start.has(id)) ||
    callTime !== (calls[0]?.callTime ?? '') ||
    note !== (calls[0]?.note ?? '');

  const everyone: Candidate[] = (options.data?.people ?? []).map((p) => ({
    id: p.id,
    name: displayName(p),
    username: p.username,
  }));
  const teams = event.teams.map((t, i) => ({
    name: t.name,
    members: (members.teams[i]?.members ?? []).map((m) => ({
      id: m.userId,
      name: displayName(m.user),
      username: m.user.username,
    })),
  }));
  const groups = candidateGroups(teams, everyone, search);
  const teamMemberIds = teams.flatMap((t) => t.members.map((m) => m.id));
  // Asked once for everyone listable (the chosen first), so searching and ticking ask nothing new.
  const everyoneIds = everyone.map((p) => p.id).join(',');
  const conflictsBody = useMemo(
    () =>
      callConflictsRequest(event, [
        ...[...initial],
        ...sceneCast,
        ...(everyoneIds ? everyoneIds.split(',').map(Number) : []),
      ]),
    [event, initial, sceneCast, everyoneIds],
  );
  const conflicts = usePeopleConflicts(orgId, options.isLoading ? null : conflictsBody);
  const busy = conflictsByPerson(conflicts.data);

  const toggle = (id: number, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { userIds: [...chosen], callTime: callTime || null, note: note.trim() || null },
      saveToasts(
        'Failed to save calls',
        () => ({
          title: 'Calls saved',
          description: chosen.size === 1 ? '1 person is called.' : `${chosen.size} people are called.`,
        }),
        onDone,
      ),
    );
  };

  const loading = options.isLoading || members.isLoading;
  return (
    <FormDialogForm
      onSubmit={submit}
      dirty={dirty}
      pending={save.isPending}
      submitLabel="Save Calls"
      pendingLabel="Saving..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="call-time" label="Call time" description="Empty: the event's start time.">
          <Input
            id="call-time"
            type="time"
            step={300}
            value={callTime}
            onChange={(e) => setCallTime(e.target.value)}
          />
        </FormField>
        <FormField id="call-search" label="Search people">
          <Input
            id="call-search"
            type="search"
            value={search}
            placeholder="Name or username"
            onChange={(e) => setSearch(e.target.value)}
          />
        </FormField>
      </div>
      <fieldset className="space-y-2">
        <legend className="flex w-full flex-wrap items-center justify-between gap-2 text-sm font-medium">
          <span>Called ({chosen.size})</span>
          {sceneCast.length > 0 && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setChosen((previous) => new Set([...previous, ...sceneCast]))}
            >
              Call the scenes' cast
            </Button>
          )}
          {teamMemberIds.length > 0 && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setChosen((previous) => new Set([...previous, ...teamMemberIds]))}
            >
              Call all team members
            </Button>
          )}
        </legend>
        {loading ? (
          <Spinner label="Loading people" />
        ) : options.isError || members.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The list of people could not be loaded. Close and try again.
          </p>
        ) : groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one matches "{search}".</p>
        ) : (
          <>
            {conflicts.isError && (
              <p className="text-sm text-muted-foreground">Who is unavailable could not be checked.</p>
            )}
            <div
              className="max-h-64 space-y-3 overflow-y-auto rounded-md border p-3"
              data-testid="call-candidates"
            >
              {groups.map((group) => (
                <fieldset key={group.label} className="space-y-1">
                  <legend className="text-xs font-semibold uppercase text-muted-foreground">
                    {group.label}
                  </legend>
                  {group.people.map((p) => (
                    <Label key={p.id} className="flex min-h-8 items-center gap-2 py-1 font-normal">
                      <Checkbox
                        checked={chosen.has(p.id)}
                        onCheckedChange={(on) => toggle(p.id, on === true)}
                      />
                      <span className="min-w-0 break-words">
                        {p.name} <span className="text-muted-foreground">@{p.username}</span>
                        {busy.get(p.id)?.map((reason) => (
                          <span key={reason} className="block text-xs text-destructive">
                            {reason.charAt(0).toUpperCase() + reason.slice(1)}
                          </span>
                        ))}
                      </span>
                    </Label>
                  ))}
                </fieldset>
              ))}
            </div>
          </>
        )}
      </fieldset>
      <FormField
        id="call-note"
        label="Note (optional)"
        description="Shown to everyone called and on the call sheet."
      >
        <Textarea
          id="call-note"
          rows={2}
          maxLength={MAX_NOTE_LENGTH}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="Act 2 scenes 3–5; bring your script"
        />
      </FormField>
    </FormDialogForm>
  );
}
