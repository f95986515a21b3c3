import { Building, CalendarDays, Database, Globe, UserCheck, Users, UsersRound } from 'lucide-react';
import { WebAddress } from '@web/components/web-address';
import { formatNumber } from '@web/lib/format';
import type { SessionOrganization } from '@common/schemas/auth';
import { useOrganizationStats, useSystemStats } from '../api/get-stats';
import { StatCard } from './stat-card';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4';

export function SystemStatCards() {
  const { data, isLoading, isError } = useSystemStats(true);
  const state = { loading: isLoading, error: isError };
  return (
    <section aria-label="System figures" className={GRID}>
      <StatCard
        title="Organizations"
        icon={Building}
        value={formatNumber(data?.totalOrganizations ?? 0)}
        {...state}
      />
      <StatCard title="Users" icon={Users} value={formatNumber(data?.totalUsers ?? 0)} {...state} />
      <StatCard title="Events" icon={CalendarDays} value={formatNumber(data?.totalEvents ?? 0)} {...state} />
      <StatCard title="Database Size" icon={Database} value={data?.databaseSize ?? ''} {...state} />
    </section>
  );
}

/** The organization's own address; on the main site, its sub-address is built from this host. */
function organizationHost(shortname: string): string {
  const { host, hostname } = window.location;
  return hostname.startsWith(`${shortname}.`) ? host : `${shortname}.${host}`;
}

export function OrganizationStatCards({ organization }: { organization: SessionOrganization }) {
  const { data, isLoading, isError } = useOrganizationStats(organization.id);
  const state = { loading: isLoading, error: isError };
  return (
    <section aria-label="Organization figures" className={GRID}>
      <StatCard
        title="Total Members"
        icon={UsersRound}
        value={formatNumber(data?.totalMembers ?? 0)}
        {...state}
      />
      <StatCard title="Teams" icon={Users} value={formatNumber(data?.totalTeams ?? 0)} {...state} />
      <StatCard
        title="Active Users"
        icon={UserCheck}
        value={formatNumber(data?.activeUsers ?? 0)}
        {...state}
      />
      <StatCard
        title="Organization Address"
        icon={Globe}
        value={
          <WebAddress
            address={organizationHost(organization.shortname)}
            className="text-base font-semibold"
            data-testid="organization-address"
          />
        }
        hint="Where your members sign in"
      />
    </section>
  );
}
