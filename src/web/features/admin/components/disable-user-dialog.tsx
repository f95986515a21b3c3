import { DISABLE_REASON_REQUIRED, type MembershipRow } from '@common/schemas/admin';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { nameOf, useDisableUser } from '../api/users';

interface DisableUserDialogProps {
  organizationId: number;
  member: MembershipRow | null;
  onClose: () => void;
}

/** Disable User (spec part 2 §4): a reason that is not blank once trimmed. */
export function DisableUserDialog({ organizationId, member, onClose }: DisableUserDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const disable = useDisableUser(organizationId);

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Disable User</DialogTitle>
          <DialogDescription>
            {member ? nameOf(member) : ''} will be signed out at once and cannot sign in until enabled again.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!member) return;
            if (!reason.trim()) {
              setError(DISABLE_REASON_REQUIRED);
              return;
            }
            disable.mutate({ row: member, reason: reason.trim() }, { onSuccess: close });
          }}
        >
          <FormField id="disable-reason" label="Reason for disabling" error={error}>
            <Textarea
              {...fieldA11y('disable-reason', error)}
              value={reason}
              maxLength={500}
              placeholder="Explain why this account is being disabled"
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending}>
              {disable.isPending ? 'Disabling...' : 'Disable User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
