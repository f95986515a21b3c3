// The event dialog's calls: a called member's own call and answer; for the event's
// managers the confirmation board (live on `calls-changed`), Call People and Take Attendance.
import { formatCallTime } from '@common/clock';
import { ClipboardCheck, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useCalls, useCallsLive } from '../../api/calls';
import type { CalendarEvent } from '@common/schemas/calendar';
import { boardSummary, formatInstant } from '../../lib/calls';
import { AttendanceDialog } from '../attendance/attendance-dialog';
import { CallAnswer } from './call-answer';
import { CallPeopleDialog } from './call-people-dialog';
import { CallStatusBadge } from './call-status-badge';

export function CallsPanel({ orgId, event }: { orgId: number; event: CalendarEvent }) {
  const { user, organization } = useAuth();
  const calls = useCalls(orgId, event.id);
  useCallsLive(orgId);
  const [callOpen, setCallOpen] = useState(false);
  const [attendanceOpen, setAttendanceOpen] = useState(false);
  const timeZone = organization?.timezone ?? 'UTC';

  // Members the event does not concern are not told who is called (403): nothing to show.
  if (calls.isError && isApiError(calls.error, 403)) return null;
  if (calls.isLoading) return <Spinner label="Loading calls" className="text-sm" />;
  if (calls.isError || !calls.data)
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
        Calls could not be loaded.
        <Button variant="outline" size="sm" onClick={() => calls.refetch()}>
          Try again
        </Button>
      </p>
    );
  const { canManage, canTakeAttendance } = calls.data;
  const list = calls.data.calls;
  const mine = list.find((c) => c.userId === user?.id);
  const started = Date.parse(event.startDateTime) <= Date.now();
  const ended = Date.parse(event.endDateTime) <= Date.now();
  const shared = list[0];
  const callTime = formatCallTime(shared?.callTime ?? null);

  return (
    <section
      aria-labelledby={`calls-${event.id}`}
      className="space-y-3 rounded-lg border p-3"
      data-testid="calls-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`calls-${event.id}`} className="flex items-center gap-2 font-semibold">
          <Megaphone aria-hidden="true" className="size-4" /> Calls
        </h3>
        <div className="flex flex-wrap gap-2">
          {canManage && (
            <Button size="sm" variant="outline" onClick={() => setCallOpen(true)}>
              Call People
            </Button>
          )}
          {canTakeAttendance && started && (
            <Button size="sm" variant="outline" onClick={() => setAttendanceOpen(true)}>
              <ClipboardCheck aria-hidden="true" /> Take Attendance
            </Button>
          )}
        </div>
      </div>
      {shared && (callTime || shared.note) && (
        <p className="break-words text-sm">
          {callTime && <>Call time {callTime}. </>}
          {shared.note}
        </p>
      )}
      {mine && !ended && (
        <CallAnswer
          key={`${mine.status}-${mine.responseNote ?? ''}`}
          orgId={orgId}
          eventId={event.id}
          eventName={event.name}
          status={mine.status}
          responseNote={mine.responseNote}
        />
      )}
      {mine && ended && (
        <p className="flex items-center gap-2 text-sm">
          You were called: <CallStatusBadge status={mine.status} />
        </p>
      )}
      {canManage && (
        <div className="space-y-2" data-testid="call-board">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {boardSummary(list)}
          </p>
          {list.length > 0 && (
            <ul className="divide-y rounded-md border text-sm" aria-label="Confirmation board">
              {list.map((c) => (
                <li key={c.userId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  <span className="min-w-0 flex-1 basis-32 break-words font-medium">{c.name}</span>
                  <CallStatusBadge status={c.status} />
                  {c.respondedAt && (
                    <span className="text-xs text-muted-foreground">
                      {formatInstant(c.respondedAt, timeZone)}
                    </span>
                  )}
                  {c.responseNote && (
                    <span className="basis-full break-words text-muted-foreground">“{c.responseNote}”</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {canManage && (
        <CallPeopleDialog
          orgId={orgId}
          event={event}
          calls={list}
          open={callOpen}
          onOpenChange={setCallOpen}
        />
      )}
      {canTakeAttendance && (
        <AttendanceDialog
          orgId={orgId}
          event={event}
          open={attendanceOpen}
          onOpenChange={setAttendanceOpen}
        />
      )}
    </section>
  );
}
