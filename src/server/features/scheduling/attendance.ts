// Attendance: for an occurrence that has started, its managers (and a class's
// instructor) mark each called or team member present, late, absent or excused; a report over a
// date range per member and per team, as JSON or CSV.
import type { z } from 'zod';
import { policy } from '../../../common/permissions';
import type {
  AttendanceEntry,
  AttendanceReport,
  attendancePutSchema,
  attendanceReportQuery,
} from '../../../common/schemas/scheduling';
import { type AttendanceStatus, attendanceRate } from '../../../common/scheduling';
import { addDays, todayIn } from '../../../common/zoned-time';
import { nameColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { calendarTransaction, organizationTimeZone, resolveRange } from '../calendar';
import { eventAccess, signalAttendanceChanged } from './event-access';
import { byName, ledTeamIds, type PersonColumns, personOf, teamMemberIds, type Caller } from './people';

export const ATTENDANCE_REFUSED = "Only the event's managers (and a class's instructor) can take attendance";
export const NOT_STARTED = 'Attendance can be taken once the event has started';
export const NOT_ELIGIBLE = 'Attendance is taken for the people called to this event or in its teams';
export const REPORT_REFUSED =
  'Only owners, admins and team leads (for their teams) can see attendance reports';
export const TEAM_NOT_FOUND = 'Team not found';
const REPORT_DEFAULT_DAYS = 90;

async function attendanceAccess(database: Database, access: Caller, eventId: number) {
  const ea = await eventAccess(database, access, eventId);
  if (!ea.canTakeAttendance) throw forbidden(ATTENDANCE_REFUSED);
  return ea;
}

/** Called people and active team members of the occurrence. */
async function eligible(database: Database, organizationId: number, eventId: number, teamIds: number[]) {
  const called = await database.query<{ userId: number }>(
    'select user_id as "userId" from event_calls where organization_id = $1 and event_id = $2',
    [organizationId, eventId],
  );
  return {
    called: new Set(called.map((c) => c.userId)),
    all: new Set([
      ...called.map((c) => c.userId),
      ...(await teamMemberIds(database, organizationId, teamIds)),
    ]),
  };
}

export async function getAttendance(
  database: Database,
  access: Caller,
  eventId: number,
): Promise<AttendanceEntry[]> {
  const { organizationId } = access;
  const ea = await attendanceAccess(database, access, eventId);
  const people = await eligible(database, organizationId, eventId, ea.event.teamIds);
  const rows = await database.query<PersonColumns & { status: AttendanceStatus | null; note: string | null }>(
    `select u.id as "userId", ${nameColumns('u')}, r.status, r.note from users u
     left join attendance_records r on r.user_id = u.id and r.organization_id = $1 and r.event_id = $2
     where u.id = any($3::int[]) or r.id is not null`,
    [organizationId, eventId, [...people.all]],
  );
  return rows
    .map((r) => ({ ...personOf(r), called: people.called.has(r.userId), status: r.status, note: r.note }))
    .sort(byName);
}

export async function putAttendance(
  database: Database,
  access: Caller,
  eventId: number,
  input: z.output<typeof attendancePutSchema>,
): Promise<AttendanceEntry[]> {
  const { organizationId, actor } = access;
  const ea = await attendanceAccess(database, access, eventId);
  if (ea.event.start > new Date()) throw new AppError(409, NOT_STARTED);
  const people = await eligible(database, organizationId, eventId, ea.event.teamIds);
  if (input.records.some((r) => !people.all.has(r.userId)))
    throw badRequest(NOT_ELIGIBLE, { records: NOT_ELIGIBLE });
  const marked = input.records.filter((r) => r.status !== null);
  const cleared = input.records.filter((r) => r.status === null).map((r) => r.userId);
  // Attendance is read fresh every time: nothing kept to announce.
  await calendarTransaction(database, organizationId, [], async (q) => {
    await q.query(
      `insert into attendance_records (organization_id, event_id, user_id, status, note, recorded_by)
       select $1, $2, r.user_id, r.status, r.note, $4
       from jsonb_to_recordset($3::jsonb) as r(user_id int, status text, note text)
       on conflict (organization_id, event_id, user_id) do update set status = excluded.status, note = excluded.note,
         recorded_by = excluded.recorded_by, recorded_at = now()`,
      [
        organizationId,
        eventId,
        JSON.stringify(marked.map((r) => ({ user_id: r.userId, status: r.status, note: r.note }))),
        actor.userId,
      ],
    );
    await q.query(
      'delete from attendance_records where organization_id = $1 and event_id = $2 and user_id = any($3::int[])',
      [organizationId, eventId, cleared],
    );
  });
  await signalAttendanceChanged(database, organizationId, ea.event);
  return getAttendance(database, access, eventId);
}

interface Counts {
  present: number;
  late: number;
  absent: number;
  excused: number;
  total: number;
}

const COUNTS = `count(*) filter (where r.status = 'present')::int as present,
  count(*) filter (where r.status = 'late')::int as late,
  count(*) filter (where r.status = 'absent')::int as absent,
  count(*) filter (where r.status = 'excused')::int as excused,
  count(*)::int as total`;

const withRate = <T extends Counts>(c: T) => ({ ...c, rate: attendanceRate(c) });

export async function attendanceReport(
  database: Database,
  access: Caller,
  query: z.output<typeof attendanceReportQuery>,
): Promise<AttendanceReport> {
  const { organizationId, actor } = access;
  if (query.teamId !== undefined) {
    const [team] = await database.query('select 1 from teams where organization_id = $1 and id = $2', [
      organizationId,
      query.teamId,
    ]);
    if (!team) throw notFound(TEAM_NOT_FOUND);
  }
  const led = await ledTeamIds(database, organizationId, actor.userId);
  if (!policy.viewAttendanceReport(actor, led, query.teamId)) throw forbidden(REPORT_REFUSED);
  const everyone = policy.viewAttendanceReport(actor, []);
  const teamFilter = query.teamId !== undefined ? [query.teamId] : everyone ? null : led;
  const timeZone = await organizationTimeZone(database, organizationId);
  const today = todayIn(timeZone);
  const from = query.from ?? addDays(today, -REPORT_DEFAULT_DAYS);
  const { from: start, to: end } = resolveRange(
    { from, to: query.to ?? (query.from ? undefined : today) },
    timeZone,
  );
  const params = [organizationId, start, end, teamFilter];
  const inRange = `r.organization_id = $1 and e.start_date_time >= $2 and e.start_date_time < $3`;
  const [members, teams] = await Promise.all([
    database.query<PersonColumns & Counts>(
      `select r.user_id as "userId", ${nameColumns('u')}, ${COUNTS}
       from attendance_records r
       join calendar_events e on e.id = r.event_id and e.organization_id = $1
       join users u on u.id = r.user_id
       where ${inRange} and ($4::int[] is null or exists (select 1 from calendar_event_teams et
         where et.organization_id = $1 and et.event_id = e.id and et.team_id = any($4::int[])))
       group by r.user_id, u.first_name, u.last_name, u.username`,
      params,
    ),
    database.query<{ teamId: number; name: string } & Counts>(
      `select t.id as "teamId", t.name, ${COUNTS}
       from attendance_records r
       join calendar_events e on e.id = r.event_id and e.organization_id = $1
       join calendar_event_teams et on et.event_id = e.id and et.organization_id = $1
       join teams t on t.id = et.team_id and t.organization_id = $1
       where ${inRange} and ($4::int[] is null or et.team_id = any($4::int[]))
       group by t.id, t.name order by lower(t.name), t.id`,
      params,
    ),
  ]);
  return {
    from: start.toISOString(),
    to: end.toISOString(),
    members: members
      .map((m) =>
        withRate({
          ...personOf(m),
          present: m.present,
          late: m.late,
          absent: m.absent,
          excused: m.excused,
          total: m.total,
        }),
      )
      .sort(byName),
    teams: teams.map(withRate),
  };
}

/** The report as spreadsheet rows: members, then teams. */
export function reportRows(report: AttendanceReport): unknown[][] {
  const header = ['Kind', 'Name', 'Present', 'Late', 'Absent', 'Excused', 'Total', 'Rate'];
  const line = (kind: string, r: AttendanceReport['members'][number] | AttendanceReport['teams'][number]) => [
    kind,
    r.name,
    r.present,
    r.late,
    r.absent,
    r.excused,
    r.total,
    r.rate ?? '',
  ];
  return [
    header,
    ...report.members.map((m) => line('Member', m)),
    ...report.teams.map((t) => line('Team', t)),
  ];
}
