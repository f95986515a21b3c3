// /calendar/report-notes: the notes of published reports, by department and status, so each
// department works through what is open: acknowledge, reply, mark done. Owners and admins also
// set the departments and who receives each. docs/product.md#department-notes
import type { Department, NoteStatus, ReportNoteListItem } from '@common/schemas/breakdown';
import { NOTE_STATUS_LABELS, NOTE_STATUSES } from '@common/breakdown';
import { policy } from '@common/permissions';
import { displayName } from '@common/teams';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { FetchError } from '@web/components/fetch-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { LazyChoiceSelect as ChoiceSelect } from '@web/components/lazy-choice-select';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useCalendarOptions } from '../../calendar/api/events';
import { useAnswerNote, useDepartments, useReportNotes, useSaveDepartments } from '../api/reports';
import { formatDate } from '@web/lib/format';

const ALL = 'all';

export function ReportNotesPage() {
  const { organization, actor } = useAuth();
  const orgId = organization?.id ?? 0;
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const department = params.get('department') ?? undefined;
  const statusParam = params.get('status');
  const status = statusParam === ALL ? undefined : ((statusParam as NoteStatus | null) ?? 'open');
  const departments = useDepartments(orgId);
  const notes = useReportNotes(orgId, { department, status });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL && key === 'department') next.delete(key);
    else next.set(key, value);
    navigate(`${location}?${next}`, { replace: true });
  };
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Report notes</h1>
        <p className="text-muted-foreground">
          Notes from published rehearsal reports, for each department to answer.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <ChoiceSelect
          label="Department"
          value={department ?? ALL}
          onChange={(v) => set('department', v)}
          choices={[
            [ALL, 'All departments'],
            ...(departments.data ?? []).map((d): [string, string] => [d.name, d.name]),
          ]}
          className="w-56"
        />
        <ChoiceSelect
          label="Status"
          value={status ?? ALL}
          onChange={(v) => set('status', v)}
          choices={[
            [ALL, 'Any status'],
            ...NOTE_STATUSES.map((s): [string, string] => [s, NOTE_STATUS_LABELS[s]]),
          ]}
          className="w-44"
        />
      </div>
      {notes.isLoading ? (
        <Skeleton className="h-32 w-full" role="status" aria-label="Loading notes" />
      ) : notes.isError ? (
        <FetchError title="Error loading notes" error={notes.error} onRetry={() => notes.refetch()} />
      ) : notes.data?.length === 0 ? (
        <p className="text-muted-foreground">No notes here.</p>
      ) : (
        <ul className="space-y-3">
          {notes.data?.map((n) => (
            <NoteItem key={n.id} orgId={orgId} note={n} />
          ))}
        </ul>
      )}
      {policy.manageSettings(actor) && departments.data && (
        <DepartmentsCard orgId={orgId} departments={departments.data} />
      )}
    </div>
  );
}

function NoteItem({ orgId, note }: { orgId: number; note: ReportNoteListItem }) {
  const answer = useAnswerNote(orgId);
  const [reply, setReply] = useState(note.reply ?? '');
  const move = (status: NoteStatus) =>
    answer.mutate(
      { id: note.id, status, reply: reply.trim() || null },
      {
        onSuccess: () => toast({ title: `Note marked ${NOTE_STATUS_LABELS[status].toLowerCase()}` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update note',
            description: errorMessage(error, ''),
          }),
      },
    );
  return (
    <li className="space-y-2 rounded-lg border p-3" data-testid="report-note-item">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">{note.department}</Badge>
        <Badge variant={note.status === 'done' ? 'success' : 'secondary'}>
          {NOTE_STATUS_LABELS[note.status]}
        </Badge>
        {note.confidential && <Badge variant="warning">Confidential</Badge>}
        <Link href={`/calendar/events/${note.eventId}/report`} className="text-primary-text underline">
          {note.eventName}, {formatDate(note.startDateTime)}
        </Link>
      </div>
      <p className="whitespace-pre-line">{note.text}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label="Reply"
          placeholder="Reply"
          className="max-w-sm"
          value={reply}
          maxLength={5000}
          onChange={(e) => setReply(e.target.value)}
        />
        {note.status !== 'acknowledged' && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => move('acknowledged')}
            disabled={answer.isPending}
          >
            Acknowledge
          </Button>
        )}
        {note.status !== 'done' && (
          <Button size="sm" onClick={() => move('done')} disabled={answer.isPending}>
            Mark done
          </Button>
        )}
        {note.status === 'done' && (
          <Button size="sm" variant="ghost" onClick={() => move('open')} disabled={answer.isPending}>
            Reopen
          </Button>
        )}
      </div>
    </li>
  );
}

/** The departments and who receives each (owners and admins). */
function DepartmentsCard({ orgId, departments }: { orgId: number; departments: Department[] }) {
  const options = useCalendarOptions(orgId);
  const save = useSaveDepartments(orgId);
  const [list, setList] = useState(departments);
  const [added, setAdded] = useState('');
  const people = options.data?.people ?? [];
  const toggle = (i: number, userId: number, on: boolean) =>
    setList((l) =>
      l.map((d, j) =>
        j === i
          ? {
              ...d,
              recipientIds: on ? [...d.recipientIds, userId] : d.recipientIds.filter((id) => id !== userId),
            }
          : d,
      ),
    );
  const onSave = () =>
    save.mutate(list, {
      onSuccess: () => toast({ title: 'Departments saved' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to save departments',
          description: errorMessage(error, ''),
        }),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Departments</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {list.map((d, i) => (
          <details key={d.name} className="rounded-md border p-2">
            <summary className="cursor-pointer font-medium">
              {d.name} ({d.recipientIds.length} {d.recipientIds.length === 1 ? 'recipient' : 'recipients'})
            </summary>
            <div className="mt-2 grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
              {people.map((p) => (
                <Label key={p.id} className="flex items-center gap-2 font-normal">
                  <Checkbox
                    checked={d.recipientIds.includes(p.id)}
                    onCheckedChange={(on) => toggle(i, p.id, on === true)}
                  />
                  {displayName(p)}
                </Label>
              ))}
            </div>
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive"
              onClick={() => setList((l) => l.filter((_, j) => j !== i))}
            >
              Remove {d.name}
            </Button>
          </details>
        ))}
        <div className="flex flex-wrap gap-2">
          <Input
            aria-label="New department"
            placeholder="New department"
            className="max-w-xs"
            value={added}
            maxLength={100}
            onChange={(e) => setAdded(e.target.value)}
          />
          <Button
            variant="outline"
            onClick={() => {
              if (added.trim()) setList((l) => [...l, { name: added.trim(), recipientIds: [] }]);
              setAdded('');
            }}
          >
            Add
          </Button>
          <Button onClick={onSave} disabled={save.isPending}>
            Save Departments
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
