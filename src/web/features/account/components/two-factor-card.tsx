import { ShieldCheck, ShieldOff } from 'lucide-react';
import { lazy, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { FetchError } from '@web/components/fetch-error';
import { FormDialogFooter } from '@web/components/form-dialog-footer';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useDisableTwoFactor, useTwoFactorStatus } from '../api/two-factor';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

// Loaded on first opening (MountWhenOpened), not with the page.
const TwoFactorSetupDialog = lazy(async () => ({
  default: (await import('./two-factor-setup-dialog')).TwoFactorSetupDialog,
}));

const formCheck = lazyZodResolver(
  async () => (await import('@common/schemas/account')).disableTwoFactorSchema,
);

/** Two-step sign-in: on with an authenticator app, off with the password. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const data = status.data;

  return (
    <Card id="two-step-sign-in">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          Two-Step Sign-In
          {data && (
            <Badge variant={data.enabled ? 'default' : 'secondary'}>{data.enabled ? 'On' : 'Off'}</Badge>
          )}
        </CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isLoading ? (
          <Skeleton className="h-10 w-48" />
        ) : status.isError || !data ? (
          <FetchError
            title="Failed to load two-step sign-in"
            error={status.error}
            onRetry={() => status.refetch()}
          />
        ) : (
          <>
            {data.requiredForRole && !data.enabled && (
              <Alert variant="destructive">
                <AlertTitle>Two-step sign-in is required</AlertTitle>
                <AlertDescription>
                  Your organization requires it for owners and admins. Turn it on to go on using Greenroom.
                </AlertDescription>
              </Alert>
            )}
            {data.enabled ? (
              <div className="flex flex-wrap items-center justify-between gap-4">
                <p className="text-sm text-muted-foreground">
                  {data.recoveryCodesLeft} of 10 recovery codes left.
                </p>
                <Button type="button" variant="outline" onClick={() => setTurningOff(true)}>
                  <ShieldOff aria-hidden="true" />
                  Turn off
                </Button>
              </div>
            ) : (
              <Button type="button" onClick={() => setSettingUp(true)}>
                <ShieldCheck aria-hidden="true" />
                Turn on two-step sign-in
              </Button>
            )}
          </>
        )}
      </CardContent>
      <MountWhenOpened open={settingUp}>
        <TwoFactorSetupDialog open={settingUp} onClose={() => setSettingUp(false)} />
      </MountWhenOpened>
      <TurnOffDialog open={turningOff} onClose={() => setTurningOff(false)} />
    </Card>
  );
}

function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useForm({ resolver: useLazyResolver(formCheck), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const close = () => {
    form.reset({ password: '' });
    onClose();
  };
  const onSubmit = form.handleSubmit(({ password }) =>
    disable.mutate(password, {
      onSuccess: () => {
        toast({ title: 'Two-step sign-in is off' });
        close();
      },
      onError: (error) => form.setError('password', { message: errorMessage(error, 'Incorrect password') }),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Turn off two-step sign-in?</DialogTitle>
          <DialogDescription>
            Enter your password to confirm. Your recovery codes stop working.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id="two-factor-off-password" label="Password" error={errors.password?.message}>
            <PasswordInput
              autoComplete="current-password"
              {...fieldA11y('two-factor-off-password', errors.password?.message)}
              {...form.register('password')}
            />
          </FormField>
          <FormDialogFooter
            onCancel={close}
            pending={disable.isPending}
            submitLabel="Turn off"
            pendingLabel="Turning off..."
            destructive
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
