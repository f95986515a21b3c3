// Volunteering's notices, found by the notification worker on each tick: a reminder to each
// holder before their shift (at their reminder timing), and for coordinators a digest of a date's
// shifts still open, three days and again one day before. Both go through the notification
// engine (`deliver`), gated on the member's "Volunteer shift reminders" preference; unique keys
// keep a notice from being sent twice, whichever worker finds it.
import { formatInstant } from '../../../common/format-date';
import type { Database } from '../../db/client';
import { deliverAll, inTransaction, type Notice, prefSql, type Pushed } from '../notifications';

const DAY_MS = 86_400_000;
/** A coordinator hears of a date's open shifts this many days before, and again closer. */
const DIGEST_DAYS = [3, 1] as const;

const wants = `${prefSql.flag('volunteerReminders')}
  and (${prefSql.flag('emailNotifications')} or ${prefSql.flag('pushNotifications')})`;

async function deliverNotices(database: Database, notices: Notice[], now: Date): Promise<(Pushed | null)[]> {
  if (notices.length === 0) return [];
  return inTransaction(database, (q) => deliverAll(q, notices, now));
}

/** Holders whose reminder time (start − their reminder timing) has come. */
export async function scanShiftReminders(database: Database, now: Date) {
  const due = await database.query<{
    organizationId: number;
    userId: number;
    signupId: number;
    start: Date;
    end: Date;
    position: string;
    eventName: string;
    timezone: string;
  }>(
    `select v.organization_id as "organizationId", v.user_id as "userId", v.id as "signupId",
       s.start_date_time as start, s.end_date_time as "end", p.name as position, e.name as "eventName", o.timezone
     from volunteer_shifts s
     join organizations o on o.id = s.organization_id and o.approval_status = 'approved'
     join volunteer_signups v on v.shift_id = s.id
     join volunteer_positions p on p.id = s.position_id
     join calendar_events e on e.id = s.event_id
     join user_organizations m on m.organization_id = s.organization_id and m.user_id = v.user_id and m.status = 'active'
     join users u on u.id = v.user_id
     where s.start_date_time > $1 and s.start_date_time <= $1::timestamptz + interval '8 days'
       and s.start_date_time - ${prefSql.reminderInterval} <= $1
       and ${wants}
       and not exists (select 1 from member_notifications n
                       where n.unique_key = 'shift-reminder:' || v.id || ':' || v.user_id)
     order by s.start_date_time, v.id
     limit 500`,
    [now],
  );
  return deliverNotices(
    database,
    due.map((d) => ({
      organizationId: d.organizationId,
      userId: d.userId,
      kind: 'reminder',
      gate: 'volunteerReminders',
      key: `shift-reminder:${d.signupId}:${d.userId}`,
      title: `Volunteer shift: ${d.position}, ${d.eventName}`,
      body: `${formatInstant(d.start, 'weekdayTime', d.timezone)} – ${formatInstant(d.end, 'time', d.timezone)}`,
      link: '/volunteer?tab=mine',
    })),
    now,
  );
}

/** Each coordinator's digest of a date's open shifts, 3 days and 1 day before the date. */
export async function scanOpenShiftDigests(database: Database, now: Date) {
  const open = await database.query<{
    organizationId: number;
    timezone: string;
    start: Date;
    position: string;
    eventName: string;
    left: number;
  }>(
    `select s.organization_id as "organizationId", o.timezone, s.start_date_time as start, p.name as position,
       e.name as "eventName",
       s.places - s.taken + (select count(*)::int from volunteer_signups x where x.shift_id = s.id
         and x.offered_at is not null) as left
     from volunteer_shifts s
     join organizations o on o.id = s.organization_id and o.approval_status = 'approved'
     join volunteer_positions p on p.id = s.position_id
     join calendar_events e on e.id = s.event_id
     where s.start_date_time > $1 and s.start_date_time <= $1::timestamptz + interval '3 days'
       and (s.taken < s.places or exists (select 1 from volunteer_signups x where x.shift_id = s.id
         and x.offered_at is not null))
     order by s.organization_id, s.start_date_time, s.id`,
    [now],
  );
  // One digest per organization, local date and threshold.
  const digests = new Map<string, { organizationId: number; date: string; days: number; lines: string[] }>();
  for (const s of open) {
    const start = new Date(s.start);
    const daysAway = (start.getTime() - now.getTime()) / DAY_MS;
    const days = DIGEST_DAYS.filter((d) => daysAway <= d).at(-1);
    if (days === undefined) continue;
    const date = formatInstant(start, 'date', s.timezone);
    const key = `${s.organizationId}|${date}|${days}`;
    const digest = digests.get(key) ?? { organizationId: s.organizationId, date, days, lines: [] };
    digest.lines.push(
      `${formatInstant(start, 'time', s.timezone)} · ${s.position} · ${s.eventName}: ${s.left} ${s.left === 1 ? 'place' : 'places'} open`,
    );
    digests.set(key, digest);
  }
  if (digests.size === 0) return [];
  // Every organization's coordinators in one statement, and only the digests not yet recorded
  // are delivered: a date's open shifts are found on every tick for three days, and asking per
  // organization (and recording each digest again) made each such tick cost a few statements per
  // organization with nothing new to say.
  const organizationIds = [...new Set([...digests.values()].map((d) => d.organizationId))];
  const coordinators = await database.query<{ organizationId: number; userId: number }>(
    `select m.organization_id as "organizationId", m.user_id as "userId"
     from user_organizations m join users u on u.id = m.user_id
     where m.organization_id = any($1::int[]) and m.status = 'active'
       and m.role in ('owner', 'admin', 'volunteer_coordinator') and ${wants}`,
    [organizationIds],
  );
  const notices: Notice[] = [];
  for (const d of digests.values()) {
    for (const c of coordinators)
      if (c.organizationId === d.organizationId)
        notices.push({
          organizationId: d.organizationId,
          userId: c.userId,
          kind: 'reminder',
          gate: 'volunteerReminders',
          key: `shift-digest:${d.organizationId}:${c.userId}:${d.date}:${d.days}`,
          title: `Shifts still open on ${d.date}`,
          body: d.lines.join('\n'),
          link: '/volunteer?tab=manage',
        });
  }
  if (notices.length === 0) return [];
  const known = new Set(
    (
      await database.query<{ key: string }>(
        'select unique_key as key from member_notifications where unique_key = any($1::text[])',
        [notices.map((n) => n.key)],
      )
    ).map((r) => r.key),
  );
  return deliverNotices(
    database,
    notices.filter((n) => !known.has(n.key)),
    now,
  );
}
