import { lazy, Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Redirect, useSearch } from 'wouter';
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
import { PasswordInput } from '@web/components/ui/password-input';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';
import { returnPath } from '@web/lib/return-to';
import { useAuth } from '@web/lib/session';
import { useLogin } from '../api/login';
import { contextOrganization, useOrganizationContext } from '../api/organization-context';
import { AuthShell } from '../components/auth-shell';

// The first visit's page: its schema and the two-step form load after it paints.
const loginCheck = lazyZodResolver(async () => (await import('@common/schemas/auth')).loginSchema);
const TwoFactorStep = lazy(async () => ({
  default: (await import('../components/two-factor-step')).TwoFactorStep,
}));

export function LoginPage() {
  const auth = useAuth();
  const context = useOrganizationContext();
  const login = useLogin();
  const search = useSearch();
  const organization = contextOrganization(context.data);
  const form = useForm({
    resolver: useLazyResolver(loginCheck),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  if (auth.isLoading || context.isLoading) return <FullPageSpinner label="Loading" />;
  // Signing in again is allowed (login signs the old session out), but a member who simply
  // came back to /login is better served by the dashboard.
  if (auth.isAuthenticated && !login.isPending && !login.isSuccess)
    return <Redirect to={returnPath(search)} replace />;
  if (login.data?.twoFactorToken)
    return (
      <Suspense fallback={<FullPageSpinner label="Loading" />}>
        <TwoFactorStep token={login.data.twoFactorToken} onRestart={() => login.reset()} />
      </Suspense>
    );

  const onSubmit = form.handleSubmit((values) =>
    login.mutate({ ...values, organizationShortname: organization?.shortname }),
  );

  return (
    <AuthShell>
      <Card>
        <CardHeader className="text-center">
          {organization?.logoUrl && (
            <img
              src={organization.logoUrl}
              alt={`${organization.name} logo`}
              className="mx-auto mb-2 h-14 object-contain"
            />
          )}
          <CardTitle as="h1">Sign In</CardTitle>
          <CardDescription>
            {organization
              ? `Sign in to ${organization.name} organization`
              : context.data?.pendingApproval
                ? 'This organization is waiting for approval by a system administrator'
                : 'Sign in to your account'}
          </CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="space-y-4">
            <FormField id="username" label="Username" error={errors.username?.message}>
              <Input
                autoComplete="username"
                autoFocus
                {...fieldA11y('username', errors.username?.message)}
                {...form.register('username')}
              />
            </FormField>
            <FormField id="password" label="Password" error={errors.password?.message}>
              <PasswordInput
                autoComplete="current-password"
                {...fieldA11y('password', errors.password?.message)}
                {...form.register('password')}
              />
            </FormField>
            <div className="text-right text-sm">
              <Link href="/forgot-password" className="font-medium text-primary-text hover:underline">
                Forgot your password?
              </Link>
            </div>
          </CardContent>
          <CardFooter className="flex-col gap-4">
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
            {!organization && (
              <p className="text-center text-sm text-muted-foreground">
                Don't have an account?{' '}
                <Link href="/register" className="font-medium text-primary-text hover:underline">
                  Create one here
                </Link>
              </p>
            )}
            <Link href="/" className="text-sm text-muted-foreground hover:text-foreground hover:underline">
              Back to home
            </Link>
          </CardFooter>
        </form>
      </Card>
    </AuthShell>
  );
}
