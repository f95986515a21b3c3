// Answer shapes of the system administration calls, read by the server's queries and the
// system screens alike.

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

export interface OrganizationList {
  counts: OrganizationCounts;
  organizations: OrganizationSummary[];
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
  series: Record<SeriesName, WeekPoint[]>;
  organizations: OrganizationFigures[];
}

export interface OutboxMessage {
  id: number;
  toAddress: string;
  subject: string;
  sentAt: string | null;
  error: string | null;
  createdAt: string;
}
