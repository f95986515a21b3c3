import { ReasonDialog } from '@web/components/reason-dialog';
import { useDecision } from '../api/organizations';

interface DecisionDialogProps {
  decision: 'reject' | 'suspend';
  organization: { id: number; name: string } | null;
  onClose: () => void;
}

const TEXT = {
  reject: {
    title: 'Reject Organization',
    description: (name: string) =>
      `Reject the registration of ${name}. The owner is told by email, with your reason if you give one.`,
    label: 'Reason for rejection (optional)',
    placeholder: 'Explain why this registration is being rejected',
    submit: 'Reject Organization',
    pending: 'Rejecting...',
  },
  suspend: {
    title: 'Suspend Organization',
    description: (name: string) =>
      `Suspend ${name}: its members are signed out and cannot sign in, and its public pages go offline until you approve it again. The owner is told by email.`,
    label: 'Reason for suspension (optional)',
    placeholder: 'Explain why this organization is suspended',
    submit: 'Suspend Organization',
    pending: 'Suspending...',
  },
};

/** Rejecting or suspending an organization: both ask why, and both are undone by approving. */
export function DecisionDialog({ decision, organization, onClose }: DecisionDialogProps) {
  const mutation = useDecision(decision);
  const text = TEXT[decision];
  return (
    <ReasonDialog
      open={organization !== null}
      onClose={onClose}
      title={text.title}
      description={text.description(organization?.name ?? '')}
      fieldId={`${decision}-reason`}
      label={text.label}
      placeholder={text.placeholder}
      maxLength={1000}
      submitLabel={text.submit}
      pendingLabel={text.pending}
      isPending={mutation.isPending}
      onSubmit={(reason, close) => {
        if (organization) mutation.mutate({ org: organization, reason }, { onSuccess: close });
      }}
    />
  );
}
