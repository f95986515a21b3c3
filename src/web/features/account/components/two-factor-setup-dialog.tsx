import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeSchema } from '@common/schemas/account';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FetchError } from '@web/components/fetch-error';
import { FormDialogFooter } from '@web/components/form-dialog-footer';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useEnableTwoFactor, useStartTwoFactorSetup } from '../api/two-factor';
import { QrCode } from './qr-code';

/** Scan (or type) the key, confirm with a code, then keep the recovery codes shown once. */
export function TwoFactorSetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const setup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const form = useForm({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });
  const { errors } = form.formState;
  const { mutate: start, reset: resetSetup } = setup;
  const { reset: resetEnable } = enable;

  useEffect(() => {
    if (open) start();
    else {
      resetSetup();
      resetEnable();
      form.reset({ code: '' });
    }
  }, [open, start, resetSetup, resetEnable, form]);

  const codes = enable.data?.recoveryCodes;
  const onSubmit = form.handleSubmit(({ code }) =>
    enable.mutate(code, {
      onSuccess: () => toast({ title: 'Two-step sign-in is on' }),
      onError: (error) =>
        form.setError('code', { message: errorMessage(error, 'That code is not valid. Please try again.') }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{codes ? 'Save your recovery codes' : 'Turn on two-step sign-in'}</DialogTitle>
          <DialogDescription>
            {codes
              ? 'Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.'
              : 'Scan the QR code with an authenticator app (Google Authenticator, Authy, 1Password...), then enter the 6-digit code it shows.'}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <>
            <ul
              className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-4 font-mono text-sm"
              aria-label="Recovery codes"
            >
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  navigator.clipboard
                    ?.writeText(codes.join('\n'))
                    .then(() => toast({ title: 'Copied to clipboard!' }))
                    .catch(() => {})
                }
              >
                Copy codes
              </Button>
              <Button type="button" onClick={onClose}>
                I have saved them
              </Button>
            </DialogFooter>
          </>
        ) : setup.isError ? (
          <FetchError
            title="Two-step sign-in could not be started"
            error={setup.error}
            onRetry={() => start()}
          />
        ) : !setup.data ? (
          <Skeleton className="h-56 w-full" aria-label="Loading" />
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <div className="flex flex-col items-center gap-3">
              <QrCode value={setup.data.otpauthUrl} />
              <p className="text-center text-sm text-muted-foreground">
                Can't scan it? Enter this key:
                <br />
                <code
                  data-testid="two-factor-secret"
                  className="select-all break-all font-mono text-foreground"
                >
                  {setup.data.secret}
                </code>
              </p>
            </div>
            <FormField id="two-factor-code" label="Code from your app" error={errors.code?.message}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...fieldA11y('two-factor-code', errors.code?.message)}
                {...form.register('code')}
              />
            </FormField>
            <FormDialogFooter
              onCancel={onClose}
              pending={enable.isPending}
              submitLabel="Turn on"
              pendingLabel="Checking..."
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
