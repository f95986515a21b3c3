// The one policy table: what each role may do. Imported by the server (routes name a policy in
// their access declaration, services call those that need the object) and by the web (what to
// show); written once.

export const PERMISSION_ROLES = [
  'owner',
  'admin',
  'board',
  'volunteer_coordinator',
  'team_lead',
  'standard_user',
] as const;
export type PermissionRole = (typeof PERMISSION_ROLES)[number];

/** Roles an administrator may hand out; owner is never assignable. */
export const ASSIGNABLE_ROLES = PERMISSION_ROLES.filter((r) => r !== 'owner') as Exclude<
  PermissionRole,
  'owner'
>[];

export const ORGANIZATION_ROLES = [
  'Student',
  'Performer',
  'Coach',
  'Instructor',
  'Administration',
  'Board',
] as const;
export const PROFILE_ROLES = [...ORGANIZATION_ROLES, 'Volunteer', 'Operations'] as const;

export function isPermissionRole(role: unknown): role is PermissionRole {
  return typeof role === 'string' && (PERMISSION_ROLES as readonly string[]).includes(role);
}

export interface Actor {
  isSystemUser: boolean;
  role: string | null | undefined;
  userId?: number;
}

const WIKI_EDITORS: readonly PermissionRole[] = [
  'owner',
  'admin',
  'board',
  'volunteer_coordinator',
  'team_lead',
];

/** Capabilities of each role; the single place a route or a screen asks "may they?". */
export const policy = {
  manageUsers: (a: Actor) => a.isSystemUser || a.role === 'owner' || a.role === 'admin',
  manageSettings: (a: Actor) => a.isSystemUser || a.role === 'owner' || a.role === 'admin',
  /** Moving in: members from a spreadsheet, a season from a calendar file. */
  importData: (a: Actor) => a.isSystemUser || a.role === 'owner' || a.role === 'admin',
  /** The administrative audit log: whoever manages users or settings may read what was done. */
  viewAuditLog: (a: Actor) => a.isSystemUser || a.role === 'owner' || a.role === 'admin',
  createTeam: (a: Actor) => a.isSystemUser || a.role === 'owner' || a.role === 'admin',
  manageTeam: (a: Actor, teamRole?: string | null) =>
    a.isSystemUser || a.role === 'owner' || a.role === 'admin' || teamRole === 'team_lead',
  /** Permanent deletion stays with the organization's managers, not a team's own leads. */
  deleteTeam: (a: Actor) => a.isSystemUser || a.role === 'owner' || a.role === 'admin',
  editEvent: (a: Actor, reservedBy: number) =>
    a.role === 'owner' || a.role === 'admin' || (a.userId !== undefined && a.userId === reservedBy),
  /** "Only the user who reserved an event sees Delete"; editing is wider. */
  deleteEvent: (a: Actor, reservedBy: number) => a.userId !== undefined && a.userId === reservedBy,
  configureCalendar: (a: Actor) => a.role === 'owner' || a.role === 'admin',
  overrideConflicts: (a: Actor) => a.isSystemUser || a.role === 'owner' || a.role === 'admin',
  editWiki: (a: Actor) => a.isSystemUser || (isPermissionRole(a.role) && WIKI_EDITORS.includes(a.role)),
  systemAdmin: (a: Actor) => a.isSystemUser,
  /**
   * Announcements on the dashboard: owners, admins and board address the whole organization or
   * any team; a team's own leads address that team only. `teamId` null means the organization.
   */
  announceTo: (a: Actor, teamId: number | null, ledTeamIds: readonly number[]) =>
    a.role === 'owner' ||
    a.role === 'admin' ||
    a.role === 'board' ||
    (teamId !== null && ledTeamIds.includes(teamId)),
  /** Whether there is anywhere at all they may post (the New Announcement button). */
  postAnnouncement: (a: Actor, ledTeamIds: readonly number[]) =>
    policy.announceTo(a, null, ledTeamIds) || ledTeamIds.length > 0,
  /**
   * Who manages whom: owners and admins everyone; a team lead (the team's own
   * 'team_lead' membership) the members of the teams they lead. Managers read and write the
   * availability of the people they manage and see their availability notes in conflicts.
   */
  manageMember: (a: Actor, ledTeamIds: readonly number[], memberTeamIds: readonly number[]) =>
    a.isSystemUser ||
    a.role === 'owner' ||
    a.role === 'admin' ||
    memberTeamIds.some((id) => ledTeamIds.includes(id)),
  /** An event's calls are set by its reserver, owners, admins and the leads of its teams. */
  manageEventCalls: (a: Actor, event: EventRefs, ledTeamIds: readonly number[]) =>
    a.isSystemUser ||
    a.role === 'owner' ||
    a.role === 'admin' ||
    (a.userId !== undefined && a.userId === event.reservedBy) ||
    event.teamIds.some((id) => ledTeamIds.includes(id)),
  /** Attendance: the event's managers and, for a class, its instructor. */
  takeAttendance: (a: Actor, event: EventRefs, ledTeamIds: readonly number[]) =>
    policy.manageEventCalls(a, event, ledTeamIds) ||
    (event.eventType === 'class' && a.userId !== undefined && a.userId === event.instructorId),
  /** The attendance report: owners and admins for everyone, team leads for the teams they lead. */
  viewAttendanceReport: (a: Actor, ledTeamIds: readonly number[], teamId?: number) =>
    a.isSystemUser ||
    a.role === 'owner' ||
    a.role === 'admin' ||
    (teamId === undefined ? ledTeamIds.length > 0 : ledTeamIds.includes(teamId)),
  /**
   * Volunteering: positions, shifts, reassigning places, check-in and the hours ledger belong to
   * volunteer coordinators, owners and admins.
   */
  manageVolunteers: (a: Actor) =>
    a.isSystemUser || a.role === 'owner' || a.role === 'admin' || a.role === 'volunteer_coordinator',
  /** Holding a place on a shift is a member's own doing; a system user is no member. */
  volunteer: (a: Actor) => !a.isSystemUser,
  /** Check-in at a date: its coordinators, or whoever holds that date's House Manager shift. */
  checkInVolunteers: (a: Actor, isHouseManager: boolean) => policy.manageVolunteers(a) || isHouseManager,
};

/** What the scheduling rules need to know of an event. */
export interface EventRefs {
  reservedBy: number;
  teamIds: readonly number[];
  eventType: string;
  instructorId: number | null;
}

/** 'volunteer_coordinator' → 'Volunteer Coordinator' (underscores replaced, capitalised). */
export function roleLabel(role: string): string {
  return role
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
