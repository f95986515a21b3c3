import { ShieldCheck, ShieldOff } from 'lucide-react';
import { lazy, useState } from 'react';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { FetchError } from '@web/components/fetch-error';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTwoFactorStatus } from '../api/two-factor';

// Both dialogs load on their first opening (MountWhenOpened), not with the page.
const TwoFactorSetupDialog = lazy(async () => ({
  default: (await import('./two-factor-setup-dialog')).TwoFactorSetupDialog,
}));
const TwoFactorOffDialog = lazy(async () => ({
  default: (await import('./two-factor-off-dialog')).TwoFactorOffDialog,
}));

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
      <MountWhenOpened open={turningOff}>
        <TwoFactorOffDialog open={turningOff} onClose={() => setTurningOff(false)} />
      </MountWhenOpened>
    </Card>
  );
}
