import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { FormField, fieldA11y } from './ui/form-field';
import { Textarea } from './ui/textarea';
import { FormDialogFooter } from './form-dialog-footer';

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
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          noValidate
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
          <FormDialogFooter
            onCancel={close}
            pending={isPending}
            submitLabel={submitLabel}
            pendingLabel={pendingLabel}
            destructive
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
