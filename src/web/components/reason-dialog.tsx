import { useState } from 'react';
import { FormField, fieldA11y } from './ui/form-field';
import { Textarea } from './ui/textarea';
import { FormDialog, FormDialogForm } from './form-dialog';

interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: React.ReactNode;
  /** The reason field's id, label, placeholder and length limit. */
  fieldId: string;
  label: string;
  placeholder: string;
  maxLength: number;
  /** Set when a reason is needed: a blank one (once trimmed) shows this message instead of submitting. */
  requiredMessage?: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** The reason as typed; call `close` once the action succeeded. */
  onSubmit: (reason: string, close: () => void) => void;
}

/** A destructive action that asks why: disabling a user, rejecting an organization. */
export function ReasonDialog({
  open,
  onClose,
  title,
  description,
  fieldId,
  label,
  placeholder,
  maxLength,
  requiredMessage,
  submitLabel,
  pendingLabel,
  isPending,
  onSubmit,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  return (
    <FormDialog open={open} onOpenChange={(next) => !next && close()} title={title} description={description}>
      <FormDialogForm
        dirty={reason.trim() !== ''}
        pending={isPending}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        destructive
        onSubmit={(e) => {
          e.preventDefault();
          if (requiredMessage && !reason.trim()) {
            setError(requiredMessage);
            return;
          }
          onSubmit(reason, close);
        }}
      >
        <FormField id={fieldId} label={label} error={error}>
          <Textarea
            {...fieldA11y(fieldId, error)}
            value={reason}
            maxLength={maxLength}
            placeholder={placeholder}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(undefined);
            }}
          />
        </FormField>
      </FormDialogForm>
    </FormDialog>
  );
}
