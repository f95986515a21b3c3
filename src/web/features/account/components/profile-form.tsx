import type { ProfileInput } from '@common/schemas/account';
import { BIO_MAX, USERNAME_TAKEN } from '@common/account';
import type { SessionUser } from '@common/schemas/auth';
import { lazy, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MountWhenOpened } from '@web/components/mount-when-opened';
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
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { isApiError } from '@web/lib/api';
import { usePendingEmailChange } from '../api/email-change';
import { useTwoFactorStatus } from '../api/two-factor';
import { useUpdateProfile } from '../api/update-profile';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';
import { ProofFields, showFieldErrors } from './proof-fields';

// Loads on its first opening, not with the page.
const ChangeEmailDialog = lazy(async () => ({
  default: (await import('./change-email-dialog')).ChangeEmailDialog,
}));

const formCheck = lazyZodResolver(async () => (await import('@common/schemas/account')).profileSchema);

const toForm = (user: SessionUser): ProfileInput => ({
  email: user.email,
  username: user.username,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  bio: user.bio ?? '',
  currentPassword: '',
  code: '',
});

/**
 * Profile Information: names and bio change freely; a new username (what one signs in with)
 * asks for the current password, and the e-mail changes through its own confirmed dialog.
 */
export function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile(user.id);
  const twoStep = useTwoFactorStatus().data?.enabled ?? false;
  const pending = usePendingEmailChange(user.id).data?.pending;
  const [changingEmail, setChangingEmail] = useState(false);
  const form = useForm<ProfileInput>({ resolver: useLazyResolver(formCheck), defaultValues: toForm(user) });
  useEffect(() => form.reset(toForm(user)), [user, form]);
  const { errors, isDirty } = form.formState;
  const bioLength = (form.watch('bio') ?? '').length;
  const renaming = (form.watch('username') ?? '').trim() !== user.username;

  const onSubmit = form.handleSubmit(({ currentPassword, code, ...values }) =>
    update.mutate(renaming ? { ...values, currentPassword, code } : values, {
      onSuccess: () => toast({ title: 'Profile updated' }),
      onError: (error) => {
        // A taken username or a wrong password is the member's to fix: say so at the field.
        const message = isApiError(error, 409) ? error.serverMessage : undefined;
        if (message === USERNAME_TAKEN) form.setError('username', { message });
        showFieldErrors(form, error, ['currentPassword', 'code']);
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to update profile. Please try again.',
        });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile Information</CardTitle>
        <CardDescription>How other members see you in the directory.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="profile-first-name" label="First Name" error={errors.firstName?.message}>
              <Input
                autoComplete="given-name"
                {...fieldA11y('profile-first-name', errors.firstName?.message)}
                {...form.register('firstName')}
              />
            </FormField>
            <FormField id="profile-last-name" label="Last Name" error={errors.lastName?.message}>
              <Input
                autoComplete="family-name"
                {...fieldA11y('profile-last-name', errors.lastName?.message)}
                {...form.register('lastName')}
              />
            </FormField>
          </div>
          <FormField id="profile-username" label="Username" error={errors.username?.message}>
            <Input
              autoComplete="username"
              {...fieldA11y('profile-username', errors.username?.message)}
              {...form.register('username')}
            />
          </FormField>
          {renaming && <ProofFields form={form} idPrefix="profile" twoStep={twoStep} />}
          <FormField
            id="profile-email"
            label="Email"
            error={errors.email?.message}
            description={pending ? undefined : 'Changing it sends a confirmation link to the new address.'}
          >
            <div className="flex gap-2">
              <Input
                type="email"
                readOnly
                autoComplete="email"
                {...fieldA11y('profile-email', errors.email?.message)}
                {...form.register('email')}
              />
              <Button type="button" variant="outline" onClick={() => setChangingEmail(true)}>
                Change email
              </Button>
            </div>
          </FormField>
          {pending && (
            <p className="text-sm text-muted-foreground" role="status">
              Pending: confirm at <span className="font-medium text-foreground">{pending.email}</span>. Open
              the link we sent there; until then your email stays {user.email}.
            </p>
          )}
          <FormField id="profile-bio" label="Bio" error={errors.bio?.message}>
            <Textarea
              rows={4}
              placeholder="Tell other members about yourself"
              {...fieldA11y('profile-bio', errors.bio?.message)}
              aria-describedby={errors.bio ? 'profile-bio-error' : 'profile-bio-count'}
              {...form.register('bio')}
            />
          </FormField>
          <p
            id="profile-bio-count"
            className={
              bioLength > BIO_MAX
                ? 'text-right text-xs text-destructive'
                : 'text-right text-xs text-muted-foreground'
            }
          >
            {bioLength}/{BIO_MAX}
          </p>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={update.isPending || !isDirty}>
            {update.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </CardFooter>
      </form>
      <MountWhenOpened open={changingEmail}>
        <ChangeEmailDialog
          userId={user.id}
          currentEmail={user.email}
          twoStep={twoStep}
          open={changingEmail}
          onOpenChange={setChangingEmail}
        />
      </MountWhenOpened>
    </Card>
  );
}
