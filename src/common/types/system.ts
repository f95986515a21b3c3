// Answer shapes of the system administration calls, read by the server's queries and the
// system screens alike.
import type { MemberPage } from '../member-list';

export interface OrganizationSummary {
  id: number;
  name: string;
  shortname: string;
  description: string | null;
  contactEmail: string | null;
  approvalStatus: string;
  approvedAt: string | null;
  rejectionReason: string | null;
  createdAt: string;
  userCount: number;
  owner: { id: number; username: string; email: string } | null;
}

export type OrganizationCounts = Record<'total' | 'approved' | 'pending' | 'rejected' | 'suspended', number>;

/** One page of organizations, with the counts by status of all of them (whatever the filters). */
export interface OrganizationList extends MemberPage<OrganizationSummary> {
  counts: OrganizationCounts;
}

export interface PendingOrganization {
  id: number;
  name: string;
  shortname: string;
  contactEmail: string | null;
  createdAt: string;
  owner: { id: number | null; username: string | null; email: string | null } | null;
}

export interface WeekPoint {
  week: string;
  value: number;
}

export const ANALYTICS_SERIES = ['organizations', 'members', 'events', 'activeMembers'] as const;
export type SeriesName = (typeof ANALYTICS_SERIES)[number];

export interface OrganizationFigures {
  id: number;
  name: string;
  shortname: string;
  approvalStatus: string;
  members: number;
  events: number;
  activeMembers: number;
}

export interface Analytics {
  weeks: number;
  organizationId: number | null;
  /** The organization the charts are for, when one is chosen. */
  organization: { id: number; name: string; shortname: string } | null;
  /** Null on a later page of the table: the first page brought the charts. */
  series: Record<SeriesName, WeekPoint[]> | null;
  organizations: MemberPage<OrganizationFigures>;
}

export interface OutboxMessage {
  id: number;
  toAddress: string;
  subject: string;
  sentAt: string | null;
  error: string | null;
  createdAt: string;
}
