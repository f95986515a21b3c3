import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { Input } from '@web/components/ui/input';
import { useForgotPassword } from '../api/password-reset';
import { AuthFormCard, BackToLogin } from '../components/auth-form-card';
import { AuthShell } from '../components/auth-shell';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

const formCheck = lazyZodResolver(async () => (await import('@common/schemas/auth')).forgotPasswordSchema);

function CheckEmail({ email, onRetry }: { email: string; onRetry: () => void }) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <MailCheck className="mb-2 size-10 text-primary-text" aria-hidden="true" />
        <CardTitle as="h1">Check your email</CardTitle>
        <CardDescription>
          If an account exists for <strong>{email}</strong>, we have sent a link to reset its password.
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        Didn't get it? Check your spam folder, or try another email address.
      </CardContent>
      <CardFooter className="flex-col gap-2">
        <Button variant="outline" className="w-full" onClick={onRetry}>
          Try another email
        </Button>
        <BackToLogin />
      </CardFooter>
    </Card>
  );
}

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: useLazyResolver(formCheck), defaultValues: { email: '' } });
  const forgot = useForgotPassword({ onSent: () => setSentTo(form.getValues('email')) });
  const { errors } = form.formState;

  if (sentTo !== null) {
    return (
      <AuthShell>
        <CheckEmail
          email={sentTo}
          onRetry={() => {
            form.reset({ email: '' });
            setSentTo(null);
          }}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <AuthFormCard
        title="Forgot your password?"
        description="Enter your email address and we'll send you a link to reset it."
        onSubmit={form.handleSubmit((values) => forgot.mutate(values))}
        isPending={forgot.isPending}
        submitLabel="Send reset link"
        pendingLabel="Sending..."
      >
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            autoFocus
            {...fieldA11y('email', errors.email?.message)}
            {...form.register('email')}
          />
        </FormField>
      </AuthFormCard>
    </AuthShell>
  );
}
