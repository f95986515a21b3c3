import { useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/session';

export type Access = 'public' | 'signed-in' | 'system';

function RedirectToLogin() {
  const [, navigate] = useLocation();
  useEffect(() => navigate('/login', { replace: true }), [navigate]);
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
