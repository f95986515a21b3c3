import { cn } from '@web/lib/utils';
import { Label } from './label';

interface FormFieldProps {
  /** The id of the control; the label points at it and the message is `${id}-error`. */
  id: string;
  label: React.ReactNode;
  error?: string;
  description?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}

/** Label, control and message, wired so a screen reader reads the message with the control. */
export function FormField({ id, label, error, description, className, children }: FormFieldProps) {
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {description && !error && (
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** Props that tie a control to its FormField message. */
export function fieldA11y(id: string, error?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
