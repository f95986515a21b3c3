import { Ban } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { contextOrganization, useOrganizationContext } from '../api/organization-context';
import { AuthShell } from '../components/auth-shell';
import { JoinForm } from '../components/join-form';
import { NoticeCard } from '../components/notice-card';
import { OrganizationForm } from '../components/organization-form';
import { UnknownOrganization } from '../components/unknown-organization';
import { hostLabel } from '@web/lib/main-site';

/** `/register[?org=]`: join the addressed organization, or register a new one. */
export function RegisterPage() {
  const org = new URLSearchParams(useSearch()).get('org');
  const context = useOrganizationContext(org);
  const organization = contextOrganization(context.data);

  if (context.isLoading) {
    return (
      <AuthShell>
        <Spinner label="Loading" className="justify-center py-16" />
      </AuthShell>
    );
  }
  if (context.isError) {
    return (
      <AuthShell>
        <Alert variant="destructive">
          <AlertDescription>
            Failed to load organization information. Please try again later.
          </AlertDescription>
        </Alert>
      </AuthShell>
    );
  }
  // An organization's address with no organization behind it (or none by ?org=): not the main
  // site's new-organization form.
  const onOrganizationAddress = context.data?.isSystemDomain === false;
  if (!organization && (onOrganizationAddress || org)) {
    return (
      <AuthShell>
        <UnknownOrganization
          name={onOrganizationAddress ? hostLabel() : (org ?? '')}
          onOrganizationAddress={onOrganizationAddress}
          context={context.data}
        />
      </AuthShell>
    );
  }
  if (organization && !organization.allowPublicRegistration) {
    return (
      <AuthShell>
        <NoticeCard
          icon={Ban}
          title="Registration Not Available"
          description={`${organization.name} is not accepting new registrations. Please contact an administrator of the organization for access.`}
        >
          <Button asChild>
            <Link href="/login">Back to Login</Link>
          </Button>
        </NoticeCard>
      </AuthShell>
    );
  }
  if (organization) {
    return (
      <AuthShell>
        <JoinForm organization={organization} />
      </AuthShell>
    );
  }
  return (
    <AuthShell wide>
      <OrganizationForm />
    </AuthShell>
  );
}
