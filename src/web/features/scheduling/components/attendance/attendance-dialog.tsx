// Take attendance for one started date of an event: each called person and team
// member present, late, absent or excused, with a note. Fast by keyboard: P, L, A, E (or the
// arrow keys) mark a person and Tab moves to the next one; a note opens only on purpose (N, or the
// Note button), so neither the note box nor its button stands between two people.
import type { AttendanceEntry } from '@common/schemas/scheduling';
import {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  MAX_NOTE_LENGTH,
} from '@common/scheduling';
import { useEffect, useRef, useState } from 'react';
import { NotebookPen } from 'lucide-react';
import { FetchError } from '@web/components/fetch-error';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useAttendance, useAttendanceLive, useSaveAttendance } from '../../api/attendance';
import type { CalendarEvent } from '@common/schemas/calendar';
import { formatEventDate } from '@web/features/calendar/lib/dates';
import { saveToasts } from '@web/features/calendar/lib/save-toasts';

type Row = Pick<AttendanceEntry, 'userId' | 'name' | 'called' | 'status'> & { note: string };

const rowsOf = (entries: AttendanceEntry[]): Row[] => entries.map((e) => ({ ...e, note: e.note ?? '' }));

const KEYS: Record<string, AttendanceStatus> = { p: 'present', l: 'late', a: 'absent', e: 'excused' };
const NOTE_KEY = 'n';

export function AttendanceDialog({
  orgId,
  event,
  open,
  onOpenChange,
}: {
  orgId: number;
  event: CalendarEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Take Attendance"
      description={`"${event.name}" on ${formatEventDate(event.startDateTime)}. P, L, A, E or the arrow keys mark a person; Tab moves to the next person; N adds a note.`}
      className="max-w-2xl"
    >
      {open && <AttendanceLoader orgId={orgId} eventId={event.id} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function AttendanceLoader({
  orgId,
  eventId,
  onDone,
}: {
  orgId: number;
  eventId: number;
  onDone: () => void;
}) {
  const entries = useAttendance(orgId, eventId);
  useAttendanceLive(orgId);
  if (entries.isLoading) return <Spinner label="Loading the register" className="py-6" />;
  if (entries.isError || !entries.data)
    return (
      <FetchError title="Failed to load attendance" error={entries.error} onRetry={() => entries.refetch()} />
    );
  return <AttendanceForm orgId={orgId} eventId={eventId} entries={entries.data} onDone={onDone} />;
}

function AttendanceForm({
  orgId,
  eventId,
  entries,
  onDone,
}: {
  orgId: number;
  eventId: number;
  entries: AttendanceEntry[];
  onDone: () => void;
}) {
  const save = useSaveAttendance(orgId, eventId);
  // The register as loaded; marks saved elsewhere (attendance-changed) replace it, unless this
  // form has unsaved changes of its own.
  const [base, setBase] = useState(entries);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(entries));
  const dirty = rows.some((r, i) => r.status !== base[i].status || r.note !== (base[i].note ?? ''));
  useEffect(() => {
    if (entries === base || dirty) return;
    setBase(entries);
    setRows(rowsOf(entries));
  }, [entries, base, dirty]);
  const update = (userId: number, change: Partial<Row>) =>
    setRows((previous) => previous.map((r) => (r.userId === userId ? { ...r, ...change } : r)));
  // Whose note box was opened on purpose (a saved note shows its box anyway).
  const [noting, setNoting] = useState<ReadonlySet<number>>(() => new Set());
  const focusNote = useRef<number | null>(null);
  const openNote = (userId: number) => {
    focusNote.current = userId;
    setNoting((previous) => new Set(previous).add(userId));
  };
  const unmarked = rows.filter((r) => r.status === null).length;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { records: rows.map((r) => ({ userId: r.userId, status: r.status, note: r.note.trim() || null })) },
      saveToasts('Failed to save attendance', () => ({ title: 'Attendance saved' }), onDone),
    );
  };

  if (rows.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Nobody is called to this date and it has no team members: there is no one to mark.
      </p>
    );
  return (
    <FormDialogForm
      onSubmit={submit}
      dirty={dirty}
      pending={save.isPending}
      submitLabel="Save Attendance"
      pendingLabel="Saving..."
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p aria-live="polite">{unmarked === 0 ? 'Everyone is marked.' : `${unmarked} not marked yet.`}</p>
        {unmarked > 0 && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              setRows((previous) => previous.map((r) => ({ ...r, status: r.status ?? 'present' })))
            }
          >
            Mark the rest present
          </Button>
        )}
      </div>
      <ul className="divide-y rounded-md border" data-testid="attendance-rows">
        {rows.map((row) => (
          <li key={row.userId} className="space-y-2 p-3">
            <fieldset
              className="flex flex-wrap items-center gap-x-3 gap-y-2"
              onKeyDown={(e) => {
                if (!(e.target instanceof HTMLInputElement) || e.target.type !== 'radio') return;
                if (e.ctrlKey || e.metaKey || e.altKey) return;
                const key = e.key.toLowerCase();
                if (key === NOTE_KEY) {
                  e.preventDefault();
                  openNote(row.userId);
                  return;
                }
                const status = KEYS[key];
                if (!status) return;
                e.preventDefault();
                update(row.userId, { status });
                const next = e.currentTarget.querySelector<HTMLInputElement>(`input[value="${status}"]`);
                next?.focus();
              }}
            >
              <legend className="float-left mr-auto min-w-0 basis-full break-words font-medium sm:basis-auto">
                {row.name}
                {!row.called && (
                  <span className="ml-2 text-xs font-normal text-muted-foreground">team member</span>
                )}
              </legend>
              <div className="flex flex-wrap items-center gap-1">
                {ATTENDANCE_STATUSES.map((status) => (
                  <label
                    key={status}
                    className={cn(
                      'inline-flex cursor-pointer items-center rounded-md border px-2.5 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      row.status === status && 'border-primary bg-primary text-primary-foreground',
                    )}
                  >
                    <input
                      type="radio"
                      className="sr-only"
                      name={`attendance-${row.userId}`}
                      value={status}
                      checked={row.status === status}
                      onChange={() => update(row.userId, { status })}
                    />
                    {ATTENDANCE_LABELS[status]}
                  </label>
                ))}
                {!noting.has(row.userId) && row.note === '' && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    tabIndex={-1}
                    aria-label={`Add a note for ${row.name}`}
                    aria-keyshortcuts="N"
                    onClick={() => openNote(row.userId)}
                  >
                    <NotebookPen aria-hidden="true" />
                    Note
                  </Button>
                )}
              </div>
            </fieldset>
            {(noting.has(row.userId) || row.note !== '') && (
              <Input
                aria-label={`Note for ${row.name}`}
                value={row.note}
                maxLength={MAX_NOTE_LENGTH}
                placeholder="Note (optional)"
                // Out of the Tab path between people: reached with N or a click.
                tabIndex={-1}
                ref={(input) => {
                  if (input && focusNote.current === row.userId) {
                    focusNote.current = null;
                    input.focus();
                  }
                }}
                // A saved note being edited keeps its box even once emptied.
                onFocus={() =>
                  setNoting((previous) =>
                    previous.has(row.userId) ? previous : new Set(previous).add(row.userId),
                  )
                }
                onChange={(e) => update(row.userId, { note: e.target.value })}
                onKeyDown={(e) => {
                  // Enter goes back to the person's marks rather than submitting the register.
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  e.currentTarget
                    .closest('li')
                    ?.querySelector<HTMLInputElement>('input[type="radio"]:checked, input[type="radio"]')
                    ?.focus();
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </FormDialogForm>
  );
}
