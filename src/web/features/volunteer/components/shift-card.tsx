// One shift as a member sees it: position, event and times, places left, who is on it, and the
// one-click action that fits (sign up, take an offered place, cancel, offer for a swap).
import type { Shift } from '@common/schemas/volunteer';
import { VOLUNTEER_STATUS_LABELS } from '@common/volunteer';
import { Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatTime } from '@web/lib/format';
import { type ShiftAction, useShiftAction } from '../api/volunteer';
import { memberActions, placesLeft } from '../lib/shifts';

const DONE: Record<ShiftAction, string> = {
  signup: 'You are signed up',
  take: 'The place is yours',
  cancel: 'Your place is cancelled',
  offer: 'Offered for a swap: you stay on the shift until someone takes it',
};

export function ShiftCard({
  orgId,
  shift,
  userId,
  children,
}: {
  orgId: number;
  shift: Shift;
  userId: number | undefined;
  /** Coordinators' controls, under the member's own. */
  children?: ReactNode;
}) {
  const act = useShiftAction(orgId);
  const can = memberActions(shift, userId);
  const left = placesLeft(shift);
  const label = `${shift.positionName}, ${shift.eventName}`;
  const run = (action: ShiftAction) =>
    act.mutate(
      { shiftId: shift.id, action },
      {
        onSuccess: () => toast({ title: DONE[action], description: label }),
        onError: (error) =>
          toast({
            title: "That didn't work",
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <li className="space-y-3 rounded-lg border bg-card p-4" aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">{shift.positionName}</p>
          <p className="break-words text-sm text-muted-foreground">{shift.eventName}</p>
          <p className="flex items-center gap-1 text-sm">
            <Clock className="size-4" aria-hidden="true" />
            {formatTime(shift.startDateTime)} – {formatTime(shift.endDateTime)}
          </p>
        </div>
        <Badge variant={left > 0 ? 'warning' : 'success'}>
          {left > 0 ? `${left} of ${shift.places} ${left === 1 ? 'place' : 'places'} left` : 'Full'}
        </Badge>
      </div>
      {shift.note && <p className="break-words text-sm">{shift.note}</p>}
      {shift.volunteers.length > 0 && (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Volunteers">
          <Users className="size-4 text-muted-foreground" aria-hidden="true" />
          {shift.volunteers.map((v) => (
            <li key={v.userId} className="break-words">
              {v.name}
              {v.status !== 'signed_up' && (
                <span className="text-muted-foreground"> ({VOLUNTEER_STATUS_LABELS[v.status]})</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {can.canSignUp && (
          <Button onClick={() => run(can.takesOffered ? 'take' : 'signup')} disabled={act.isPending}>
            {can.takesOffered ? 'Take offered place' : 'Sign up'}
          </Button>
        )}
        {can.canCancel && (
          <Button variant="outline" onClick={() => run('cancel')} disabled={act.isPending}>
            Cancel my place
          </Button>
        )}
        {can.canOffer && (
          <Button variant="secondary" onClick={() => run('offer')} disabled={act.isPending}>
            Offer for swap
          </Button>
        )}
        {can.state === 'offered' && <Badge variant="secondary">You offered this place</Badge>}
        {children}
      </div>
    </li>
  );
}
