// The coordinator's view: pick a coming date, add shifts to it (position, places, times, note, a
// team rule), copy its shifts to the other dates of the same show, set who holds a shift, remove
// one, and check volunteers in once a shift has started.
import type { Shift } from '@common/schemas/volunteer';
import { addDays, todayIn } from '@common/zoned-time';
import { useState } from 'react';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { useCalendarOptions, useEvents } from '@web/features/calendar/api/events';
import type { CalendarEvent } from '@common/schemas/calendar';
import {
  useAddShift,
  useCheckIn,
  useCopyShifts,
  useDeleteShift,
  usePositions,
  useSetVolunteers,
  useShifts,
} from '../api/volunteer';
import { ShiftCard } from './shift-card';

const DAYS_AHEAD = 120;
const ANY_TEAM = 'any';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

export function ManageShifts({
  orgId,
  timeZone,
  userId,
}: {
  orgId: number;
  timeZone: string;
  userId?: number;
}) {
  const today = todayIn(timeZone);
  const events = useEvents(orgId, { from: addDays(today, -7), to: addDays(today, DAYS_AHEAD) });
  const [eventId, setEventId] = useState<string>('');
  const list = events.data ?? [];
  const event = list.find((e) => String(e.id) === eventId);
  return (
    <div className="space-y-4">
      <div className="max-w-xl space-y-1">
        <Label htmlFor="shift-event">Show or event</Label>
        {events.isLoading ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <LazyChoiceSelect
            id="shift-event"
            value={eventId}
            placeholder="Choose a date"
            onChange={setEventId}
            choices={list.map((e): [string, string] => [
              String(e.id),
              `${e.name} · ${formatDateTime(e.startDateTime)}`,
            ])}
          />
        )}
      </div>
      {event && <EventShifts key={event.id} orgId={orgId} event={event} events={list} userId={userId} />}
    </div>
  );
}

function EventShifts({
  orgId,
  event,
  events,
  userId,
}: {
  orgId: number;
  event: CalendarEvent;
  events: CalendarEvent[];
  userId?: number;
}) {
  const day = event.startDateTime.slice(0, 10);
  const shifts = useShifts(orgId, { from: day, to: day });
  const mine = (shifts.data ?? []).filter((s) => s.eventId === event.id);
  return (
    <section className="space-y-4" aria-label={`Shifts of ${event.name}`}>
      <AddShiftForm orgId={orgId} event={event} />
      {mine.length > 0 && <CopyShifts orgId={orgId} event={event} events={events} />}
      {shifts.isLoading ? (
        <Skeleton className="h-32 w-full" />
      ) : mine.length === 0 ? (
        <p className="text-muted-foreground">No shifts on this date yet.</p>
      ) : (
        <ul className="space-y-3">
          {mine.map((s) => (
            <ShiftCard key={s.id} orgId={orgId} shift={s} userId={userId}>
              <CoordinatorControls orgId={orgId} shift={s} />
            </ShiftCard>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddShiftForm({ orgId, event }: { orgId: number; event: CalendarEvent }) {
  const positions = usePositions(orgId);
  const options = useCalendarOptions(orgId);
  const add = useAddShift(orgId);
  const [positionId, setPositionId] = useState('');
  const [places, setPlaces] = useState('2');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [note, setNote] = useState('');
  const [team, setTeam] = useState(ANY_TEAM);
  const day = event.startDateTime.slice(0, 10);
  const endDay = event.endDateTime.slice(0, 10);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    add.mutate(
      {
        eventId: event.id,
        body: {
          positionId: Number(positionId),
          places: Number(places),
          ...(start && end ? { startDateTime: `${day}T${start}`, endDateTime: `${endDay}T${end}` } : {}),
          note: note || null,
          teamIds: team === ANY_TEAM ? [] : [Number(team)],
        },
      },
      {
        onSuccess: (shift) => {
          toast({ title: 'Shift added', description: `${shift.positionName}, ${shift.places} places` });
          setNote('');
        },
        onError: failed('Could not add the shift'),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2"
      aria-label="Add a shift"
    >
      <div className="space-y-1">
        <Label htmlFor="shift-position">Position</Label>
        <LazyChoiceSelect
          id="shift-position"
          value={positionId}
          placeholder="Choose a position"
          onChange={setPositionId}
          choices={(positions.data ?? []).map((p): [string, string] => [String(p.id), p.name])}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="shift-places">Places</Label>
        <Input
          id="shift-places"
          type="number"
          min={1}
          max={100}
          value={places}
          onChange={(e) => setPlaces(e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="shift-start">Starts (blank: an hour before)</Label>
        <Input id="shift-start" type="time" value={start} onChange={(e) => setStart(e.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="shift-end">Ends (blank: when the event ends)</Label>
        <Input id="shift-end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="shift-note">Note for volunteers (optional)</Label>
        <Input id="shift-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="shift-team">Who may sign up</Label>
        <LazyChoiceSelect
          id="shift-team"
          value={team}
          onChange={setTeam}
          choices={[
            [ANY_TEAM, 'Any member'],
            ...(options.data?.teams ?? []).map((t): [string, string] => [
              String(t.id),
              `Members of ${t.name}`,
            ]),
          ]}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={!positionId || add.isPending}>
          Add shift
        </Button>
      </div>
    </form>
  );
}

/** The event's shifts onto the other coming dates of the same name (a run or a series). */
function CopyShifts({
  orgId,
  event,
  events,
}: {
  orgId: number;
  event: CalendarEvent;
  events: CalendarEvent[];
}) {
  const copy = useCopyShifts(orgId);
  const others = events.filter(
    (e) =>
      e.id !== event.id &&
      e.startDateTime > event.startDateTime &&
      (e.name === event.name || (event.seriesId !== null && e.seriesId === event.seriesId)),
  );
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(others.map((e) => e.id)));
  if (others.length === 0) return null;
  return (
    <details className="rounded-lg border p-4">
      <summary className="cursor-pointer font-medium">
        Copy these shifts to other dates of {event.name}
      </summary>
      <ul className="mt-3 space-y-2">
        {others.map((e) => (
          <li key={e.id} className="flex items-center gap-2">
            <Checkbox
              id={`copy-${e.id}`}
              checked={chosen.has(e.id)}
              onCheckedChange={(on) => {
                const next = new Set(chosen);
                if (on) next.add(e.id);
                else next.delete(e.id);
                setChosen(next);
              }}
            />
            <Label htmlFor={`copy-${e.id}`} className="font-normal">
              {formatDateTime(e.startDateTime)}
            </Label>
          </li>
        ))}
      </ul>
      <Button
        className="mt-3"
        disabled={chosen.size === 0 || copy.isPending}
        onClick={() =>
          copy.mutate(
            { eventId: event.id, toEventIds: [...chosen] },
            {
              onSuccess: ({ created }) =>
                toast({ title: `${created} ${created === 1 ? 'shift' : 'shifts'} copied` }),
              onError: failed('Could not copy the shifts'),
            },
          )
        }
      >
        Copy to {chosen.size} {chosen.size === 1 ? 'date' : 'dates'}
      </Button>
    </details>
  );
}

function CoordinatorControls({ orgId, shift }: { orgId: number; shift: Shift }) {
  const remove = useDeleteShift(orgId);
  const started = Date.parse(shift.startDateTime) <= Date.now();
  return (
    <>
      <AssignVolunteers orgId={orgId} shift={shift} />
      <Button
        variant="outline"
        onClick={() =>
          remove.mutate(
            { eventId: shift.eventId, shiftId: shift.id },
            {
              onSuccess: () => toast({ title: 'Shift removed' }),
              onError: failed('Could not remove the shift'),
            },
          )
        }
        disabled={remove.isPending}
      >
        Remove shift
      </Button>
      {started && shift.volunteers.length > 0 && <CheckInList orgId={orgId} shift={shift} />}
    </>
  );
}

function AssignVolunteers({ orgId, shift }: { orgId: number; shift: Shift }) {
  const options = useCalendarOptions(orgId);
  const save = useSetVolunteers(orgId);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(shift.volunteers.map((v) => v.userId)));
  const people = options.data?.people ?? [];
  return (
    <details className="w-full rounded-md border p-3">
      <summary className="cursor-pointer text-sm font-medium">
        Set volunteers ({shift.volunteers.length})
      </summary>
      <ul className="mt-2 max-h-64 space-y-2 overflow-y-auto">
        {people.map((p) => {
          const name = [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username;
          return (
            <li key={p.id} className="flex items-center gap-2">
              <Checkbox
                id={`assign-${shift.id}-${p.id}`}
                checked={chosen.has(p.id)}
                onCheckedChange={(on) => {
                  const next = new Set(chosen);
                  if (on) next.add(p.id);
                  else next.delete(p.id);
                  setChosen(next);
                }}
              />
              <Label htmlFor={`assign-${shift.id}-${p.id}`} className="font-normal">
                {name}
              </Label>
            </li>
          );
        })}
      </ul>
      <Button
        size="sm"
        className="mt-2"
        disabled={save.isPending}
        onClick={() =>
          save.mutate(
            { shiftId: shift.id, userIds: [...chosen] },
            {
              onSuccess: () => toast({ title: 'Volunteers saved' }),
              onError: failed('Could not set the volunteers'),
            },
          )
        }
      >
        Save volunteers
      </Button>
    </details>
  );
}

/** Present / No-show per volunteer, big enough to tap at the door. */
export function CheckInList({ orgId, shift }: { orgId: number; shift: Shift }) {
  const checkIn = useCheckIn(orgId);
  const mark = (userId: number, status: 'present' | 'no_show') =>
    checkIn.mutate(
      { shiftId: shift.id, marks: [{ userId, status }] },
      { onError: failed('Could not check in') },
    );
  return (
    <ul className="w-full space-y-2" aria-label="Check-in">
      {shift.volunteers.map((v) => (
        <li key={v.userId} className="flex flex-wrap items-center justify-between gap-2 border-t pt-2">
          <span className="break-words">{v.name}</span>
          <span className="flex gap-2">
            <Button
              size="sm"
              variant={v.status === 'present' ? 'default' : 'outline'}
              aria-pressed={v.status === 'present'}
              onClick={() => mark(v.userId, 'present')}
            >
              Present
            </Button>
            <Button
              size="sm"
              variant={v.status === 'no_show' ? 'destructive' : 'outline'}
              aria-pressed={v.status === 'no_show'}
              onClick={() => mark(v.userId, 'no_show')}
            >
              No-show
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
