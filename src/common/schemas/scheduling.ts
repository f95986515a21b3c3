// Rehearsal scheduling: availability, conflicts while booking, calls with
// confirmations, attendance and call sheets. The server validates with these schemas and the
// screens resolve their forms with them, so every message is written once.
//
// Conventions shared with the calendar:
// - A client sends local wall time 'YYYY-MM-DDTHH:MM[:SS]'; the server reads it in the
//   organization's time zone. Answers carry ISO 8601 with the offset ('2026-11-24T19:00:00-05:00').
// - `eventId` is an occurrence id, as everywhere in the calendar: a call or an attendance record
//   belongs to one date of a series.
// - Errors are `{message, errors?}`: 400 bad input, 401 not signed in, 403 not allowed, 404 not
//   found or another organization's, 409 a state that refuses the change.
// - "Managers of a person" (policy.manageMember in src/common/permissions.ts): owners and admins
//   manage everyone; a team lead manages the members of the teams they lead.
// - "Managers of an event" (policy.manageEventCalls): its reserver, owners, admins and the leads
//   of its teams.
//
// Live board: when the calls of an occurrence or a response change, every manager of the event
// (and the person concerned) gets `{type: 'calls-changed', eventId}` on the presence WebSocket
// (see ServerMessage in src/common/presence.ts); the page refetches GET .../calls. Likewise, when
// attendance is taken, the event's managers (and a class's instructor) get
// `{type: 'attendance-changed', eventId}`; open registers and attendance reports refetch.
import { z } from 'zod';
import { MAX_DB_ID } from '../ids';
import { dateProblem, YEAR_RANGE } from '../calendar';
import {
  ATTENDANCE_STATUSES,
  CALL_STATUSES,
  MAX_CALLED,
  MAX_NOTE_LENGTH,
  MAX_PERIOD_DAYS,
  MAX_WEEKLY_YEARS,
  RESPONSE_STATUSES,
} from '../scheduling';
import { isWallTime } from '../zoned-time';
import { checkEventFields, endsBeforeStart, eventFields, rangeQuery } from './calendar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const SM = {
  start: 'Start is required',
  startFormat: 'Start must be a date and time (YYYY-MM-DDTHH:MM)',
  end: 'End is required',
  endFormat: 'End must be a date and time (YYYY-MM-DDTHH:MM)',
  endAfterStart: 'End must be after start',
  tooLong: `A period may last at most ${MAX_PERIOD_DAYS} days`,
  weeklyTooLong: 'A weekly period must last less than a week',
  weeklyUntil: 'Repeat weekly until must be a date (YYYY-MM-DD)',
  weeklyBefore: 'Repeat weekly until must be on or after the start date',
  weeklyRequired: 'A weekly period needs an end date (repeat weekly until)',
  weeklyOnly: 'Repeat weekly until is only for weekly periods',
  weeklyTooFar: `A weekly period may repeat for at most ${MAX_WEEKLY_YEARS} years`,
  note: `Note must be ${MAX_NOTE_LENGTH} characters or less`,
  userId: 'Person must be a user id',
  userIds: 'Called people must be a list of user ids',
  tooMany: `At most ${MAX_CALLED} people may be called to one event`,
  checkedPeople: 'People to check must be a list of user ids',
  tooManyChecked: `At most ${MAX_CALLED} people may be checked at once`,
  callTime: 'Call time must be a time (HH:MM)',
  status: 'Answer must be confirmed or declined',
  attendanceStatus: 'Attendance must be present, late, absent or excused',
  records: 'Attendance must be a list of records',
  duplicate: 'Each person may appear only once',
  token: 'The link is missing its token',
  date: 'Date must be a date (YYYY-MM-DD)',
} as const;

const userIdField = z
  .number({ error: SM.userId })
  .int(SM.userId)
  .positive(SM.userId)
  .max(MAX_DB_ID, SM.userId);

const noteField = z
  .string({ error: SM.note })
  .max(MAX_NOTE_LENGTH, SM.note)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

export const wallField = (required: string, format: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .superRefine((value, ctx) => {
      if (!isWallTime(value)) ctx.addIssue({ code: 'custom', message: format });
      else if (dateProblem(value)) ctx.addIssue({ code: 'custom', message: YEAR_RANGE });
    })
    .transform((value) => value.slice(0, 16));

const dateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .superRefine((value, ctx) => {
      if (!DATE.test(value)) ctx.addIssue({ code: 'custom', message });
      else {
        const problem = dateProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
    });

// ---------------------------------------------------------------------------------------------
// Availability: periods when a member is NOT available.

const periodFields = z.object({
  startDateTime: wallField(SM.start, SM.startFormat),
  endDateTime: wallField(SM.end, SM.endFormat),
  /** Repeat every week on the start's weekday, through this day (inclusive); null = once. */
  weeklyUntil: dateField(SM.weeklyUntil)
    .nullish()
    .transform((v) => v ?? null),
  note: noteField,
  /**
   * Optional: true asks for a weekly period (then weeklyUntil is required — no never-ending
   * weekly period), false for a one-off; absent → weekly exactly when weeklyUntil is given.
   */
  weekly: z.boolean({ error: 'Weekly must be true or false' }).optional(),
});
type PeriodFields = z.output<typeof periodFields>;

const wallMs = (wall: string) => Date.parse(`${wall}:00Z`);

/** The rules across a period's fields; shared by create and by edit (after merging the edit). */
export function checkPeriod(v: PeriodFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.weekly === true && v.weeklyUntil === null) issue('weeklyUntil', SM.weeklyRequired);
  if (v.weekly === false && v.weeklyUntil !== null) issue('weeklyUntil', SM.weeklyOnly);
  const length = wallMs(v.endDateTime) - wallMs(v.startDateTime);
  if (length <= 0) issue('endDateTime', SM.endAfterStart);
  else if (v.weeklyUntil !== null && length >= 7 * 86_400_000) issue('endDateTime', SM.weeklyTooLong);
  else if (length > MAX_PERIOD_DAYS * 86_400_000) issue('endDateTime', SM.tooLong);
  if (v.weeklyUntil === null) return;
  const startDay = v.startDateTime.slice(0, 10);
  if (v.weeklyUntil < startDay) issue('weeklyUntil', SM.weeklyBefore);
  else if (
    wallMs(`${v.weeklyUntil}T00:00`) - wallMs(`${startDay}T00:00`) >
    MAX_WEEKLY_YEARS * 366 * 86_400_000
  )
    issue('weeklyUntil', SM.weeklyTooFar);
}

/**
 * POST /api/organizations/{orgId}/availability → 201 AvailabilityPeriod.
 * Any active member for themselves; `userId` names someone else, allowed only for their managers
 * (a stage manager entering the conflict sheets handed in at auditions) → else 403; a userId that
 * is not a member of the organization → 404.
 */
export const availabilityCreateSchema = periodFields
  .extend({ userId: userIdField.nullish().transform((v) => v ?? null) })
  .superRefine(checkPeriod);
export type AvailabilityCreate = z.output<typeof availabilityCreateSchema>;
export type AvailabilityCreateRequest = z.input<typeof availabilityCreateSchema>;

/**
 * PATCH /api/organizations/{orgId}/availability/{id} → AvailabilityPeriod.
 * Any subset of the period's fields (`weeklyUntil: null` makes it one-off); the merged period
 * must pass the same rules. By the period's owner or their managers (else 403; another
 * organization's period → 404). DELETE same path → 204, same rights.
 */
export const availabilityPatchSchema = z
  .object({
    startDateTime: wallField(SM.start, SM.startFormat).optional(),
    endDateTime: wallField(SM.end, SM.endFormat).optional(),
    weeklyUntil: dateField(SM.weeklyUntil).nullable().optional(),
    note: z.string({ error: SM.note }).max(MAX_NOTE_LENGTH, SM.note).nullable().optional(),
    weekly: z.boolean({ error: 'Weekly must be true or false' }).optional(),
  })
  .strict();
export type AvailabilityPatch = z.output<typeof availabilityPatchSchema>;
/** The merged period after a PATCH is checked with this. */
export const availabilityPeriodInputSchema = periodFields.superRefine(checkPeriod);

/**
 * GET /api/organizations/{orgId}/availability?userId=&from=&to= → AvailabilityPeriod[].
 * Without userId: the caller's own. With another userId: their managers only (403 otherwise; a
 * non-member → 404). from/to as in event lists (default 31 days back to 366 ahead); a period is
 * listed when any of its weeks touches the range. Sorted by start.
 */
export const availabilityQuery = rangeQuery.pick({ from: true, to: true }).extend({
  userId: z.coerce
    .number({ error: SM.userId })
    .int(SM.userId)
    .positive(SM.userId)
    .max(MAX_DB_ID, SM.userId)
    .optional(),
});

export const availabilityPeriodSchema = z.object({
  id: z.number(),
  userId: z.number(),
  /** ISO 8601 with the organization's offset at that time. */
  startDateTime: z.string(),
  endDateTime: z.string(),
  weeklyUntil: z.string().nullable(),
  note: z.string().nullable(),
});
export type AvailabilityPeriod = z.infer<typeof availabilityPeriodSchema>;

/**
 * GET /api/organizations/{orgId}/availability/people → ManagedPerson[]: the people whose
 * availability the caller may see and change besides their own (policy.manageMember), by name.
 * Owners, admins and system users: every active member; a team lead: the members of the teams
 * they lead; anyone else: none (an empty list, not a refusal).
 */
export const managedPersonSchema = z.object({ userId: z.number(), name: z.string(), username: z.string() });
export type ManagedPerson = z.infer<typeof managedPersonSchema>;

// ---------------------------------------------------------------------------------------------
// Conflicts while booking.

/**
 * POST /api/organizations/{orgId}/calendar/conflicts → ConflictReport (200). Any active member
 * (whoever may fill in the event form). The body is exactly the event create body (validated by
 * the same rules and messages), plus `eventId` when an existing event is being edited: its own
 * calls are then not conflicts, and the people called to it are concerned too; and `userIds`, more
 * people to check (the call dialog's chosen ones; anyone not an active member is left out).
 * People concerned: the chosen teams' active members, the instructor, and (edit) the called
 * people. Reasons: 'unavailable' (an availability period overlaps) and 'called' (expected at another
 * event overlapping that time: called to it, or a member of one of its teams, unless they declined
 * a call to it). `note` is the availability note, shown only to the person's
 * managers (null for other callers). Checking never blocks saving; space clashes keep their 409.
 * At most the first 1000 occurrences are checked, as when saving.
 */
export const conflictsRequestSchema = eventFields
  .extend({
    eventId: z
      .number()
      .int()
      .positive()
      .max(MAX_DB_ID)
      .nullish()
      .transform((v) => v ?? null),
    userIds: z
      .array(userIdField, { error: SM.checkedPeople })
      .max(MAX_CALLED, SM.tooManyChecked)
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])].sort((a, b) => a - b)),
  })
  .superRefine(checkEventFields);
export type ConflictsRequest = z.input<typeof conflictsRequestSchema>;

export const CONFLICT_REASONS = ['unavailable', 'called'] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

/** What keeps one person away: an availability period or a call, listed once per answer. */
export const conflictCauseSchema = z.object({
  userId: z.number(),
  reason: z.enum(CONFLICT_REASONS),
  note: z.string().nullable(),
  /** For 'called': the occurrence they are called to, and its name. */
  eventId: z.number().nullable(),
  eventName: z.string().nullable(),
});
export type ConflictCause = z.infer<typeof conflictCauseSchema>;

/**
 * The answer names each person and each reason once: a series of 36 dates mostly repeats the
 * same weekly class or job on many dates, so dates point into `causes` (which point at
 * `people`) instead of spelling them out again (39 KB → about a fifth for the bench's cast).
 */
export const conflictReportSchema = z.object({
  peopleCount: z.number(),
  occurrenceCount: z.number(),
  peopleWithConflicts: z.number(),
  occurrencesWithConflicts: z.number(),
  /** The people with a conflict on any date, by name. */
  people: z.array(z.object({ userId: z.number(), name: z.string() })),
  /** Each cause found on any date, grouped by person (in `people` order). */
  causes: z.array(conflictCauseSchema),
  /**
   * Every occurrence, in order; `conflicts` are indexes into `causes` (empty when none), by
   * person, each cause once per date.
   */
  occurrences: z.array(
    z.object({ startDateTime: z.string(), endDateTime: z.string(), conflicts: z.array(z.number()) }),
  ),
});
export type ConflictReport = z.infer<typeof conflictReportSchema>;

// ---------------------------------------------------------------------------------------------
// Calls.

const callTimeField = z
  .string({ error: SM.callTime })
  .regex(HH_MM, SM.callTime)
  .nullish()
  .transform((v) => v ?? null);

/**
 * PUT /api/organizations/{orgId}/calendar/events/{eventId}/calls → CallsAnswer (200).
 * Managers of the event only (403). Replaces who is called to this occurrence: people kept keep
 * their status and answer; people left out are uncalled; callTime and note are set for every
 * person in this PUT. Calling someone who is not an active member of the organization → 400
 * with a message, nothing changed. Newly called people (and everyone when the call time changes)
 * get a call mail with one-click Confirm / Can't make it links (category: Rehearsal & Performance
 * Reminders, i.e. the `scheduleReminders` preference, and never when e-mail notifications are off).
 */
export const callsPutSchema = z.object({
  userIds: z
    .array(userIdField, { error: SM.userIds })
    .max(MAX_CALLED, SM.tooMany)
    .transform((ids) => [...new Set(ids)]),
  /** 'HH:MM' on the occurrence's start day, in the organization's zone. */
  callTime: callTimeField,
  note: noteField,
});
export type CallsPut = z.input<typeof callsPutSchema>;

export const callEntrySchema = z.object({
  userId: z.number(),
  name: z.string(),
  status: z.enum(CALL_STATUSES),
  /** ISO 8601 instant of the last answer; null while 'called'. */
  respondedAt: z.string().nullable(),
  callTime: z.string().nullable(),
  note: z.string().nullable(),
  /** The member's note with their answer; shown to the event's managers and the member only. */
  responseNote: z.string().nullable(),
});
export type CallEntry = z.infer<typeof callEntrySchema>;

/**
 * GET /api/organizations/{orgId}/calendar/events/{eventId}/calls → CallsAnswer.
 * Readable by those the event concerns: its managers, the people called to it and the members of
 * its teams (403 for others). An object, not a bare list, so the dialog knows what to offer.
 */
export const callsAnswerSchema = z.object({
  eventId: z.number(),
  /** May PUT calls (a manager of the event). */
  canManage: z.boolean(),
  /** May PUT attendance once the occurrence has started (managers and a class's instructor). */
  canTakeAttendance: z.boolean(),
  calls: z.array(callEntrySchema),
});
export type CallsAnswer = z.infer<typeof callsAnswerSchema>;

/**
 * POST /api/organizations/{orgId}/calendar/events/{eventId}/calls/respond → CallEntry.
 * By the called member only (403 when not called). Allowed again to change one's mind, until the
 * occurrence ends (409 after).
 */
export const respondSchema = z.object({
  status: z.enum(RESPONSE_STATUSES, { error: SM.status }),
  note: noteField,
});
export type RespondRequest = z.input<typeof respondSchema>;

/**
 * GET /api/organizations/{orgId}/calls/mine?from=&to= → MyCall[] (My Schedule). Any active
 * member; their own calls whose occurrence touches the range (default: from today's start to 366
 * days ahead), by start.
 */
export const myCallsQuery = rangeQuery.pick({ from: true, to: true });
export const myCallSchema = z.object({
  eventId: z.number(),
  eventName: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  callTime: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(CALL_STATUSES),
  respondedAt: z.string().nullable(),
  responseNote: z.string().nullable(),
});
export type MyCall = z.infer<typeof myCallSchema>;

/**
 * The call mail's links go to `{organization address}/calls/respond?token=…&status=confirmed|declined`.
 * The token is HMAC-signed with the app's secret, names one member and one occurrence, expires
 * when the occurrence ends, and works once (a used, superseded, altered or expired link is
 * refused with a message; answering again when signed in still works).
 *
 * GET /api/calls/respond-link?token= → RespondLinkInfo (no session; never changes anything):
 *   400 `{message}` for an altered or malformed token, 410 for an expired one, 409 for one already
 *   used or superseded by a newer mail; 404 when the call no longer exists.
 * POST /api/calls/respond-link `{token, status}` → RespondLinkInfo with the new status (no
 *   session; same refusals; the link is spent).
 */
export const respondLinkQuery = z.object({
  token: z.string({ error: SM.token }).min(1, SM.token).max(1000, SM.token),
});
export const respondLinkSchema = z.object({
  token: z.string({ error: SM.token }).min(1, SM.token).max(1000, SM.token),
  status: z.enum(RESPONSE_STATUSES, { error: SM.status }),
});
export type RespondLinkRequest = z.input<typeof respondLinkSchema>;
export const respondLinkInfoSchema = z.object({
  eventName: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  callTime: z.string().nullable(),
  /** Where: the event's spaces. */
  spaces: z.array(z.string()),
  organizationName: z.string(),
  /** The member's first name or username, for "Thanks, Ana". */
  memberName: z.string(),
  status: z.enum(CALL_STATUSES),
});
export type RespondLinkInfo = z.infer<typeof respondLinkInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Attendance.

/**
 * PUT /api/organizations/{orgId}/calendar/events/{eventId}/attendance → AttendanceEntry[].
 * By the event's managers and, for a class, its instructor (403). Only once the occurrence has
 * started (409 with a message before). Every userId must be called to the occurrence or a member
 * of one of its teams (400, nothing changed). Upserts the given records; people not listed keep
 * theirs. `status: null` clears a record.
 */
export const attendancePutSchema = z.object({
  records: z
    .array(
      z.object({
        userId: userIdField,
        status: z.enum(ATTENDANCE_STATUSES, { error: SM.attendanceStatus }).nullable(),
        note: noteField,
      }),
      { error: SM.records },
    )
    .max(MAX_CALLED, SM.tooMany)
    .refine((rs) => new Set(rs.map((r) => r.userId)).size === rs.length, SM.duplicate),
});
export type AttendancePut = z.input<typeof attendancePutSchema>;

/**
 * GET same path → AttendanceEntry[]: every called person and team member of the occurrence (and
 * anyone with a record), by name, with their record or null. Same rights as PUT; readable before
 * the start (all null).
 */
export const attendanceEntrySchema = z.object({
  userId: z.number(),
  name: z.string(),
  called: z.boolean(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  note: z.string().nullable(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

/**
 * GET /api/organizations/{orgId}/attendance/report?from=&to=&teamId= → AttendanceReport.
 * Owners and admins: everyone; team leads: the teams they lead and their members (a teamId they
 * do not lead → 403); others 403; another organization's team → 404. Counts the records of
 * occurrences starting in the range (default: the last 90 days to today). A member row counts
 * their records (within teamId's events when given); a team row counts the records of that team's
 * events. rate = (present + late) / total, rounded to 3 decimals, null when total is 0 (excused
 * counts in total: a rate of turning up, not of being held to blame).
 * GET .../attendance/report.csv — the same rows as text/csv (members then teams), cells that a
 * spreadsheet would run as a formula are neutralised as in the users export.
 */
export const attendanceReportQuery = rangeQuery.pick({ from: true, to: true }).extend({
  teamId: z.coerce.number({ error: 'Team must be a team id' }).int().positive().max(MAX_DB_ID).optional(),
});

const counts = {
  present: z.number(),
  late: z.number(),
  absent: z.number(),
  excused: z.number(),
  total: z.number(),
  rate: z.number().nullable(),
};
export const attendanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  members: z.array(z.object({ userId: z.number(), name: z.string(), ...counts })),
  teams: z.array(z.object({ teamId: z.number(), name: z.string(), ...counts })),
});
export type AttendanceReport = z.infer<typeof attendanceReportSchema>;

// ---------------------------------------------------------------------------------------------
// Call sheet.

/**
 * GET /api/organizations/{orgId}/calendar/call-sheet?date=YYYY-MM-DD → CallSheet. Any active
 * member. Lists every event touching that day in the organization's zone (the calendar already
 * shows them to all members). `calls` is filled for events that concern the viewer (they manage
 * it, are called to it or are in one of its teams: `callsVisible: true`), else empty. Response
 * notes are left out (a sheet is posted backstage).
 */
export const callSheetQuery = z.object({ date: dateField(SM.date) });
export const callSheetSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  events: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      eventType: z.string(),
      startDateTime: z.string(),
      endDateTime: z.string(),
      /** The spaces joined with ', ' ("Main Stage, Annex"); null when none. */
      space: z.string().nullable(),
      teams: z.array(z.string()),
      /** The scenes the date works (docs/product.md#scheduling-by-scene), in running order. */
      scenes: z.array(z.string()),
      /** The call note (shared by the occurrence's calls), else null. */
      note: z.string().nullable(),
      callsVisible: z.boolean(),
      calls: z.array(
        z.object({
          userId: z.number(),
          name: z.string(),
          callTime: z.string().nullable(),
          status: z.enum(CALL_STATUSES),
          note: z.string().nullable(),
          /** The characters this person plays in the date's scenes. */
          characters: z.array(z.string()),
        }),
      ),
    }),
  ),
});
export type CallSheet = z.infer<typeof callSheetSchema>;

/** Presence message sent to managers' open pages when an occurrence's calls change. */
export interface CallsChangedMessage {
  type: 'calls-changed';
  eventId: number;
}

/** Presence message sent to the pages of those who see an occurrence's attendance when it changes. */
export interface AttendanceChangedMessage {
  type: 'attendance-changed';
  eventId: number;
}

/** The period form's own fields (date and times as separate inputs), for the Availability tab. */
export const availabilityFormSchema = z
  .object({
    startDate: z.string().min(1, SM.start),
    startTime: z.string().min(1, SM.start),
    endDate: z.string().min(1, SM.end),
    endTime: z.string().min(1, SM.end),
    weekly: z.boolean(),
    weeklyUntil: z.string(),
    note: z.string().max(MAX_NOTE_LENGTH, SM.note),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (endsBeforeStart(v)) issue('endTime', SM.endAfterStart);
    if (v.weekly && !v.weeklyUntil) issue('weeklyUntil', SM.weeklyRequired);
    else if (v.weekly && v.weeklyUntil < v.startDate) issue('weeklyUntil', SM.weeklyBefore);
  });
export type AvailabilityFormValues = z.infer<typeof availabilityFormSchema>;

export function availabilityFormToRequest(
  v: AvailabilityFormValues,
  userId?: number,
): AvailabilityCreateRequest {
  return {
    startDateTime: `${v.startDate}T${v.startTime}`,
    endDateTime: `${v.endDate}T${v.endTime}`,
    weekly: v.weekly,
    weeklyUntil: v.weekly ? v.weeklyUntil : null,
    note: v.note.trim() || null,
    ...(userId === undefined ? {} : { userId }),
  };
}
