import { Ban } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useOrganizationContext } from '../api/organization-context';
import { AuthShell } from '../components/auth-shell';
import { JoinForm } from '../components/join-form';
import { NoticeCard } from '../components/notice-card';
import { UnknownOrganization } from '../components/unknown-organization';
import { mainSiteHref } from '@web/lib/main-site';

/** `/register/{orgShortname}`: the join screen with all its states. */
export function JoinPage() {
  const { orgShortname = '' } = useParams<{ orgShortname: string }>();
  const context = useOrganizationContext(orgShortname.toLowerCase());
  // On an organization's address the server answers for that address whatever the path names,
  // so a join link naming another organization there finds nothing.
  const found = context.data?.organization ?? null;
  const organization = found && found.shortname === orgShortname.toLowerCase() ? found : null;

  let content: React.ReactNode;
  if (context.isLoading) {
    content = <Spinner label="Loading" className="justify-center py-16" />;
  } else if (context.isError) {
    content = (
      <Alert variant="destructive">
        <AlertDescription>Failed to load organization information. Please try again later.</AlertDescription>
      </Alert>
    );
  } else if (!organization) {
    content = (
      <UnknownOrganization
        name={orgShortname}
        // Found, but another organization's address answered: this is an organization's address.
        onOrganizationAddress={context.data?.isSystemDomain === false || found !== null}
        context={context.data}
      />
    );
  } else if (!organization.allowPublicRegistration) {
    content = (
      <NoticeCard
        icon={Ban}
        title="Registration Not Available"
        description={`${organization.name} is not accepting public registrations. Please contact an administrator of the organization for access.`}
      >
        <Button asChild>
          <Link href="/login">Sign In Instead</Link>
        </Button>
        <Button variant="outline" asChild>
          <a href={mainSiteHref('/register', organization.shortname)}>Create New Organization</a>
        </Button>
      </NoticeCard>
    );
  } else {
    content = <JoinForm organization={organization} />;
  }
  return <AuthShell>{content}</AuthShell>;
}
