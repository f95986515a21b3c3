// A team's breakdown (characters, scenes, who is in what), the "what can we rehearse?" question,
// and rehearsal reports with notes by department (docs/product.md#the-breakdown). The server
// validates with these and the screens resolve their forms with them.
import { z } from 'zod';
import './messages';
import { dateProblem, YEAR_RANGE } from '../calendar';
import { MAX_DB_ID } from '../ids';
import { isWallTime } from '../zoned-time';
import { NOTE_STATUSES } from '../breakdown';

export { NOTE_STATUS_LABELS, NOTE_STATUSES, type NoteStatus } from '../breakdown';

export const MAX_CAST_PER_CHARACTER = 20;
export const MAX_BREAKDOWN_ITEMS = 500;
export const MAX_NOTE_TEXT = 5000;
export const MAX_REPORT_NOTES = 200;
export const DEFAULT_DEPARTMENTS = [
  'Direction',
  'Scenic',
  'Costumes',
  'Props',
  'Lighting',
  'Sound',
  'Stage Management',
  'Front of House',
] as const;

export const BM = {
  characterName: 'Character name is required',
  characterNameLength: 'Character name must be at most 200 characters',
  sceneName: 'Scene name is required',
  sceneNameLength: 'Scene name must be at most 200 characters',
  act: 'Act must be at most 50 characters',
  pages: 'Pages must be a whole number of eighths (0 or more)',
  position: 'Position must be a whole number (0 or more)',
  memberIds: 'Cast must be a list of user ids',
  tooManyCast: `At most ${MAX_CAST_PER_CHARACTER} people may play one character`,
  characterIds: 'Characters must be a list of character ids',
  sceneIds: 'Scenes must be a list of scene ids',
  tooMany: `At most ${MAX_BREAKDOWN_ITEMS} may be listed`,
  start: 'Start must be a date and time (YYYY-MM-DDTHH:MM)',
  end: 'End must be a date and time (YYYY-MM-DDTHH:MM)',
  endAfterStart: 'End must be after start',
  time: 'Times must be written HH:MM',
  department: 'Department is required',
  departmentLength: 'Department must be at most 100 characters',
  noteText: 'Note text is required',
  noteLength: `A note must be at most ${MAX_NOTE_TEXT} characters`,
  tooManyNotes: `A report may have at most ${MAX_REPORT_NOTES} notes`,
  status: 'Status must be open, acknowledged or done',
  reply: `Reply must be at most ${MAX_NOTE_TEXT} characters`,
  recipients: 'Recipients must be a list of user ids',
  departments: 'Departments must be a list of names with their recipients',
  duplicateDepartment: 'Each department may be listed once',
  summary: `Summary must be at most ${MAX_NOTE_TEXT} characters`,
} as const;

const idList = (message: string, max = MAX_BREAKDOWN_ITEMS, tooMany: string = BM.tooMany) =>
  z
    .array(z.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message), {
      error: message,
    })
    .max(max, tooMany)
    .transform((ids) => [...new Set(ids)]);

const name = (required: string, length: string) =>
  z.string({ error: required }).trim().min(1, required).max(200, length);
const position = z
  .number({ error: BM.position })
  .int(BM.position)
  .min(0, BM.position)
  .max(100_000, BM.position);
const pages = z.number({ error: BM.pages }).int(BM.pages).min(0, BM.pages).max(100_000, BM.pages).nullable();
const act = z
  .string({ error: BM.act })
  .trim()
  .max(50, BM.act)
  .nullable()
  .transform((v) => (v ? v : null));

// ---------------------------------------------------------------------------------------------
// The breakdown.

export const characterCreateSchema = z.object({
  name: name(BM.characterName, BM.characterNameLength),
  memberIds: idList(BM.memberIds, MAX_CAST_PER_CHARACTER, BM.tooManyCast).optional(),
});
export const characterPatchSchema = z
  .object({
    name: name(BM.characterName, BM.characterNameLength),
    memberIds: idList(BM.memberIds, MAX_CAST_PER_CHARACTER, BM.tooManyCast),
    position,
  })
  .partial();
export type CharacterCreate = z.input<typeof characterCreateSchema>;
export type CharacterPatch = z.input<typeof characterPatchSchema>;

export const sceneCreateSchema = z.object({
  name: name(BM.sceneName, BM.sceneNameLength),
  act: act.optional(),
  pages: pages.optional(),
  characterIds: idList(BM.characterIds).optional(),
});
export const scenePatchSchema = z
  .object({
    name: name(BM.sceneName, BM.sceneNameLength),
    act,
    pages,
    characterIds: idList(BM.characterIds),
    position,
  })
  .partial();
export type SceneCreate = z.input<typeof sceneCreateSchema>;
export type ScenePatch = z.input<typeof scenePatchSchema>;

export const characterSchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  memberIds: z.array(z.number()),
});
export const sceneSchema = z.object({
  id: z.number(),
  name: z.string(),
  act: z.string().nullable(),
  position: z.number(),
  pages: z.number().nullable(),
  characterIds: z.array(z.number()),
});
export const breakdownSchema = z.object({
  scenes: z.array(sceneSchema),
  characters: z.array(characterSchema),
});
export type Character = z.infer<typeof characterSchema>;
export type Scene = z.infer<typeof sceneSchema>;
export type Breakdown = z.infer<typeof breakdownSchema>;

/** The scenes an event works, for the event form and body (`sceneIds`). */
export const sceneIdsField = idList(BM.sceneIds)
  .nullish()
  .transform((v) => v ?? []);

// ---------------------------------------------------------------------------------------------
// What can we rehearse?

const wall = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .superRefine((value, ctx) => {
      if (!isWallTime(value)) ctx.addIssue({ code: 'custom', message });
      else if (dateProblem(value)) ctx.addIssue({ code: 'custom', message: YEAR_RANGE });
    })
    .transform((value) => value.slice(0, 16));

export const rehearsableQuery = z
  .object({ start: wall(BM.start), end: wall(BM.end) })
  .refine((v) => v.end > v.start, { message: BM.endAfterStart, path: ['end'] });
export type RehearsableQuery = z.input<typeof rehearsableQuery>;

export const MISSING_REASONS = { unavailable: 'unavailable', called: 'called elsewhere' } as const;
export const rehearsableSchema = z.object({
  scenes: z.array(
    z.object({
      sceneId: z.number(),
      name: z.string(),
      allFree: z.boolean(),
      missing: z.array(z.object({ userId: z.number(), name: z.string(), reason: z.string() })),
    }),
  ),
});
export type Rehearsable = z.infer<typeof rehearsableSchema>;

// ---------------------------------------------------------------------------------------------
// Reports.

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = z
  .string({ error: BM.time })
  .regex(HH_MM, BM.time)
  .nullish()
  .transform((v) => v ?? null);

export const reportTimesSchema = z
  .object({
    start: clock,
    end: clock,
    breaks: z
      .array(z.object({ start: clock, end: clock }), { error: BM.time })
      .max(10, BM.time)
      .nullish()
      .transform((v) => v ?? []),
  })
  .nullish()
  .transform((v) => v ?? { start: null, end: null, breaks: [] });
export type ReportTimes = z.output<typeof reportTimesSchema>;

const departmentName = z
  .string({ error: BM.department })
  .trim()
  .min(1, BM.department)
  .max(100, BM.departmentLength);

export const reportNoteInputSchema = z.object({
  /** A note already in the report keeps its id (and so its status and reply). */
  id: z.number().int().positive().max(MAX_DB_ID).nullish(),
  department: departmentName,
  text: z.string({ error: BM.noteText }).trim().min(1, BM.noteText).max(MAX_NOTE_TEXT, BM.noteLength),
  confidential: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

export const reportPutSchema = z.object({
  times: reportTimesSchema,
  summary: z
    .string({ error: BM.summary })
    .max(MAX_NOTE_TEXT, BM.summary)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  notes: z
    .array(reportNoteInputSchema, { error: BM.noteText })
    .max(MAX_REPORT_NOTES, BM.tooManyNotes)
    .nullish()
    .transform((v) => v ?? []),
});
export type ReportPut = z.input<typeof reportPutSchema>;

export const reportNoteSchema = z.object({
  id: z.number(),
  department: z.string(),
  text: z.string(),
  confidential: z.boolean(),
  status: z.enum(NOTE_STATUSES),
  reply: z.string().nullable(),
  /** Characters and scenes of the event's teams the note names, so a screen can link them. */
  mentions: z.array(
    z.object({ kind: z.enum(['character', 'scene']), id: z.number(), name: z.string(), link: z.string() }),
  ),
});
export type ReportNote = z.infer<typeof reportNoteSchema>;

const personLine = z.object({ userId: z.number(), name: z.string(), note: z.string().nullable() });

export const reportSchema = z.object({
  eventId: z.number(),
  eventName: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  /** Null while nobody has saved one: the screen starts a new report. */
  id: z.number().nullable(),
  times: z.object({
    start: z.string().nullable(),
    end: z.string().nullable(),
    breaks: z.array(z.object({ start: z.string().nullable(), end: z.string().nullable() })),
  }),
  summary: z.string().nullable(),
  publishedAt: z.string().nullable(),
  absent: z.array(personLine),
  late: z.array(personLine),
  scenes: z.array(z.object({ id: z.number(), name: z.string() })),
  notes: z.array(reportNoteSchema),
  canWrite: z.boolean(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportNotesQuery = z.object({
  department: departmentName.optional(),
  status: z.enum(NOTE_STATUSES, { error: BM.status }).optional(),
});

export const reportNoteListItemSchema = reportNoteSchema.extend({
  eventId: z.number(),
  eventName: z.string(),
  startDateTime: z.string(),
});
export type ReportNoteListItem = z.infer<typeof reportNoteListItemSchema>;

export const reportNotePatchSchema = z.object({
  status: z.enum(NOTE_STATUSES, { error: BM.status }),
  reply: z
    .string({ error: BM.reply })
    .max(MAX_NOTE_TEXT, BM.reply)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});
export type ReportNotePatch = z.input<typeof reportNotePatchSchema>;

export const departmentSchema = z.object({
  name: departmentName,
  recipientIds: idList(BM.recipients, 1000),
});
export const departmentsPutSchema = z
  .array(departmentSchema, { error: BM.departments })
  .max(50, BM.departments)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((d, i) => {
      const key = d.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: BM.duplicateDepartment });
      seen.add(key);
    });
  });
export type Department = z.output<typeof departmentSchema>;
export const departmentAnswerSchema = z.object({ name: z.string(), recipientIds: z.array(z.number()) });
export type DepartmentAnswer = z.infer<typeof departmentAnswerSchema>;

/** "1 3/8" for eleven eighths, as stage managers write page counts. */
export function formatEighths(eighths: number | null): string {
  if (eighths === null) return '';
  const whole = Math.floor(eighths / 8);
  const rest = eighths % 8;
  if (rest === 0) return String(whole);
  return whole === 0 ? `${rest}/8` : `${whole} ${rest}/8`;
}

/** Reads "1 3/8", "3/8" or "2" back into eighths; null for an empty box, NaN for nonsense. */
export function parseEighths(text: string): number | null {
  const t = text.trim();
  if (!t) return null;
  const m = /^(?:(\d+)(?:\s+(\d)\/8)?|(\d)\/8)$/.exec(t);
  if (!m) return Number.NaN;
  if (m[3] !== undefined) return Number(m[3]) < 8 ? Number(m[3]) : Number.NaN;
  const rest = m[2] === undefined ? 0 : Number(m[2]);
  return rest < 8 ? Number(m[1]) * 8 + rest : Number.NaN;
}
