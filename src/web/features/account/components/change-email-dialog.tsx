import type { EmailChangeInput } from '@common/schemas/account';
import { EMAIL_TAKEN } from '@common/account';
import { useForm } from 'react-hook-form';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';
import { useRequestEmailChange } from '../api/email-change';
import { ProofFields, showFieldErrors } from './proof-fields';

const formCheck = lazyZodResolver(async () => (await import('@common/schemas/account')).emailChangeSchema);

const EMPTY: EmailChangeInput = { email: '', currentPassword: '', code: '' };

interface ChangeEmailDialogProps {
  userId: number;
  currentEmail: string;
  twoStep: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Change e-mail: a link goes to the new address, and the address changes once it is opened. */
export function ChangeEmailDialog({
  userId,
  currentEmail,
  twoStep,
  open,
  onOpenChange,
}: ChangeEmailDialogProps) {
  const request = useRequestEmailChange(userId);
  const form = useForm<EmailChangeInput>({ resolver: useLazyResolver(formCheck), defaultValues: EMPTY });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Check your new inbox', description: answer.message });
        close();
      },
      onError: (error) => {
        if (isApiError(error, 409) && error.serverMessage === EMAIL_TAKEN) {
          form.setError('email', { message: EMAIL_TAKEN });
          return;
        }
        if (showFieldErrors(form, error, ['email', 'currentPassword', 'code'])) return;
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Failed to change email. Please try again.'),
        });
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Change email"
      description={`Your email stays ${currentEmail} until you open the link we send to the new address. We also tell ${currentEmail}.`}
      className="max-w-md"
    >
      <FormDialogForm
        onSubmit={onSubmit}
        dirty={form.formState.isDirty}
        pending={request.isPending}
        submitLabel="Send confirmation link"
        pendingLabel="Sending..."
      >
        <FormField id="change-email-new" label="New email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            {...fieldA11y('change-email-new', errors.email?.message)}
            {...form.register('email')}
          />
        </FormField>
        <ProofFields form={form} idPrefix="change-email" twoStep={twoStep} />
      </FormDialogForm>
    </FormDialog>
  );
}
