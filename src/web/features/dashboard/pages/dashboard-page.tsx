import { Clock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { RoleBadge } from '@web/components/role-badge';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/session';
import { DashboardEventCards } from '@web/features/calendar/components/dashboard-event-cards';
import { AnnouncementsCard } from '@web/features/notifications/components/announcements-card';
import { DashboardLibraryCard } from '@web/features/library/components/dashboard-library-card';
import { OrganizationStatCards, SystemStatCards } from '../components/stat-cards';

// Who is online arrives over the live connection after the page anyway; the card (its status
// menu and tooltips) loads beside it, not before the dashboard's first paint.
const TeamCollaborationCard = lazy(async () => ({
  default: (await import('@web/features/presence/components/team-collaboration-card')).TeamCollaborationCard,
}));

// Volunteering's cards read the shifts after the first paint; their module comes with them.
const DashboardShiftCards = lazy(async () => ({
  default: (await import('@web/features/volunteer/components/dashboard-shift-cards')).DashboardShiftCards,
}));

/** `/dashboard`. Event lists and presence arrive with the calendar work. */
export function DashboardPage() {
  const { me, organization, role, isSystemUser } = useAuth();
  if (!me) return null;
  const heading = isSystemUser
    ? 'Welcome System Administrator'
    : `Welcome to ${organization?.name ?? 'your organization'}`;

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
        <RoleBadge role={role} isSystemUser={isSystemUser} />
      </div>
      {me.pendingApproval && (
        <Alert variant="warning">
          <Clock aria-hidden="true" />
          <AlertTitle>Pending approval</AlertTitle>
          <AlertDescription>
            Your organization is pending approval. Review typically takes 1-2 business days.
          </AlertDescription>
        </Alert>
      )}
      {organization && <DashboardEventCards orgId={organization.id} />}
      {organization && <AnnouncementsCard orgId={organization.id} />}
      {organization && (
        <Suspense fallback={<Skeleton className="h-32 w-full" />}>
          <DashboardShiftCards orgId={organization.id} />
        </Suspense>
      )}
      {/* A system user on an organization's address sees that organization as well. */}
      {isSystemUser && <SystemStatCards />}
      {organization && <OrganizationStatCards organization={organization} />}
      {organization && <DashboardLibraryCard orgId={organization.id} />}
      {/* Presence is among members; a system user visiting is not one. */}
      {role && organization && (
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <TeamCollaborationCard />
        </Suspense>
      )}
    </div>
  );
}
