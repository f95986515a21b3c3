import { useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { withQuery } from '@web/lib/api';
import { loginPathFor } from '@web/lib/return-to';
import { useAuth } from '@web/lib/session';

export type Access = 'public' | 'signed-in' | 'organization' | 'system';

/** Where a system user outside any organization chooses one. */
const CHOOSE_ORGANIZATION = '/system/choose-organization';

/** Where an owner or admin held to set up two-step sign-in is sent. */
const TWO_FACTOR_SETUP_PAGE = '/account-settings';

function RedirectToLogin() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(
    () => navigate(loginPathFor(search ? `${location}?${search}` : location), { replace: true }),
    [navigate, location, search],
  );
  return <FullPageSpinner label="Redirecting to login..." />;
}

/**
 * Who may open a screen. The server enforces the same rules; this only spares people screens
 * they cannot use. Signed-out visitors go to /login, non-system users away from system pages.
 */
export function RouteGuard({ access, children }: { access: Access; children: React.ReactNode }) {
  const { isLoading, isAuthenticated, isSystemUser, me, organization } = useAuth();
  const [location] = useLocation();
  if (access === 'public') return <>{children}</>;
  if (isLoading) return <FullPageSpinner label="Loading..." />;
  if (!isAuthenticated) return <RedirectToLogin />;
  // The server refuses everything else until then (http/two-factor-gate.ts).
  if (me?.twoFactorSetupRequired && location !== TWO_FACTOR_SETUP_PAGE)
    return <Redirect to={TWO_FACTOR_SETUP_PAGE} replace />;
  if (access === 'system' && !isSystemUser) return <Redirect to="/dashboard" replace />;
  // An organization's screen for a system user on the main site: pick the organization first.
  if (access === 'organization' && !organization)
    return (
      <Redirect
        to={isSystemUser ? withQuery(CHOOSE_ORGANIZATION, { next: location }) : '/dashboard'}
        replace
      />
    );
  return <>{children}</>;
}
