import { useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { loginPathFor } from '@web/lib/return-to';
import { useAuth } from '@web/lib/session';

export type Access = 'public' | 'signed-in' | 'system';

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
  const { isLoading, isAuthenticated, isSystemUser } = useAuth();
  if (access === 'public') return <>{children}</>;
  if (isLoading) return <FullPageSpinner label="Loading..." />;
  if (!isAuthenticated) return <RedirectToLogin />;
  if (access === 'system' && !isSystemUser) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
