import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';

interface FormDialogFooterProps {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  /** Shown on the submit button while the request runs ('Saving...'). */
  pendingLabel: string;
  destructive?: boolean;
}

/** Every form dialog ends the same way: Cancel, and a submit that says when it is working. */
export function FormDialogFooter({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  destructive,
}: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
