import { ReasonDialog } from '@web/components/reason-dialog';
import { type PendingOrganization, useRejectOrganization } from '../api/pending-organizations';

interface RejectDialogProps {
  organization: PendingOrganization | null;
  onClose: () => void;
}

export function RejectDialog({ organization, onClose }: RejectDialogProps) {
  const reject = useRejectOrganization();
  return (
    <ReasonDialog
      open={organization !== null}
      onClose={onClose}
      title="Reject Organization"
      description={
        <>
          Reject the registration of {organization?.name}. The owner is told by email, with your reason if you
          give one.
        </>
      }
      fieldId="rejection-reason"
      label="Reason for rejection (optional)"
      placeholder="Explain why this registration is being rejected"
      maxLength={1000}
      submitLabel="Reject Organization"
      pendingLabel="Rejecting..."
      isPending={reject.isPending}
      onSubmit={(reason, close) => {
        if (organization) reject.mutate({ org: organization, reason }, { onSuccess: close });
      }}
    />
  );
}
