import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@common/schemas/auth';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { Spinner } from '@web/components/ui/spinner';
import { useResetPassword, useResetTokenValidity } from '../api/password-reset';
import { AuthShell } from '../components/auth-shell';
import { NoticeCard } from '../components/notice-card';
import { PasswordRequirements } from '../components/password-requirements';

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword({ onDone });
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle as="h1">Reset your password</CardTitle>
        <CardDescription>Choose a new password for your account.</CardDescription>
      </CardHeader>
      <form onSubmit={form.handleSubmit((values) => reset.mutate(values))} noValidate>
        <CardContent className="space-y-4">
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
          <FormField
            id="confirmPassword"
            label="Confirm New Password"
            error={errors.confirmPassword?.message}
          >
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
        </CardContent>
        <CardFooter className="flex-col gap-2">
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Resetting...' : 'Reset password'}
          </Button>
          <Button variant="link" asChild>
            <Link href="/login">Back to login</Link>
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** `/reset-password?token=`: invalid link, the form, or success (spec part 1 §2). */
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
