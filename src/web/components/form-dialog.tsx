import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ConfirmDialogView } from './confirm-dialog-view';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { FormDialogFooter } from './form-dialog-footer';

interface ShellState {
  /** Close as the user asked to: asks first when the form has unsaved changes. */
  requestClose: () => void;
  /** The form inside reports whether it differs from what it was opened with. */
  setDirty: (dirty: boolean) => void;
}

const ShellContext = createContext<ShellState | null>(null);

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Width and other classes for the dialog box. */
  className?: string;
  role?: 'dialog' | 'alertdialog';
  children: React.ReactNode;
}

/**
 * The one shell every form dialog uses: title and description, the form's body and footer
 * (`FormDialogForm`), a question before unsaved changes are thrown away, and (through
 * `DialogContent`) focus back on whatever opened the dialog once it closes.
 *
 * Success closes through `onOpenChange(false)` directly and never asks; Escape, the overlay,
 * the corner X and Cancel go through `requestClose`, which asks when the form is dirty.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  role,
  children,
}: FormDialogProps) {
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);

  useLayoutEffect(() => {
    if (!open) {
      dirty.current = false;
      setAsking(false);
    }
  }, [open]);

  const requestClose = useCallback(() => {
    if (dirty.current) setAsking(true);
    else onOpenChange(false);
  }, [onOpenChange]);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  return (
    <ShellContext.Provider value={{ requestClose, setDirty }}>
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
        <DialogContent
          className={className}
          // An undefined role would override Radix's own "dialog".
          {...(role ? { role } : {})}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description && <DialogDescription>{description}</DialogDescription>}
          </DialogHeader>
          {children}
        </DialogContent>
      </Dialog>
      <ConfirmDialogView
        request={
          asking
            ? {
                title: 'Discard changes?',
                description: 'You have unsaved changes. Close without saving them?',
                confirmLabel: 'Discard',
                destructive: true,
                onConfirm: () => {
                  dirty.current = false;
                  onOpenChange(false);
                  return undefined;
                },
              }
            : null
        }
        onClose={() => setAsking(false)}
      />
    </ShellContext.Provider>
  );
}

interface FormDialogFormProps {
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** True once a field differs from what the dialog opened with (react-hook-form's `isDirty`). */
  dirty: boolean;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  /** When set, the submit button is disabled and this sentence says why. */
  disabledReason?: string;
  className?: string;
  children: React.ReactNode;
}

/** The form inside a `FormDialog`: its fields, then Cancel and a submit that shows progress. */
export function FormDialogForm({
  onSubmit,
  dirty,
  pending,
  submitLabel,
  pendingLabel,
  destructive,
  disabledReason,
  className,
  children,
}: FormDialogFormProps) {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('FormDialogForm must be inside a FormDialog');
  const { setDirty, requestClose } = shell;

  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);

  return (
    <form onSubmit={onSubmit} noValidate className={className ?? 'space-y-4'}>
      {children}
      <FormDialogFooter
        onCancel={requestClose}
        pending={pending}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        destructive={destructive}
        disabledReason={disabledReason}
      />
    </form>
  );
}
