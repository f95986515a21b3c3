import type { ChangePasswordInput } from '@common/schemas/account';
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
import { PasswordInput } from '@web/components/ui/password-input';
import { toast } from '@web/hooks/use-toast';
import { isApiError } from '@web/lib/api';
import { useChangePassword } from '../api/change-password';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

const formCheck = lazyZodResolver(async () => (await import('@common/schemas/account')).changePasswordSchema);

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password: other devices are signed out when it changes. */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: useLazyResolver(formCheck),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast({ title: 'Password updated' });
      },
      onError: (error) => {
        if (isApiError(error, 400) && error.fieldErrors?.currentPassword)
          form.setError('currentPassword', { message: error.fieldErrors.currentPassword });
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to update password. Please check your current password.',
        });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change Password</CardTitle>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-4">
          <FormField id="current-password" label="Current Password" error={errors.currentPassword?.message}>
            <PasswordInput
              autoComplete="current-password"
              {...fieldA11y('current-password', errors.currentPassword?.message)}
              {...form.register('currentPassword')}
            />
          </FormField>
          <FormField
            id="new-password"
            label="New Password"
            error={errors.newPassword?.message}
            description="At least 8 characters."
          >
            <PasswordInput
              autoComplete="new-password"
              {...fieldA11y('new-password', errors.newPassword?.message)}
              {...form.register('newPassword')}
            />
          </FormField>
          <FormField
            id="confirm-password"
            label="Confirm New Password"
            error={errors.confirmPassword?.message}
          >
            <PasswordInput
              autoComplete="new-password"
              {...fieldA11y('confirm-password', errors.confirmPassword?.message)}
              {...form.register('confirmPassword')}
            />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
