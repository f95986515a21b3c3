// Rehearsal and performance reports (docs/product.md#rehearsal-reports): one per rehearsal or show
// date, written by the event's managers, published to the departments' recipients and the leads
// of its teams. Confidential notes stay with owners, admins and the event's managers.
import type { z } from 'zod';
import { policy } from '../../../common/permissions';
import type {
  Report,
  ReportNote,
  ReportNoteListItem,
  reportNotePatchSchema,
  reportNotesQuery,
  reportPutSchema,
  ReportTimes,
} from '../../../common/schemas/breakdown';
import { toZonedIso } from '../../../common/zoned-time';
import { displayNameSql } from '../../db/columns';
import type { Database, Runner } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { sendToUser } from '../../http/presence-signal';
import { scenesOfEvents } from '../breakdown';
import { organizationTimeZone } from '../calendar';
import { enqueue } from '../notifications';
import { type Caller, eventAccess } from '../scheduling';
import { readDepartments } from './departments';

export const REPORT_MAIL_JOB = 'report';
export const NOT_PUBLISHED = 'This report is not published yet';
const REPORT_REFUSED = 'Only the managers of this event may write its report';
const READ_REFUSED = 'Reports are read by the people the event concerns and its departments';
const REPORT_TYPES = ['rehearsal', 'show'];
const NOT_A_REPORT_EVENT = 'Reports are kept for rehearsals and shows';
const UNKNOWN_DEPARTMENT = "Each note must be for one of the organization's departments";
const NOTHING_TO_PUBLISH = 'Save the report before publishing it';
const NOTE_NOT_FOUND = 'Note not found';
const NOTE_REFUSED = "Only the note's department, the event's managers, owners and admins may answer it";

interface ReportRow {
  id: number;
  times: ReportTimes;
  summary: string | null;
  publishedAt: Date | null;
}

interface NoteRow {
  id: number;
  department: string;
  text: string;
  confidential: boolean;
  status: ReportNote['status'];
  reply: string | null;
}

const NOTE_COLUMNS = `n.id, n.department, n.text, n.confidential, n.status, n.reply`;

async function reportRow(q: Runner, organizationId: number, eventId: number) {
  const [row] = await q.query<ReportRow>(
    `select id, times, summary, published_at as "publishedAt" from event_reports
     where organization_id = $1 and event_id = $2`,
    [organizationId, eventId],
  );
  return row ?? null;
}

/** The departments the caller receives (their names, lower case). */
async function departmentsOf(q: Runner, organizationId: number, userId: number): Promise<string[]> {
  return (await readDepartments(q, organizationId))
    .filter((d) => d.recipientIds.includes(userId))
    .map((d) => d.name.toLowerCase());
}

/** Characters and scenes of the event's teams that a note names, matched as whole words. */
async function mentionsFor(q: Runner, organizationId: number, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  // Each links to its team's breakdown.
  return q.query<Mention>(
    `select x.kind, x.id, x.name, '/directory/teams/' || t.handle || '#breakdown' as link
     from (select 'character' as kind, id, name, team_id from production_characters
             where organization_id = $1 and team_id = any($2::int[])
           union all
           select 'scene', id, name, team_id from production_scenes
             where organization_id = $1 and team_id = any($2::int[])) x
     join teams t on t.id = x.team_id`,
    [organizationId, teamIds],
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
type Mention = ReportNote['mentions'][number];

function mentioned(text: string, names: Mention[]) {
  return names.filter((n) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(n.name)}($|[^\\p{L}\\p{N}])`, 'iu').test(text),
  );
}

export async function readReport(database: Database, access: Caller, eventId: number): Promise<Report> {
  const { organizationId, actor } = access;
  const ea = await eventAccess(database, access, eventId);
  const row = await reportRow(database, organizationId, eventId);
  if (!ea.canManage) {
    if (!row?.publishedAt) throw forbidden(NOT_PUBLISHED);
    const receives = (await departmentsOf(database, organizationId, actor.userId)).length > 0;
    if (!ea.concerned && !receives) throw forbidden(READ_REFUSED);
  }
  const timeZone = await organizationTimeZone(database, organizationId);
  const [people, scenes, notes, names] = await Promise.all([
    database.query<{ userId: number; name: string; status: string; note: string | null }>(
      `select a.user_id as "userId", a.status, a.note,
         ${displayNameSql('u')} as name
       from attendance_records a join users u on u.id = a.user_id
       where a.organization_id = $1 and a.event_id = $2 and a.status in ('absent', 'excused', 'late')
       order by lower(u.first_name), lower(u.username)`,
      [organizationId, eventId],
    ),
    scenesOfEvents(database, organizationId, [eventId]),
    row
      ? database.query<NoteRow>(
          `select ${NOTE_COLUMNS} from report_notes n where n.organization_id = $1 and n.report_id = $2
           order by n.position, n.id`,
          [organizationId, row.id],
        )
      : Promise.resolve([]),
    mentionsFor(database, organizationId, ea.event.teamIds),
  ]);
  const line = (p: (typeof people)[number]) => ({ userId: p.userId, name: p.name, note: p.note });
  return {
    eventId,
    eventName: ea.event.name,
    startDateTime: toZonedIso(new Date(ea.event.start), timeZone),
    endDateTime: toZonedIso(new Date(ea.event.end), timeZone),
    id: row?.id ?? null,
    times: {
      start: row?.times.start ?? null,
      end: row?.times.end ?? null,
      breaks: row?.times.breaks ?? [],
    },
    summary: row?.summary ?? null,
    publishedAt: row?.publishedAt ? new Date(row.publishedAt).toISOString() : null,
    absent: people.filter((p) => p.status !== 'late').map(line),
    late: people.filter((p) => p.status === 'late').map(line),
    scenes: scenes.map((s) => ({ id: s.id, name: s.name })),
    notes: notes
      .filter((n) => ea.canManage || !n.confidential)
      .map((n) => ({ ...n, mentions: mentioned(n.text, names) })),
    canWrite: ea.canManage,
  };
}

async function writerAccess(database: Database, access: Caller, eventId: number) {
  const ea = await eventAccess(database, access, eventId);
  if (!ea.canManage) throw forbidden(REPORT_REFUSED);
  return ea;
}

export async function putReport(
  database: Database,
  access: Caller,
  eventId: number,
  input: z.output<typeof reportPutSchema>,
): Promise<Report> {
  const { organizationId, actor } = access;
  const ea = await writerAccess(database, access, eventId);
  if (!REPORT_TYPES.includes(ea.event.eventType)) throw badRequest(NOT_A_REPORT_EVENT);
  const departments = new Map(
    (await readDepartments(database, organizationId)).map((d) => [d.name.toLowerCase(), d.name]),
  );
  const notes = input.notes.map((n) => {
    const department = departments.get(n.department.toLowerCase());
    if (!department) throw badRequest(UNKNOWN_DEPARTMENT, { notes: UNKNOWN_DEPARTMENT });
    return { ...n, department };
  });
  await database.transaction(async (q) => {
    const [report] = await q.query<{ id: number }>(
      `insert into event_reports (organization_id, event_id, times, summary, updated_by)
       values ($1, $2, $3::jsonb, $4, $5)
       on conflict (organization_id, event_id) do update set times = excluded.times, summary = excluded.summary,
         updated_by = excluded.updated_by, updated_at = now()
       returning id`,
      [organizationId, eventId, JSON.stringify(input.times), input.summary, actor.userId],
    );
    // Notes kept by id keep their status and reply; the rest are new; those left out go.
    const kept = notes.filter((n) => n.id).map((n) => n.id as number);
    await q.query(
      'delete from report_notes where organization_id = $1 and report_id = $2 and id <> all($3::int[])',
      [organizationId, report.id, kept],
    );
    for (const [position, n] of notes.entries()) {
      const updated = n.id
        ? await q.query(
            `update report_notes set department = $4, text = $5, confidential = $6, position = $7
             where organization_id = $1 and report_id = $2 and id = $3 returning id`,
            [organizationId, report.id, n.id, n.department, n.text, n.confidential, position],
          )
        : [];
      if (updated.length === 0)
        await q.query(
          `insert into report_notes (organization_id, report_id, position, department, text, confidential)
           values ($1, $2, $3, $4, $5, $6)`,
          [organizationId, report.id, position, n.department, n.text, n.confidential],
        );
    }
  });
  return readReport(database, access, eventId);
}

/**
 * Publishes the saved report: a bell notice and a mail job (report-mail.ts composes it for each
 * reader with only the notes they may read) for every department's recipients and the leads of
 * the event's teams. Publishing again sends the report again, as corrected.
 */
export async function publishReport(database: Database, access: Caller, eventId: number): Promise<Report> {
  const { organizationId, actor } = access;
  const ea = await writerAccess(database, access, eventId);
  const row = await reportRow(database, organizationId, eventId);
  if (!row) throw new AppError(409, NOTHING_TO_PUBLISH);
  const departments = await readDepartments(database, organizationId);
  const now = new Date();
  const pushed = await database.transaction(async (q) => {
    await q.query(
      'update event_reports set published_at = $3, published_by = $4 where organization_id = $1 and id = $2',
      [organizationId, row.id, now, actor.userId],
    );
    const recipients = await q.query<{ userId: number }>(
      `select m.user_id as "userId" from user_organizations m
       where m.organization_id = $1 and m.status = 'active' and (m.user_id = any($2::int[]) or exists (
         select 1 from team_members tm where tm.organization_id = $1 and tm.user_id = m.user_id
           and tm.role = 'team_lead' and tm.team_id = any($3::int[])))`,
      [organizationId, departments.flatMap((d) => d.recipientIds), ea.event.teamIds],
    );
    const link = `/calendar/events/${eventId}/report`;
    const out: { userId: number; id: number }[] = [];
    for (const { userId } of recipients) {
      const key = `report:${row.id}:${now.getTime()}:${userId}`;
      const [notice] = await q.query<{ id: number }>(
        `insert into member_notifications
           (organization_id, user_id, kind, unique_key, title, body, link, in_app, digest_pending, created_at)
         values ($1, $2, 'report', $3, $4, $5, $6, true, false, $7)
         on conflict (organization_id, unique_key) do nothing returning id`,
        [
          organizationId,
          userId,
          key,
          `Report: ${ea.event.name}`,
          'A rehearsal report was published.',
          link,
          now,
        ],
      );
      await enqueue(q, REPORT_MAIL_JOB, key, { reportId: row.id, userId }, now);
      if (notice) out.push({ userId, id: notice.id });
    }
    return out;
  });
  for (const p of pushed)
    sendToUser(database, organizationId, p.userId, {
      type: 'notification',
      data: {
        id: p.id,
        kind: 'report',
        title: `Report: ${ea.event.name}`,
        body: 'A rehearsal report was published.',
        link: `/calendar/events/${eventId}/report`,
        createdAt: now.toISOString(),
        read: false,
      },
    });
  return readReport(database, access, eventId);
}

/**
 * Who may see which notes across reports: owners and admins every note; others the notes of
 * departments they receive and of events they manage (their reservations, their led teams'),
 * confidential ones only for the events they manage. Drafts are listed nowhere.
 */
const VISIBLE_NOTES = `
  from report_notes n
  join event_reports r on r.id = n.report_id and r.organization_id = $1
  join calendar_events e on e.id = r.event_id and e.organization_id = $1
  cross join lateral (select $3::boolean or e.reserved_by = $2 or exists (
      select 1 from calendar_event_teams et join team_members tm
        on tm.team_id = et.team_id and tm.organization_id = $1 and tm.user_id = $2 and tm.role = 'team_lead'
      where et.organization_id = $1 and et.event_id = e.id) as manages) x
  where n.organization_id = $1 and r.published_at is not null
    and (x.manages or lower(n.department) = any($4::text[]))
    and (x.manages or not n.confidential)`;

export async function listNotes(
  database: Database,
  access: Caller,
  query: z.output<typeof reportNotesQuery> & { noteId?: number },
): Promise<ReportNoteListItem[]> {
  const { organizationId, actor } = access;
  const everything = policy.manageSettings(actor);
  const [mine, timeZone] = await Promise.all([
    departmentsOf(database, organizationId, actor.userId),
    organizationTimeZone(database, organizationId),
  ]);
  const rows = await database.query<NoteRow & { eventId: number; eventName: string; start: Date }>(
    `select ${NOTE_COLUMNS}, e.id as "eventId", e.name as "eventName", e.start_date_time as start
     ${VISIBLE_NOTES}
       and ($5::text is null or lower(n.department) = lower($5))
       and ($6::text is null or n.status = $6)
       and ($7::int is null or n.id = $7)
     order by e.start_date_time desc, n.position, n.id
     limit 500`,
    [
      organizationId,
      actor.userId,
      everything,
      mine,
      query.department ?? null,
      query.status ?? null,
      query.noteId ?? null,
    ],
  );
  return rows.map(({ start, ...n }) => ({
    ...n,
    startDateTime: toZonedIso(new Date(start), timeZone),
    mentions: [],
  }));
}

export async function answerNote(
  database: Database,
  access: Caller,
  noteId: number,
  patch: z.output<typeof reportNotePatchSchema>,
): Promise<ReportNoteListItem> {
  const { organizationId, actor } = access;
  const [exists] = await database.query('select 1 from report_notes where organization_id = $1 and id = $2', [
    organizationId,
    noteId,
  ]);
  if (!exists) throw notFound(NOTE_NOT_FOUND);
  const mine = await departmentsOf(database, organizationId, actor.userId);
  const [visible] = await database.query<{ id: number }>(`select n.id ${VISIBLE_NOTES} and n.id = $5`, [
    organizationId,
    actor.userId,
    policy.manageSettings(actor),
    mine,
    noteId,
  ]);
  if (!visible) throw forbidden(NOTE_REFUSED);
  await database.query(
    `update report_notes set status = $3, reply = coalesce($4, reply), replied_by = $5, replied_at = now()
     where organization_id = $1 and id = $2`,
    [organizationId, noteId, patch.status, patch.reply, actor.isSystemUser ? null : actor.userId],
  );
  const [note] = await listNotes(database, access, { noteId });
  return note;
}
