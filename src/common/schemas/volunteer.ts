// Volunteering: positions, shifts on calendar dates, sign-ups, swaps, check-in and the hours
// ledger. The server validates with these schemas and the screens build their forms on them.
//
// Conventions are the calendar's: a client sends wall time 'YYYY-MM-DDTHH:MM' read in the
// organization's zone, answers carry ISO 8601 with the offset; `eventId` is an occurrence id.
// Coordinators (policy.manageVolunteers) are volunteer coordinators, owners and admins.
import { z } from 'zod';
import './messages';
import { MAX_DB_ID } from '../ids';
import {
  CHECK_IN_STATUSES,
  MAX_PLACES,
  MAX_POSITION_NAME,
  MAX_POSITIONS,
  MAX_SHIFT_NOTE,
  SIGNUP_REFUSALS,
  VOLUNTEER_STATUSES,
} from '../volunteer';
import { rangeQuery } from './calendar';
import { wallField } from './scheduling';

export const VM = {
  positions: `Positions must be a list of at most ${MAX_POSITIONS}`,
  positionName: 'Position name is required',
  positionNameLength: `Position name must be at most ${MAX_POSITION_NAME} characters`,
  positionDuplicate: 'Each position name may appear only once',
  positionId: 'Position is required',
  places: `Places must be a whole number from 1 to ${MAX_PLACES}`,
  start: 'Start is required',
  startFormat: 'Start must be a date and time (YYYY-MM-DDTHH:MM)',
  end: 'End is required',
  endFormat: 'End must be a date and time (YYYY-MM-DDTHH:MM)',
  endAfterStart: 'End must be after start',
  bothTimes: 'Give both start and end, or neither',
  note: `Note must be ${MAX_SHIFT_NOTE} characters or less`,
  teamIds: 'Teams must be a list of team ids',
  toEventIds: 'Dates to copy to must be a list of event ids',
  userIds: 'Volunteers must be a list of user ids',
  duplicate: 'Each person may appear only once',
  checkIn: 'Check-in must be present or no_show',
  checkIns: 'Check-in must be a list of {userId, status}',
  open: 'Open must be 1 or 0',
  emptyPatch: 'Nothing to change',
} as const;

const id = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message);
const ids = (message: string, max: number) =>
  z
    .array(id(message), { error: message })
    .max(max, message)
    .refine((list) => new Set(list).size === list.length, VM.duplicate);

// ---------------------------------------------------------------------------------------------
// Positions: the organization's list, replaced as a whole (an omitted id is removed, unless a
// shift uses it: 409).

export const positionsPutSchema = z
  .array(
    z.object({
      id: id('Position id must be an id').optional(),
      name: z
        .string({ error: VM.positionName })
        .trim()
        .min(1, VM.positionName)
        .max(MAX_POSITION_NAME, VM.positionNameLength),
    }),
    { error: VM.positions },
  )
  .max(MAX_POSITIONS, VM.positions)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      const key = p.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: VM.positionDuplicate, path: [i, 'name'] });
      seen.add(key);
    });
  });
export type PositionsPut = z.input<typeof positionsPutSchema>;

export const positionSchema = z.object({ id: z.number(), name: z.string(), inUse: z.boolean() });
export type Position = z.infer<typeof positionSchema>;

// ---------------------------------------------------------------------------------------------
// Shifts of one occurrence. Times default to an hour before the event to its end.

const shiftFields = z.object({
  positionId: id(VM.positionId),
  places: z.number({ error: VM.places }).int(VM.places).min(1, VM.places).max(MAX_PLACES, VM.places),
  startDateTime: wallField(VM.start, VM.startFormat).optional(),
  endDateTime: wallField(VM.end, VM.endFormat).optional(),
  note: z
    .string({ error: VM.note })
    .max(MAX_SHIFT_NOTE, VM.note)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  /** Who may sign up: members of these teams; empty or absent = any member. */
  teamIds: ids(VM.teamIds, 50).optional(),
});

function checkTimes(v: { startDateTime?: string; endDateTime?: string }, ctx: z.RefinementCtx) {
  if ((v.startDateTime === undefined) !== (v.endDateTime === undefined))
    ctx.addIssue({ code: 'custom', message: VM.bothTimes, path: ['endDateTime'] });
  else if (v.startDateTime && v.endDateTime && v.endDateTime <= v.startDateTime)
    ctx.addIssue({ code: 'custom', message: VM.endAfterStart, path: ['endDateTime'] });
}

export const shiftCreateSchema = shiftFields.superRefine(checkTimes);
export type ShiftCreate = z.output<typeof shiftCreateSchema>;
export type ShiftCreateRequest = z.input<typeof shiftCreateSchema>;

export const shiftPatchSchema = shiftFields
  .partial()
  .superRefine(checkTimes)
  .refine((v) => Object.values(v).some((x) => x !== undefined), VM.emptyPatch);
export type ShiftPatch = z.output<typeof shiftPatchSchema>;

export const shiftCopySchema = z.object({ toEventIds: ids(VM.toEventIds, 400).min(1, VM.toEventIds) });
/** How many shifts a copy made. */
export const shiftsCopiedSchema = z.object({ created: z.number() });
export type ShiftsCopied = z.infer<typeof shiftsCopiedSchema>;

export const shiftsQuery = rangeQuery.pick({ from: true, to: true }).extend({
  /** 1: only shifts still to fill (free or offered places) that have not started. */
  open: z.enum(['1', '0', 'true', 'false'], { error: VM.open }).optional(),
});

export const volunteerSchema = z.object({
  userId: z.number(),
  name: z.string(),
  status: z.enum(VOLUNTEER_STATUSES),
});
export type Volunteer = z.infer<typeof volunteerSchema>;

export const shiftSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  eventStartDateTime: z.string(),
  positionId: z.number(),
  positionName: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  places: z.number(),
  taken: z.number(),
  /** Places offered for a swap (still held until someone takes them). */
  offered: z.number(),
  teamIds: z.array(z.number()),
  /** Coordinators only; null for everyone else. */
  note: z.string().nullable(),
  volunteers: z.array(volunteerSchema),
});
export type Shift = z.infer<typeof shiftSchema>;
/** GET /api/organizations/{orgId}/shifts. */
export const shiftListSchema = z.array(shiftSchema);

export const shiftRefusalSchema = z.object({
  message: z.string(),
  data: z.object({
    reason: z.enum(SIGNUP_REFUSALS),
    eventId: z.number().optional(),
    eventName: z.string().optional(),
    shiftId: z.number().optional(),
  }),
});

export const volunteersPutSchema = z.object({ userIds: ids(VM.userIds, 100) });

export const checkInPutSchema = z
  .array(
    z.object({
      userId: id('Person must be a user id'),
      /** null clears the mark. */
      status: z.enum(CHECK_IN_STATUSES, { error: VM.checkIn }).nullable(),
    }),
    { error: VM.checkIns },
  )
  .max(MAX_PLACES, VM.checkIns)
  .refine((list) => new Set(list.map((r) => r.userId)).size === list.length, VM.duplicate);
export type CheckInPut = z.input<typeof checkInPutSchema>;

// ---------------------------------------------------------------------------------------------
// The hours ledger: every active member, with shifts signed for in the range, hours present,
// no-shows, the organization's target and how far short of it they are.

export const hoursQuery = rangeQuery.pick({ from: true, to: true });

export const hoursRowSchema = z.object({
  userId: z.number(),
  name: z.string(),
  shifts: z.number(),
  hours: z.number(),
  noShows: z.number(),
  target: z.number().nullable(),
  shortBy: z.number(),
});
export type HoursRow = z.infer<typeof hoursRowSchema>;
export const hoursSchema = z.object({
  from: z.string(),
  to: z.string(),
  target: z.number().nullable(),
  members: z.array(hoursRowSchema),
});
export type HoursLedger = z.infer<typeof hoursSchema>;
