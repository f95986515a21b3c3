import { zodResolver } from '@hookform/resolvers/zod';
import { SIGN_IN_AGAIN, twoFactorCodeSchema } from '@common/schemas/account';
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
import { errorMessage } from '@web/lib/api';
import { useLoginTwoFactor } from '../api/login';
import { AuthShell } from './auth-shell';

/** After a correct password, for members with two-step sign-in: the code, then the session. */
export function TwoFactorStep({ token, onRestart }: { token: string; onRestart: () => void }) {
  const verify = useLoginTwoFactor();
  const form = useForm({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ code }) =>
    verify.mutate(
      { token, code },
      {
        onError: (error) => {
          const message = errorMessage(error, 'That code is not valid. Please try again.');
          if (message === SIGN_IN_AGAIN) return onRestart();
          form.setError('code', { message });
          form.setValue('code', '');
        },
      },
    ),
  );
  return (
    <AuthShell>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1">Two-Step Sign-In</CardTitle>
          <CardDescription>
            Enter the 6-digit code from your authenticator app, or one of your recovery codes.
          </CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="space-y-4">
            <FormField id="login-code" label="Verification code" error={errors.code?.message}>
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                autoFocus
                {...fieldA11y('login-code', errors.code?.message)}
                {...form.register('code')}
              />
            </FormField>
          </CardContent>
          <CardFooter className="flex-col gap-4">
            <Button type="submit" className="w-full" disabled={verify.isPending}>
              {verify.isPending ? 'Verifying...' : 'Verify'}
            </Button>
            <Button type="button" variant="link" onClick={onRestart}>
              Back to sign in
            </Button>
          </CardFooter>
        </form>
      </Card>
    </AuthShell>
  );
}
