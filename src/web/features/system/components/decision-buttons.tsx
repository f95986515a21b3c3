import { Ban, Check, RotateCcw, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * The approval decisions an organization's state allows (common/schemas/system.ts transitions):
 * approve or reject a pending one, re-approve a rejected one, restore a suspended one, suspend an
 * approved one. The queue and All Organizations show the same buttons.
 */
export function DecisionButtons({
  name,
  status,
  busy,
  onApprove,
  onReject,
  onSuspend,
}: {
  name: string;
  status: string;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onSuspend?: () => void;
}) {
  const approveLabel = status === 'pending' ? 'Approve' : status === 'suspended' ? 'Restore' : 'Re-approve';
  return (
    <>
      {status !== 'approved' && (
        <Button size="sm" onClick={onApprove} disabled={busy} aria-label={`${approveLabel} ${name}`}>
          {status === 'pending' ? <Check aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
          {approveLabel}
        </Button>
      )}
      {status === 'pending' && (
        <Button
          size="sm"
          variant="destructive"
          onClick={onReject}
          disabled={busy}
          aria-label={`Reject ${name}`}
        >
          <X aria-hidden="true" />
          Reject
        </Button>
      )}
      {status === 'approved' && onSuspend && (
        <Button
          size="sm"
          variant="outline"
          onClick={onSuspend}
          disabled={busy}
          aria-label={`Suspend ${name}`}
        >
          <Ban aria-hidden="true" />
          Suspend
        </Button>
      )}
    </>
  );
}
