import { Ban, SearchX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useOrganizationContext } from '../api/organization-context';
import { AuthShell } from '../components/auth-shell';
import { JoinForm } from '../components/join-form';
import { NoticeCard } from '../components/notice-card';

/** `/register/{orgShortname}`: the join screen with all its states (spec part 1 §2). */
export function JoinPage() {
  const { orgShortname = '' } = useParams<{ orgShortname: string }>();
  const context = useOrganizationContext(orgShortname.toLowerCase());
  const organization = context.data?.organization ?? null;

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
      <NoticeCard
        icon={SearchX}
        title="Organization Not Found"
        description={`We couldn't find an organization called "${orgShortname}". Check the address, or start your own.`}
      >
        <Button asChild>
          <Link href="/register">Register a new organization</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link href="/login">Sign In</Link>
        </Button>
      </NoticeCard>
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
          <Link href="/register">Create New Organization</Link>
        </Button>
      </NoticeCard>
    );
  } else {
    content = <JoinForm organization={organization} />;
  }
  return <AuthShell>{content}</AuthShell>;
}
