import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { isApiError } from '@web/lib/api';

interface Proof {
  currentPassword?: string;
  code?: string;
}

/**
 * What a change of sign-in details asks for: the current password, and the two-step code when
 * two-step sign-in is on (a borrowed open session is not enough).
 */
export function ProofFields<T extends FieldValues & Proof>({
  form,
  idPrefix,
  twoStep,
}: {
  form: UseFormReturn<T>;
  idPrefix: string;
  twoStep: boolean;
}) {
  const { errors } = form.formState;
  const passwordError = errors.currentPassword?.message as string | undefined;
  const codeError = errors.code?.message as string | undefined;
  return (
    <>
      <FormField id={`${idPrefix}-current-password`} label="Current Password" error={passwordError}>
        <PasswordInput
          autoComplete="current-password"
          {...fieldA11y(`${idPrefix}-current-password`, passwordError)}
          {...form.register('currentPassword' as Path<T>)}
        />
      </FormField>
      {twoStep && (
        <FormField
          id={`${idPrefix}-code`}
          label="Two-step code"
          error={codeError}
          description="From your authenticator app, or a recovery code."
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            {...fieldA11y(`${idPrefix}-code`, codeError)}
            {...form.register('code' as Path<T>)}
          />
        </FormField>
      )}
    </>
  );
}

/** Puts the server's per-field refusals at their fields; true when any was shown. */
export function showFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
) {
  const given = isApiError(error) ? (error.fieldErrors ?? {}) : {};
  let shown = false;
  for (const field of fields) {
    const message = given[field];
    if (message) {
      form.setError(field, { message });
      shown = true;
    }
  }
  return shown;
}
