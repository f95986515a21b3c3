import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';

/** The new account's fields, shared by joining an organization and registering one. */
export interface AccountValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

interface AccountFieldsProps {
  register: UseFormRegister<AccountValues>;
  errors: FieldErrors<AccountValues>;
  confirmLabel: string;
  /** Fields to check again when the password changes (a filled-in confirmation). */
  passwordDeps?: 'confirmPassword'[];
}

export function AccountFields({ register, errors, confirmLabel, passwordDeps }: AccountFieldsProps) {
  return (
    <>
      <FormField id="username" label="Username" error={errors.username?.message}>
        <Input
          autoComplete="username"
          {...fieldA11y('username', errors.username?.message)}
          {...register('username')}
        />
      </FormField>
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...fieldA11y('email', errors.email?.message)}
          {...register('email')}
        />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <PasswordInput
          autoComplete="new-password"
          {...fieldA11y('password', errors.password?.message)}
          {...register('password', passwordDeps && { deps: passwordDeps })}
        />
      </FormField>
      <FormField id="confirmPassword" label={confirmLabel} error={errors.confirmPassword?.message}>
        <PasswordInput
          autoComplete="new-password"
          {...fieldA11y('confirmPassword', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </FormField>
    </>
  );
}
