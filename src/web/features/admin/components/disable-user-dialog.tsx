import type { MembershipRow } from '@common/schemas/admin';
import { DISABLE_REASON_REQUIRED } from '@common/admin';
import { ReasonDialog } from '@web/components/reason-dialog';
import { nameOf, useDisableUser } from '../api/users';

interface DisableUserDialogProps {
  organizationId: number;
  member: MembershipRow | null;
  onClose: () => void;
}

/** Disable User: a reason that is not blank once trimmed. */
export function DisableUserDialog({ organizationId, member, onClose }: DisableUserDialogProps) {
  const disable = useDisableUser(organizationId);
  return (
    <ReasonDialog
      open={member !== null}
      onClose={onClose}
      title="Disable User"
      description={`${member ? nameOf(member) : ''} will be signed out at once and cannot sign in until enabled again.`}
      fieldId="disable-reason"
      label="Reason for disabling"
      placeholder="Explain why this account is being disabled"
      maxLength={500}
      requiredMessage={DISABLE_REASON_REQUIRED}
      submitLabel="Disable User"
      pendingLabel="Disabling..."
      isPending={disable.isPending}
      onSubmit={(reason, close) => {
        if (member) disable.mutate({ row: member, reason: reason.trim() }, { onSuccess: close });
      }}
    />
  );
}
