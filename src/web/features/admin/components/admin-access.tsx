import { policy } from '@common/permissions';
import { Redirect } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { useAuth } from '@web/lib/session';

interface AdminAccessProps {
  need: 'users' | 'settings';
  children: (organizationId: number) => React.ReactNode;
}

/**
 * Owners, admins and system users only; everyone else goes to /dashboard. The
 * route guard has already sent signed-out visitors to /login. The server enforces the same rule.
 */
export function AdminAccess({ need, children }: AdminAccessProps) {
  const { actor, organization } = useAuth();
  const allowed = need === 'users' ? policy.manageUsers(actor) : policy.manageSettings(actor);
  if (!allowed) return <Redirect to="/dashboard" replace />;
  if (!organization) {
    return (
      <Alert>
        <AlertTitle>No organization selected</AlertTitle>
        <AlertDescription>
          These pages manage the organization you are signed in to. As a system user, sign in on an
          organization&apos;s address to manage it, or use System Administration.
        </AlertDescription>
      </Alert>
    );
  }
  return <>{children(organization.id)}</>;
}
