import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/utils';

interface SpinnerProps {
  /** Visible text next to the spinner; also what screen readers announce. */
  label?: string;
  className?: string;
}

export function Spinner({ label, className }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center gap-2 text-muted-foreground', className)}
    >
      <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </div>
  );
}

/** A whole-screen loading state. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
