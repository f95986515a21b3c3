import type { Availability } from '../api/check-shortname';
import { cn } from '@web/lib/utils';

const TEXT: Record<Exclude<Availability, 'idle'>, string> = {
  checking: 'Checking availability...',
  available: '✓ Available',
  taken: '✗ Already taken',
  unknown: '?',
};

/** The live indicator's words are the spec's. */
export function ShortnameStatus({ status }: { status: Availability }) {
  if (status === 'idle') return null;
  return (
    <p
      role="status"
      aria-live="polite"
      className={cn(
        'text-sm',
        status === 'available' && 'text-success',
        status === 'taken' && 'text-destructive',
        (status === 'checking' || status === 'unknown') && 'text-muted-foreground',
      )}
      title={status === 'unknown' ? 'Availability could not be checked' : undefined}
    >
      {TEXT[status]}
    </p>
  );
}
