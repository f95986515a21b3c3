import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';

interface FormDialogFooterProps {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  /** Shown on the submit button while the request runs ('Saving...'). */
  pendingLabel: string;
  destructive?: boolean;
  /** When set, the submit button is disabled and this sentence says why. */
  disabledReason?: string;
}

/**
 * Every form ends the same way: Cancel, and a submit that says when it is working. Part of the
 * `FormDialog` shell; usable alone by forms that are not dialogs.
 */
export function FormDialogFooter({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  destructive,
  disabledReason,
}: FormDialogFooterProps) {
  const reasonId = useId();
  return (
    <DialogFooter className="sm:items-center">
      {disabledReason && (
        <p id={reasonId} className="text-sm text-muted-foreground sm:mr-auto">
          {disabledReason}
        </p>
      )}
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant={destructive ? 'destructive' : 'default'}
        disabled={pending || !!disabledReason}
        aria-describedby={disabledReason ? reasonId : undefined}
      >
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
