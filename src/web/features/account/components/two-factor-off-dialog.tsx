import { useForm } from 'react-hook-form';
import { FormDialogFooter } from '@web/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';
import { useDisableTwoFactor } from '../api/two-factor';

const formCheck = lazyZodResolver(
  async () => (await import('@common/schemas/account')).disableTwoFactorSchema,
);

/** Turning two-step sign-in off asks for the password. */
export function TwoFactorOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
