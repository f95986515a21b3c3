import { BackLink } from '@web/components/back-link';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/session';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { ProfilePictureCard } from '../components/profile-picture-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** `/account-settings`: picture, profile, password, and two-step sign-in. */
export function AccountSettingsPage() {
  const { user, isLoading } = useAuth();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink href="/dashboard">Back to Dashboard</BackLink>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Account Settings</h1>
        <p className="text-muted-foreground">Your profile, password and sign-in.</p>
      </div>
      {isLoading || !user ? (
        <div className="space-y-6" aria-busy="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : (
        <>
          <ProfilePictureCard user={user} />
          <ProfileForm user={user} />
          <PasswordForm />
          <TwoFactorCard />
        </>
      )}
    </div>
  );
}
