import type { ProfileInput } from '@common/schemas/account';
import { BIO_MAX, EMAIL_TAKEN, USERNAME_TAKEN } from '@common/account';
import type { SessionUser } from '@common/types/session';
import { useEffect } from 'react';
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
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { isApiError } from '@web/lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

const formCheck = lazyZodResolver(async () => (await import('@common/schemas/account')).profileSchema);

const toForm = (user: SessionUser): ProfileInput => ({
  email: user.email,
  username: user.username,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  bio: user.bio ?? '',
});

/** Profile Information (spec part 2 §5): e-mail, username, names and a bio with its counter. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile(user.id);
  const form = useForm<ProfileInput>({ resolver: useLazyResolver(formCheck), defaultValues: toForm(user) });
  useEffect(() => form.reset(toForm(user)), [user, form]);
  const { errors, isDirty } = form.formState;
  const bioLength = (form.watch('bio') ?? '').length;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: 'Profile updated' }),
      onError: (error) => {
        // A taken username or e-mail is the member's to fix: say so at the field.
        const message = isApiError(error, 409) ? error.serverMessage : undefined;
        if (message === USERNAME_TAKEN) form.setError('username', { message });
        if (message === EMAIL_TAKEN) form.setError('email', { message });
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
          <FormField id="profile-email" label="Email" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              {...fieldA11y('profile-email', errors.email?.message)}
              {...form.register('email')}
            />
          </FormField>
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
    </Card>
  );
}
