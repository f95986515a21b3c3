// Volunteering's fixed words, limits and addresses, read by the screens without loading any
// schema (schemas/volunteer.ts builds the server's and the forms' schemas on them).

export const MAX_PLACES = 100;
export const MAX_POSITIONS = 50;
export const MAX_POSITION_NAME = 80;
export const MAX_SHIFT_NOTE = 500;
/** Until this long before a shift starts a member may simply cancel; later they offer it. */
export const CANCEL_BEFORE_HOURS = 48;
/** A shift's default start: this long before its event starts (it ends with the event). */
export const DEFAULT_LEAD_MINUTES = 60;

export const DEFAULT_POSITIONS = [
  'House Manager',
  'Usher',
  'Concessions',
  'Box Office',
  'Backstage',
  'Set Build',
];
/** Whoever holds this position's shift on a date may check in that date's volunteers. */
export const HOUSE_MANAGER = 'House Manager';

export const CHECK_IN_STATUSES = ['present', 'no_show'] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];
/** A volunteer's place: held, offered for a swap, or marked at the event. */
export const VOLUNTEER_STATUSES = ['signed_up', 'offered', 'present', 'no_show'] as const;
export type VolunteerStatus = (typeof VOLUNTEER_STATUSES)[number];
export const VOLUNTEER_STATUS_LABELS: Record<VolunteerStatus, string> = {
  signed_up: 'Signed up',
  offered: 'Offered for swap',
  present: 'Present',
  no_show: 'No-show',
};

/** Why a signup or a take was refused (409 `data.reason`). */
export const SIGNUP_REFUSALS = ['full', 'overlap', 'called', 'already', 'started', 'team'] as const;
export type SignupRefusal = (typeof SIGNUP_REFUSALS)[number];

const org = (orgId: number) => `/api/organizations/${orgId}`;
export const VOLUNTEER_ROUTES = {
  positions: (orgId: number) => `${org(orgId)}/volunteer-positions`,
  eventShifts: (orgId: number, eventId: number) => `${org(orgId)}/calendar/events/${eventId}/shifts`,
  eventShift: (orgId: number, eventId: number, shiftId: number) =>
    `${org(orgId)}/calendar/events/${eventId}/shifts/${shiftId}`,
  copyShifts: (orgId: number, eventId: number) => `${org(orgId)}/calendar/events/${eventId}/shifts/copy`,
  shifts: (orgId: number) => `${org(orgId)}/shifts`,
  signup: (orgId: number, shiftId: number) => `${org(orgId)}/shifts/${shiftId}/signup`,
  offer: (orgId: number, shiftId: number) => `${org(orgId)}/shifts/${shiftId}/offer`,
  take: (orgId: number, shiftId: number) => `${org(orgId)}/shifts/${shiftId}/take`,
  volunteers: (orgId: number, shiftId: number) => `${org(orgId)}/shifts/${shiftId}/volunteers`,
  checkIn: (orgId: number, shiftId: number) => `${org(orgId)}/shifts/${shiftId}/check-in`,
  hours: (orgId: number) => `${org(orgId)}/volunteer-hours`,
  hoursCsv: (orgId: number) => `${org(orgId)}/volunteer-hours.csv`,
} as const;

/** Places still to fill: free ones and those offered for a swap. */
export const openPlaces = (s: { places: number; taken: number; offered: number }) =>
  s.places - s.taken + s.offered;
