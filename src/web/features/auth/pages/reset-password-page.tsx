import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { Button } from '@web/components/ui/button';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { Spinner } from '@web/components/ui/spinner';
import { useResetPassword, useResetTokenValidity } from '../api/password-reset';
import { AuthFormCard } from '../components/auth-form-card';
import { AuthShell } from '../components/auth-shell';
import { NoticeCard } from '../components/notice-card';
import { PasswordRequirements } from '../components/password-requirements';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

const formCheck = lazyZodResolver(async () => (await import('@common/schemas/auth')).resetPasswordSchema);

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword({ onDone });
  const form = useForm({
    resolver: useLazyResolver(formCheck),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  return (
    <AuthFormCard
      title="Reset your password"
      description="Choose a new password for your account."
      onSubmit={form.handleSubmit((values) => reset.mutate(values))}
      isPending={reset.isPending}
      submitLabel="Reset password"
      pendingLabel="Resetting..."
      contentClassName="space-y-4"
    >
      <input type="hidden" {...form.register('token')} />
      <FormField id="password" label="New Password" error={errors.password?.message}>
        <PasswordInput
          autoComplete="new-password"
          autoFocus
          {...fieldA11y('password', errors.password?.message)}
          aria-describedby={
            errors.password ? 'password-error password-requirements' : 'password-requirements'
          }
          {...form.register('password', { deps: form.formState.isSubmitted ? ['confirmPassword'] : [] })}
        />
      </FormField>
      <PasswordRequirements password={password} id="password-requirements" />
      <FormField id="confirmPassword" label="Confirm New Password" error={errors.confirmPassword?.message}>
        <PasswordInput
          autoComplete="new-password"
          {...fieldA11y('confirmPassword', errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
      </FormField>
      {errors.token?.message && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.token.message}
        </p>
      )}
    </AuthFormCard>
  );
}

/** `/reset-password?token=`: invalid link, the form, or success. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const validity = useResetTokenValidity(token);
  const [done, setDone] = useState(false);

  let content: React.ReactNode;
  if (done) {
    content = (
      <NoticeCard
        icon={CircleCheck}
        title="Password reset successful"
        description="You can now sign in with your new password."
      >
        <Button asChild>
          <Link href="/login">Continue to login</Link>
        </Button>
      </NoticeCard>
    );
  } else if (token && validity.isLoading) {
    content = <Spinner label="Checking your reset link..." className="justify-center py-16" />;
  } else if (!token || !validity.data?.valid) {
    content = (
      <NoticeCard
        icon={TriangleAlert}
        tone="destructive"
        title="Invalid Reset Link"
        description="This password reset link is invalid or has expired."
      >
        <Button asChild>
          <Link href="/forgot-password">Request new reset link</Link>
        </Button>
      </NoticeCard>
    );
  } else {
    content = <ResetForm token={token} onDone={() => setDone(true)} />;
  }
  return <AuthShell>{content}</AuthShell>;
}
