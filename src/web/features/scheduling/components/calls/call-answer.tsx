// A called member's answer: Confirm or Can't make it, with an optional note. Used in
// the event dialog and in My Schedule.
import { type CallStatus, MAX_NOTE_LENGTH, type ResponseStatus } from '@common/scheduling';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useRespondToCall } from '../../api/calls';
import { CallStatusBadge } from './call-status-badge';

export function CallAnswer({
  orgId,
  eventId,
  eventName,
  status,
  responseNote,
}: {
  orgId: number;
  eventId: number;
  eventName: string;
  status: CallStatus;
  responseNote: string | null;
}) {
  const respond = useRespondToCall(orgId, eventId);
  const [note, setNote] = useState(responseNote ?? '');
  const noteId = useId();
  const answer = (next: ResponseStatus) =>
    respond.mutate(
      { status: next, note: note.trim() || null },
      {
        onSuccess: () =>
          toast({
            title: next === 'confirmed' ? 'Confirmed' : 'Answer sent',
            description:
              next === 'confirmed'
                ? `You confirmed "${eventName}".`
                : `The stage manager knows you can't make "${eventName}".`,
          }),
        onError: (error) =>
          toast({
            title: 'Failed to send your answer',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Your answer: <CallStatusBadge status={status} />
      </p>
      <div className="space-y-1">
        <Label htmlFor={noteId} className="text-sm font-normal">
          Note to the stage manager (optional)
        </Label>
        <Input
          id={noteId}
          value={note}
          maxLength={MAX_NOTE_LENGTH}
          onChange={(e) => setNote(e.target.value)}
          placeholder="Running 10 minutes late, leaving early…"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={status === 'confirmed' ? 'default' : 'outline'}
          aria-pressed={status === 'confirmed'}
          disabled={respond.isPending}
          onClick={() => answer('confirmed')}
        >
          <Check aria-hidden="true" /> Confirm
        </Button>
        <Button
          size="sm"
          variant={status === 'declined' ? 'destructive' : 'outline'}
          aria-pressed={status === 'declined'}
          disabled={respond.isPending}
          onClick={() => answer('declined')}
        >
          <X aria-hidden="true" /> Can't make it
        </Button>
      </div>
    </div>
  );
}
