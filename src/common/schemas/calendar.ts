// The event form and the calendar calls. The server validates
// request bodies with these and the form resolves with them, so each message is written once.
import { z } from 'zod';
import './messages';
import { RECURRING_END_TYPES, RECURRING_PATTERNS } from '../recurrence';
import { SPLIT_CHANGES, type WholeSeries } from '../whole-series';
import { isWallTime } from '../zoned-time';
import { sceneIdsField } from './breakdown';
import {
  SPACES,
  EVENT_TYPES,
  STRATEGIES,
  TEAM_EVENT_TYPES,
  INSTRUCTOR_EVENT_TYPE,
  MAX_EVENT_DAYS,
  MAX_OCCURRENCE_COUNT,
  YEAR_RANGE,
  BAD_DATE,
  dateProblem,
  DATE,
} from '../calendar';

export const M = {
  name: 'Event name is required',
  nameLength: 'Event name must be 255 characters or less',
  spaces: 'At least one space must be selected',
  space: 'Spaces must be chosen from Main Stage, Office and Annex',
  startDate: 'Start date is required',
  startTime: 'Start time is required',
  endDate: 'End date is required',
  endTime: 'End time is required',
  reservedBy: 'Reserved by is required',
  eventType: 'Event type must be show, class, rehearsal or other',
  pattern: 'Repeat pattern must be daily, weekly, monthly, monthlyByDate or yearly',
  patternRequired: 'Repeat pattern is required',
  interval: 'Interval must be at least 1',
  intervalMax: 'Interval must be 99 or less',
  weeklyDays: 'Weekly days must be weekday numbers from 0 (Sunday) to 6 (Saturday)',
  monthlyWeek: 'Week of the month must be between 1 and 5',
  monthlyWeekday: 'Weekday must be between 0 and 6',
  endType: 'Repeat end must be date, count or never',
  repeatEnd: 'Repeat end date is required',
  endDateFormat: 'Repeat end date must be a date',
  endDateBefore: 'Repeat end date must be on or after the start date',
  endCount: 'Number of occurrences must be at least 1',
  endCountMax: `Number of occurrences must be ${MAX_OCCURRENCE_COUNT} or less`,
  url: 'Must be a valid URL',
  endAfterStart: 'End time must be after start time',
  tooLong: `An event may last at most ${MAX_EVENT_DAYS} days`,
  teamsType: 'Teams can only be chosen for shows and rehearsals',
  instructorType: 'An instructor can only be chosen for classes',
  description: 'Description must be 5000 characters or less',
} as const;

const httpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A local wall time 'YYYY-MM-DDTHH:MM[:SS]' → 'YYYY-MM-DDTHH:MM'; a bare date asks for the time. */
const wallTimeField = (dateMessage: string, timeMessage: string) =>
  z
    .string({ error: dateMessage })
    .trim()
    .min(1, dateMessage)
    .superRefine((value, ctx) => {
      if (DATE.test(value)) ctx.addIssue({ code: 'custom', message: timeMessage });
      else if (!isWallTime(value)) ctx.addIssue({ code: 'custom', message: dateMessage });
      else if (dateProblem(value)) ctx.addIssue({ code: 'custom', message: YEAR_RANGE });
    })
    .transform((value) => value.slice(0, 16));

const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

const nullableId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

export const eventFields = z.object({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(255, M.nameLength),
  description: optionalText(5000, M.description),
  spaces: z
    .array(z.enum(SPACES, { error: M.space }), { error: M.spaces })
    .min(1, M.spaces)
    .transform((s) => SPACES.filter((space) => s.includes(space))),
  startDateTime: wallTimeField(M.startDate, M.startTime),
  endDateTime: wallTimeField(M.endDate, M.endTime),
  eventType: z.enum(EVENT_TYPES, { error: M.eventType }).default('other'),
  isRecurring: z.boolean().default(false),
  recurringPattern: z
    .enum(RECURRING_PATTERNS, { error: M.pattern })
    .nullish()
    .transform((v) => v ?? null),
  recurringInterval: z
    .number({ error: M.interval })
    .int(M.interval)
    .min(1, M.interval)
    .max(99, M.intervalMax)
    .nullish()
    .transform((v) => v ?? 1),
  recurringEnd: z
    .string()
    .nullish()
    .transform((v) => (v ? v.slice(0, 10) : null))
    .refine((v) => v === null || (DATE.test(v) && isWallTime(`${v}T00:00`)), M.endDateFormat)
    .refine((v) => v === null || dateProblem(v) === null, YEAR_RANGE),
  recurringWeeklyDays: z
    .array(
      z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.enum(['0', '1', '2', '3', '4', '5', '6'], { error: M.weeklyDays })),
      {
        error: M.weeklyDays,
      },
    )
    .nullish()
    .transform((v) => [...new Set(v ?? [])].sort()),
  recurringMonthlyWeek: z
    .number({ error: M.monthlyWeek })
    .int(M.monthlyWeek)
    .min(1, M.monthlyWeek)
    .max(5, M.monthlyWeek)
    .nullish()
    .transform((v) => v ?? null),
  recurringMonthlyWeekday: z
    .number({ error: M.monthlyWeekday })
    .int(M.monthlyWeekday)
    .min(0, M.monthlyWeekday)
    .max(6, M.monthlyWeekday)
    .nullish()
    .transform((v) => v ?? null),
  recurringEndType: z
    .enum(RECURRING_END_TYPES, { error: M.endType })
    .nullish()
    .transform((v) => v ?? 'never'),
  recurringEndCount: z
    .number({ error: M.endCount })
    .int(M.endCount)
    .min(1, M.endCount)
    .max(MAX_OCCURRENCE_COUNT, M.endCountMax)
    .nullish()
    .transform((v) => v ?? null),
  eventUrl: z
    .string({ error: M.url })
    .trim()
    .max(2000, M.url)
    .nullish()
    .refine((v) => !v || httpUrl(v), M.url)
    .transform((v) => v || null),
  instructorId: nullableId,
  reservedBy: z.number({ error: M.reservedBy }).int(M.reservedBy).positive(M.reservedBy),
  teamIds: z
    .array(z.number().int().positive(), { error: 'Teams must be a list of team ids' })
    .max(100)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  /** The scenes a rehearsal works, of its teams' breakdowns; its people are then their cast. */
  sceneIds: sceneIdsField,
  /** Shown on the public calendar; absent → the organization's default for the event type. */
  isPublic: z
    .boolean({ error: 'Show on the public calendar must be true or false' })
    .nullish()
    .transform((v) => v ?? null),
  /** Owners and admins may book a space that is already taken (recorded on the event). */
  overrideConflicts: z.boolean().nullish().transform(Boolean),
});

type Fields = z.output<typeof eventFields>;

/** Rules across fields; shared by create and by edit (after merging the edit into the event). */
export function checkEventFields(v: Fields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.endDateTime <= v.startDateTime) issue('endDateTime', M.endAfterStart);
  else if (
    Date.parse(`${v.endDateTime}Z`) - Date.parse(`${v.startDateTime}Z`) >
    MAX_EVENT_DAYS * 86_400_000
  ) {
    issue('endDateTime', M.tooLong);
  }
  if (v.teamIds.length > 0 && !TEAM_EVENT_TYPES.includes(v.eventType)) issue('teamIds', M.teamsType);
  if (v.instructorId !== null && v.eventType !== INSTRUCTOR_EVENT_TYPE)
    issue('instructorId', M.instructorType);
  if (!v.isRecurring) return;
  if (!v.recurringPattern) issue('recurringPattern', M.patternRequired);
  if (v.recurringEndType === 'date') {
    if (!v.recurringEnd) issue('recurringEnd', M.repeatEnd);
    else if (v.recurringEnd < v.startDateTime.slice(0, 10)) issue('recurringEnd', M.endDateBefore);
  }
  if (v.recurringEndType === 'count' && v.recurringEndCount === null) issue('recurringEndCount', M.endCount);
}

export const eventInputSchema = eventFields.superRefine(checkEventFields);
export type EventInput = z.output<typeof eventInputSchema>;
/** What a client sends (before defaults and normalisation). */
export type EventRequest = z.input<typeof eventFields>;

/**
 * An edit's body (PATCH): any of the event's fields, each checked as on create. A field left out
 * keeps the event's value, so none has a default here; the rules across fields are checked once
 * the edit is merged into the stored event. Other keys are ignored, as they always were.
 */
export const eventPatchSchema = z
  .object(
    {
      ...eventFields.shape,
      eventType: eventFields.shape.eventType.removeDefault(),
      isRecurring: eventFields.shape.isRecurring.removeDefault(),
    },
    { error: 'Invalid request body' },
  )
  .partial();
export type EventPatch = z.output<typeof eventPatchSchema>;

export const strategyQuery = z.object({
  strategy: z.enum(STRATEGIES, { error: 'Strategy must be this, future or series' }).default('this'),
});
export type Strategy = (typeof STRATEGIES)[number];

// A list bound: a date, or a date-time with its offset; impossible dates and years the calendar
// does not hold are refused (400), never read as another day or left to fail later.
const BOUND = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const isoDate = z.string().superRefine((v, ctx) => {
  const problem = BOUND.test(v) ? dateProblem(v) : BAD_DATE;
  const timeOk = v.length === 10 || (isWallTime(v.slice(0, 16)) && !Number.isNaN(Date.parse(v)));
  if (problem || !timeOk) ctx.addIssue({ code: 'custom', message: problem ?? BAD_DATE });
});

export const rangeQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  type: z.enum(EVENT_TYPES, { error: M.eventType }).optional(),
});

/** A date input's value: required, and a year the calendar holds (a typed 0027 is not 1927). */
const formDate = (required: string) =>
  z
    .string()
    .min(1, required)
    .superRefine((v, ctx) => {
      const problem = v ? dateProblem(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** A form's separate date and time inputs, all filled, with the end not after the start. */
export function endsBeforeStart(v: {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}) {
  return Boolean(
    v.startDate &&
      v.startTime &&
      v.endDate &&
      v.endTime &&
      `${v.endDate}T${v.endTime}` <= `${v.startDate}T${v.startTime}`,
  );
}

/** The form's own fields: date and time are separate inputs. */
export const eventFormSchema = z
  .object({
    name: z.string().trim().min(1, M.name).max(255, M.nameLength),
    description: z.string().max(5000, M.description),
    spaces: z.array(z.enum(SPACES)).min(1, M.spaces),
    startDate: formDate(M.startDate),
    startTime: z.string().min(1, M.startTime),
    endDate: formDate(M.endDate),
    endTime: z.string().min(1, M.endTime),
    eventType: z.enum(EVENT_TYPES, { error: M.eventType }),
    isRecurring: z.boolean(),
    recurringPattern: z.enum(RECURRING_PATTERNS, { error: M.pattern }),
    recurringInterval: z
      .number({ error: M.interval })
      .int(M.interval)
      .min(1, M.interval)
      .max(99, M.intervalMax),
    recurringWeeklyDays: z.array(z.string()),
    recurringMonthlyWeek: z.number().int().min(1, M.monthlyWeek).max(5, M.monthlyWeek),
    recurringMonthlyWeekday: z.number().int().min(0, M.monthlyWeekday).max(6, M.monthlyWeekday),
    recurringEndType: z.enum(RECURRING_END_TYPES, { error: M.endType }),
    recurringEnd: z.string().refine((v) => !v || dateProblem(v) === null, YEAR_RANGE),
    recurringEndCount: z
      .number({ error: M.endCount })
      .int(M.endCount)
      .min(1, M.endCount)
      .max(MAX_OCCURRENCE_COUNT, M.endCountMax),
    eventUrl: z
      .string()
      .trim()
      .refine((v) => !v || httpUrl(v), M.url),
    instructorId: z.number().int().positive().nullable(),
    reservedBy: z.number({ error: M.reservedBy }).int(M.reservedBy).positive(M.reservedBy),
    teamIds: z.array(z.number().int().positive()),
    /** Null while an existing event's scenes are not yet known: then the save leaves them alone. */
    sceneIds: z.array(z.number().int().positive()).nullable(),
    isPublic: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (endsBeforeStart(v)) issue('endTime', M.endAfterStart);
    if (v.isRecurring && v.recurringEndType === 'date') {
      if (!v.recurringEnd) issue('recurringEnd', M.repeatEnd);
      else if (v.recurringEnd < v.startDate) issue('recurringEnd', M.endDateBefore);
    }
  });
export type EventFormValues = z.infer<typeof eventFormSchema>;

/** The form's values as the API's body: local wall times 'date T time:00'. */
export function formToRequest(v: EventFormValues, overrideConflicts = false): EventRequest {
  const teams = TEAM_EVENT_TYPES.includes(v.eventType);
  return {
    name: v.name,
    description: v.description,
    spaces: v.spaces,
    startDateTime: `${v.startDate}T${v.startTime}:00`,
    endDateTime: `${v.endDate}T${v.endTime}:00`,
    eventType: v.eventType,
    isRecurring: v.isRecurring,
    recurringPattern: v.isRecurring ? v.recurringPattern : null,
    recurringInterval: v.isRecurring ? v.recurringInterval : 1,
    recurringWeeklyDays: v.isRecurring && v.recurringPattern === 'weekly' ? v.recurringWeeklyDays : null,
    recurringMonthlyWeek: v.isRecurring && v.recurringPattern === 'monthly' ? v.recurringMonthlyWeek : null,
    recurringMonthlyWeekday:
      v.isRecurring && v.recurringPattern === 'monthly' ? v.recurringMonthlyWeekday : null,
    recurringEndType: v.isRecurring ? v.recurringEndType : null,
    recurringEnd: v.isRecurring && v.recurringEndType === 'date' ? v.recurringEnd : null,
    recurringEndCount: v.isRecurring && v.recurringEndType === 'count' ? v.recurringEndCount : null,
    eventUrl: v.eventUrl || null,
    instructorId: v.eventType === INSTRUCTOR_EVENT_TYPE ? v.instructorId : null,
    reservedBy: v.reservedBy,
    teamIds: teams ? v.teamIds : [],
    ...(v.sceneIds === null ? {} : { sceneIds: teams ? v.sceneIds : [] }),
    isPublic: v.isPublic,
    overrideConflicts,
  };
}

// Answers. Times are ISO 8601 with the organization's offset, so their first 16 characters are
// the local wall time. The lists are built as JSON by PostgreSQL (calendar/events/queries.ts) and sent
// as made; these schemas describe them, in their columns' order.

export const personRefSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

const teamRefSchema = z.object({ id: z.number(), name: z.string() });

export const wholeSeriesSchema = z.object({
  start: z.string(),
  pattern: z.enum(RECURRING_PATTERNS),
  interval: z.number(),
  weeklyDays: z.array(z.number()),
  monthlyWeek: z.number().nullable(),
  monthlyWeekday: z.number().nullable(),
  endType: z.enum(RECURRING_END_TYPES),
  endDate: z.string().nullable(),
  endCount: z.number().nullable(),
  splits: z.array(z.object({ date: z.string(), changes: z.array(z.enum(SPLIT_CHANGES)) })),
}) satisfies z.ZodType<WholeSeries>;

/** A scene an event works, with its cast and the characters each plays in it. */
export const eventSceneSchema = z.object({
  id: z.number(),
  name: z.string(),
  people: z.array(z.object({ userId: z.number(), name: z.string(), characters: z.array(z.string()) })),
});
export type EventScene = z.infer<typeof eventSceneSchema>;

/** One occurrence as members see it: the list's items, and the event in a write's answer. */
export const calendarEventSchema = z.object({
  id: z.number(),
  seriesId: z.number().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  spaces: z.array(z.enum(SPACES)),
  startDateTime: z.string(),
  endDateTime: z.string(),
  eventType: z.enum(EVENT_TYPES),
  isRecurring: z.boolean(),
  recurringPattern: z.enum(RECURRING_PATTERNS).nullable(),
  recurringInterval: z.number(),
  recurringEnd: z.string().nullable(),
  recurringWeeklyDays: z.array(z.string()).nullable(),
  recurringMonthlyWeek: z.number().nullable(),
  recurringMonthlyWeekday: z.number().nullable(),
  recurringEndType: z.enum(RECURRING_END_TYPES).nullable(),
  recurringEndCount: z.number().nullable(),
  eventUrl: z.string().nullable(),
  instructorId: z.number().nullable(),
  instructor: personRefSchema.nullable(),
  reservedBy: personRefSchema,
  organizationId: z.number(),
  teams: z.array(teamRefSchema),
  isException: z.boolean(),
  conflictOverride: z.boolean(),
  /** Shown on the public calendar page and its .ics. */
  isPublic: z.boolean(),
  isFollowing: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** One event's view only: dates left from this one to the end of a count-ended series. */
  recurringRemainingCount: z.number().nullable().optional(),
  /** One event's own read only: the whole series its part belongs to, and where it was split. */
  wholeSeries: wholeSeriesSchema.nullable().optional(),
  /** One event's own read, and a create's answer: the scenes it works (docs/product.md#scheduling-by-scene). */
  sceneIds: z.array(z.number()).optional(),
  /** One event's own read only. */
  scenes: z.array(eventSceneSchema).optional(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** GET …/calendar/events/{eventId}: the event with its whole series and its scenes. */
export const eventDetailSchema = calendarEventSchema.extend({
  sceneIds: z.array(z.number()),
  scenes: z.array(eventSceneSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** POST …/calendar/events (201): the first date written, and how many dates the series has. */
export const eventCreatedSchema = z.object({
  event: calendarEventSchema.nullable(),
  occurrenceCount: z.number(),
});

/** PATCH …/calendar/events/{eventId}: the date kept, and what the edit did to its series. */
export const eventEditedSchema = z.object({
  event: calendarEventSchema.nullable(),
  createdCount: z.number(),
  updatedCount: z.number(),
  deletedCount: z.number(),
});

/** What either save answers, as the event form reads it. */
export type EventSaved = Partial<z.infer<typeof eventCreatedSchema> & z.infer<typeof eventEditedSchema>> & {
  event: CalendarEvent | null;
};

export const eventDeletedSchema = z.object({ deletedCount: z.number() });
export type EventDeleted = z.infer<typeof eventDeletedSchema>;

/** POST and DELETE …/events/{eventId}/follow: how many dates the choice changed. */
export const followAnswerSchema = z.object({
  eventId: z.number(),
  isFollowing: z.boolean(),
  followedCount: z.number().optional(),
  unfollowedCount: z.number().optional(),
});
export type FollowAnswer = z.infer<typeof followAnswerSchema>;

/** The caller's follow state of the dates in a range that they follow or chose about. */
export const followedEventsSchema = z.array(z.object({ eventId: z.number(), isFollowing: z.boolean() }));

/** GET …/calendar/options: what the event form offers, and what the caller may do. */
export const calendarOptionsSchema = z.object({
  spaces: z.array(z.enum(SPACES)),
  eventTypes: z.array(z.enum(EVENT_TYPES)),
  timeZone: z.string(),
  /** Event types whose "Show on the public calendar" switch starts on. */
  publicEventTypes: z.array(z.enum(EVENT_TYPES)),
  teams: z.array(teamRefSchema),
  people: z.array(personRefSchema.extend({ isInstructor: z.boolean() })),
  canConfigure: z.boolean(),
  canOverrideConflicts: z.boolean(),
  canReserveForOthers: z.boolean(),
});
export type CalendarOptions = z.infer<typeof calendarOptionsSchema>;

/** A booking that wants the same space at the same time (a refused save's 409 `data.conflicts`). */
export const spaceConflictSchema = z.object({
  eventId: z.number(),
  seriesId: z.number().nullable(),
  name: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  /** The spaces both bookings want. */
  spaces: z.array(z.string()),
});
export type SpaceConflict = z.infer<typeof spaceConflictSchema>;

/** The member's own iCalendar address (My Schedule); all null while they have none. */
export const feedLinksSchema = z.object({
  active: z.boolean(),
  url: z.string().nullable(),
  webcalUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type FeedLinks = z.infer<typeof feedLinksSchema>;

export const feedRevokedSchema = z.object({ revokedCount: z.number() });

/** An event on the public calendar: no people, no follow state, nothing internal. */
export const publicEventSchema = calendarEventSchema.pick({
  id: true,
  seriesId: true,
  name: true,
  description: true,
  spaces: true,
  startDateTime: true,
  endDateTime: true,
  eventType: true,
  isRecurring: true,
  recurringPattern: true,
  recurringInterval: true,
  eventUrl: true,
  teams: true,
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** GET /api/public/{shortname}/calendar: the organization's look and its public events. */
export const publicCalendarSchema = z.object({
  organization: z.object({
    name: z.string(),
    description: z.string().nullable(),
    logoUrl: z.string().nullable(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    accentColor: z.string(),
    backgroundColor: z.string(),
    textColor: z.string(),
    theme: z.string(),
    timeZone: z.string(),
  }),
  events: z.array(publicEventSchema),
});
export type PublicCalendar = z.infer<typeof publicCalendarSchema>;
