import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
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
import { toast } from '@web/hooks/use-toast';
import { ApiError, apiRequest } from '@web/lib/api';
import { startNewSession } from '@web/lib/session';
import { NotFoundPage } from '@web/pages/not-found-page';
import { useTempLoginConfig } from '../api/temp-login';
import { AuthShell } from '../components/auth-shell';

/** A test sign-in with a fixed username; only exists when the server enables it. */
export function TempLoginPage() {
  const config = useTempLoginConfig();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  if (config.isLoading) return <FullPageSpinner label="Loading" />;
  if (!config.data) return <NotFoundPage />;
  const { username } = config.data;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError('Password required');
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await apiRequest('POST', '/api/login', { username, password });
      await startNewSession(queryClient);
      toast({ title: 'Welcome back!', description: 'You have been successfully logged in.' });
      setTimeout(() => navigate('/directory/teams'), 1000);
    } catch (err) {
      setPending(false);
      if (err instanceof ApiError) {
        toast({
          variant: 'destructive',
          title: 'Login failed',
          description: err.serverMessage ?? 'Incorrect password',
        });
      } else {
        toast({ variant: 'destructive', title: 'Login error', description: 'Network error occurred' });
      }
    }
  };

  return (
    <AuthShell>
      <Card>
        <CardHeader className="text-center">
          <FlaskConical className="mx-auto mb-2 size-8 text-muted-foreground" aria-hidden="true" />
          <CardTitle as="h1">Temporary Test Login</CardTitle>
          <CardDescription>For testing only: signs in as {username}.</CardDescription>
        </CardHeader>
        <form onSubmit={submit} noValidate>
          <CardContent className="space-y-4">
            <FormField id="temp-username" label="Username">
              <Input id="temp-username" value={username} readOnly />
            </FormField>
            <FormField id="temp-password" label="Password" error={error}>
              <PasswordInput
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...fieldA11y('temp-password', error)}
              />
            </FormField>
          </CardContent>
          <CardFooter>
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? 'Signing in...' : 'Sign In'}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </AuthShell>
  );
}
