// Scheduling's fixed words, limits and addresses, and the small rules the screens apply: read by
// the call sheet, the call answer page and the attendance screens without loading any schema
// (schemas/scheduling.ts builds the server's and the forms' schemas on them).
import type { ConflictCause, ConflictReport } from './schemas/scheduling';

/** A weekly period may repeat for at most this many years (no never-ending weekly period). */
export const MAX_WEEKLY_YEARS = 3;
/** A one-off period may last at most this many days (a summer away); a weekly one less than a week. */
export const MAX_PERIOD_DAYS = 366;
export const MAX_NOTE_LENGTH = 500;
/** How many people one PUT .../calls may call. */
export const MAX_CALLED = 500;

export const ROUTES = {
  availability: (orgId: number) => `/api/organizations/${orgId}/availability`,
  availabilityPeriod: (orgId: number, id: number) => `/api/organizations/${orgId}/availability/${id}`,
  availabilityPeople: (orgId: number) => `/api/organizations/${orgId}/availability/people`,
  conflicts: (orgId: number) => `/api/organizations/${orgId}/calendar/conflicts`,
  calls: (orgId: number, eventId: number) => `/api/organizations/${orgId}/calendar/events/${eventId}/calls`,
  respond: (orgId: number, eventId: number) =>
    `/api/organizations/${orgId}/calendar/events/${eventId}/calls/respond`,
  myCalls: (orgId: number) => `/api/organizations/${orgId}/calls/mine`,
  respondLink: '/api/calls/respond-link',
  attendance: (orgId: number, eventId: number) =>
    `/api/organizations/${orgId}/calendar/events/${eventId}/attendance`,
  attendanceReport: (orgId: number) => `/api/organizations/${orgId}/attendance/report`,
  attendanceReportCsv: (orgId: number) => `/api/organizations/${orgId}/attendance/report.csv`,
  callSheet: (orgId: number) => `/api/organizations/${orgId}/calendar/call-sheet`,
} as const;

/** The page a call mail's one-click links open, on the organization's own address. */
export const RESPOND_PAGE_PATH = '/calls/respond';

export const CALL_STATUSES = ['called', 'confirmed', 'declined'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const RESPONSE_STATUSES = ['confirmed', 'declined'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  called: 'Awaiting answer',
  confirmed: 'Confirmed',
  declined: "Can't make it",
};

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  excused: 'Excused',
};

/** One conflict spelled out: who, and why. */
export type Conflict = ConflictCause & { name: string };

/** Each occurrence's conflicts spelled out (name and reason), in the answer's order. */
export function conflictsPerDate(report: Pick<ConflictReport, 'people' | 'causes' | 'occurrences'>) {
  const names = new Map(report.people.map((p) => [p.userId, p.name]));
  const causes: Conflict[] = report.causes.map((c) => ({ ...c, name: names.get(c.userId) ?? '' }));
  return report.occurrences.map((o) => ({
    startDateTime: o.startDateTime,
    endDateTime: o.endDateTime,
    conflicts: o.conflicts.map((i) => causes[i]),
  }));
}

/** "3 of 12 people have conflicts on 2 of 8 dates" (the event dialog's line). */
export function summarizeConflicts(
  r: Pick<
    ConflictReport,
    'peopleCount' | 'occurrenceCount' | 'peopleWithConflicts' | 'occurrencesWithConflicts'
  >,
): string {
  if (r.peopleCount === 0) return 'No people to check yet';
  if (r.peopleWithConflicts === 0)
    return `No conflicts for ${r.peopleCount} ${r.peopleCount === 1 ? 'person' : 'people'}`;
  const people = `${r.peopleWithConflicts} of ${r.peopleCount} ${r.peopleCount === 1 ? 'person' : 'people'}`;
  const verb = r.peopleWithConflicts === 1 ? 'has' : 'have';
  const dates = `${r.occurrencesWithConflicts} of ${r.occurrenceCount} ${r.occurrenceCount === 1 ? 'date' : 'dates'}`;
  return `${people} ${verb} conflicts on ${dates}`;
}

/** (present + late) / total, 3 decimals; null when nothing was recorded. */
export function attendanceRate(c: { present: number; late: number; total: number }): number | null {
  return c.total === 0 ? null : Math.round(((c.present + c.late) / c.total) * 1000) / 1000;
}
