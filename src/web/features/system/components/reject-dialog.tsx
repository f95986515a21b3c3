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
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { type PendingOrganization, useRejectOrganization } from '../api/pending-organizations';

interface RejectDialogProps {
  organization: PendingOrganization | null;
  onClose: () => void;
}

export function RejectDialog({ organization, onClose }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const reject = useRejectOrganization();

  const close = () => {
    setReason('');
    onClose();
  };

  return (
    <Dialog open={organization !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject Organization</DialogTitle>
          <DialogDescription>
            Reject the registration of {organization?.name}. The owner is told by email, with your reason if
            you give one.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (organization) reject.mutate({ org: organization, reason }, { onSuccess: close });
          }}
        >
          <div className="space-y-2">
            <Label htmlFor="rejection-reason">Reason for rejection (optional)</Label>
            <Textarea
              id="rejection-reason"
              value={reason}
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
              placeholder="Explain why this registration is being rejected"
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? 'Rejecting...' : 'Reject Organization'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
