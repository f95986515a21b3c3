// What the worker looks for on each tick, at the injected `now`: reminders that are due, calendar
// changes not yet turned into notices, and digests whose hour has come. Each writes under a
// unique key, so two workers scanning at once, or a restart, never produce a notice twice.
import type { Database } from '../../db/client';
import { ensureMaterialized, isFollowingSql, materializationTarget, runner, type Runner } from '../calendar';
import { getOrCreate } from '../../../common/maps';
import { deliverAll, type Notice, type Pushed } from './deliver';
import { digestUntil } from './digest-window';
import { formatInstant } from '../../../common/format-date';
import { prefSql } from './preferences';

const DAY_MS = 86_400_000;
/** Reminders reach at most a week ahead (the longest reminderTiming), plus a day of slack. */
const REMINDER_HORIZON_MS = 8 * DAY_MS;
export const DIGEST_HOUR = 7;

export function inTransaction<T>(database: Database, work: (q: Runner) => Promise<T>): Promise<T> {
  return database.db.transaction((tx) => work(runner(tx)));
}

/**
 * A `candidates (event_id, user_id)` CTE: who may follow each event of a preceding `ev (id,
 * reserved_by, instructor_id)` CTE in organization $1 (reserver, instructor, its teams' members,
 * explicit follow records). The scans test only these pairs with `isFollowingSql`, which has the
 * last word, instead of every member against every event.
 */
const FOLLOW_CANDIDATES = `candidates as (
  select id as event_id, reserved_by as user_id from ev
  union select id, instructor_id from ev where instructor_id is not null
  union select et.event_id, tm.user_id from ev
    join calendar_event_teams et on et.event_id = ev.id and et.organization_id = $1
    join team_members tm on tm.team_id = et.team_id and tm.organization_id = $1
  union select f.event_id, f.user_id from ev
    join calendar_event_followers f on f.event_id = ev.id and f.organization_id = $1 and f.is_following)`;

/**
 * Organizations whose series must grow to cover the horizon: found through the series' own index
 * across organizations, so organizations with nothing repeating, or grown far enough, cost nothing.
 */
const orgsWithSeriesToGrow = (database: Database, until: Date) =>
  database.query<{ id: number }>(
    `select distinct s.organization_id as id from calendar_event_series s
     join organizations o on o.id = s.organization_id and o.approval_status = 'approved'
     where s.materialized_until < $1 order by 1`,
    [materializationTarget(until)],
  );

/** Who may follow each occurrence of the CTE `ev`: reserver, instructor, teams' members, follow records. */
const followCandidates = (ev: string) => `
    select id as event_id, organization_id, reserved_by as user_id from ${ev}
    union select id, organization_id, instructor_id from ${ev} where instructor_id is not null
    union select et.event_id, ${ev}.organization_id, tm.user_id from ${ev}
      join calendar_event_teams et on et.event_id = ${ev}.id and et.organization_id = ${ev}.organization_id
      join team_members tm on tm.team_id = et.team_id and tm.organization_id = ${ev}.organization_id
    union select f.event_id, ${ev}.organization_id, f.user_id from ${ev}
      join calendar_event_followers f on f.event_id = ${ev}.id and f.organization_id = ${ev}.organization_id
        and f.is_following`;

/** Members reminded a day or a week ahead: the predicate of users_long_reminders. */
const LONG_REMINDER = `(notification_settings->>'reminderTiming') in ('1day', '1week')`;

/**
 * Who may be due a reminder, in every organization at once. Within two hours ahead (every
 * member's reminder at the default hour or less, with an hour to spare for a clock change in
 * between): who may follow each occurrence starting then (one range of calendar_events_start).
 * Beyond it, up to the longest timing: the same, but only in organizations that have members
 * reminded a day or a week ahead (users_long_reminders, few) and only for those members. So an
 * organization whose members keep the default timing costs a tick nothing until two hours before
 * its next date, however busy its week; the follow rule below has the last word either way.
 */
const DUE_REMINDERS = `
  with near as materialized (
    select e.id, e.organization_id, e.reserved_by, e.instructor_id from calendar_events e
    join organizations o on o.id = e.organization_id and o.approval_status = 'approved'
    where e.start_date_time > $1::timestamptz and e.start_date_time <= $1::timestamptz + interval '2 hours'),
  long_reminded as materialized (select id from users where ${LONG_REMINDER}),
  far as materialized (
    select e.id, e.organization_id, e.reserved_by, e.instructor_id from calendar_events e
    where e.organization_id in (
        select m.organization_id from long_reminded l
        join user_organizations m on m.user_id = l.id and m.status = 'active'
        join organizations o on o.id = m.organization_id and o.approval_status = 'approved')
      and e.start_date_time > $1::timestamptz + interval '2 hours'
      and e.start_date_time <= $1::timestamptz + interval '8 days'),
  candidates as (
    ${followCandidates('near')}
    union select c.* from (${followCandidates('far')}) c where c.user_id in (select id from long_reminded))
  select d.* from candidates c
  -- Per candidate, by its keys: no table is read whole to be joined to candidates that may be none.
  cross join lateral (
    select c.organization_id as "organizationId", o.timezone, e.id as "eventId", m.user_id as "userId",
      e.name, e.start_date_time as start, e.spaces
    from organizations o
    join calendar_events e on e.id = c.event_id
    join user_organizations m on m.organization_id = c.organization_id and m.user_id = c.user_id
      and m.status = 'active'
    join users u on u.id = m.user_id
    left join calendar_event_followers f
      on f.event_id = e.id and f.user_id = m.user_id and f.organization_id = c.organization_id
    where o.id = c.organization_id
      and ${prefSql.flag('scheduleReminders')}
      and (${prefSql.flag('emailNotifications')} or ${prefSql.flag('pushNotifications')})
      and ((e.start_date_time at time zone o.timezone) - ${prefSql.reminderInterval}) at time zone o.timezone
        <= $1::timestamptz
      and ${isFollowingSql('m.user_id', 'c.organization_id')}
      and not exists (select 1 from member_notifications n
                      where n.unique_key = 'reminder:' || m.user_id || ':' || e.id)) d
  order by d."organizationId", d.start, d."userId"`;

interface DueReminder {
  organizationId: number;
  timezone: string;
  eventId: number;
  userId: number;
  name: string;
  start: Date;
  spaces: string[];
}

/**
 * Followed occurrences whose reminder time (start − reminderTiming, on the wall clock) has come.
 * One statement for every organization, not one per organization with something coming: with
 * 2,000 organizations each rehearsing next week, a tick with nothing due was 4,000 statements.
 * Only who may follow each coming event is checked, not every member against every event: the
 * follow rule has the last word.
 */
export async function scanReminders(database: Database, now: Date): Promise<(Pushed | null)[]> {
  const until = new Date(now.getTime() + REMINDER_HORIZON_MS);
  for (const org of await orgsWithSeriesToGrow(database, until))
    await ensureMaterialized(database, org.id, until);
  const due = await database.query<DueReminder>(DUE_REMINDERS, [now]);
  const byOrganization = new Map<number, DueReminder[]>();
  for (const d of due) getOrCreate(byOrganization, d.organizationId, () => []).push(d);
  const pushed: (Pushed | null)[] = [];
  for (const [organizationId, reminders] of byOrganization) {
    const notices = reminders.map(
      (d): Notice => ({
        organizationId,
        userId: d.userId,
        kind: 'reminder',
        gate: 'scheduleReminders',
        key: `reminder:${d.userId}:${d.eventId}`,
        title: `Reminder: ${d.name}`,
        body: `${formatInstant(d.start, 'weekdayTime', d.timezone)} · ${d.spaces.join(', ')}`,
        link: '/calendar/my-schedule',
      }),
    );
    const batch = await inTransaction(database, (q) => deliverAll(q, notices, now));
    pushed.push(...batch);
  }
  return pushed;
}

interface ChangeRow {
  id: number;
  organizationId: number;
  kind: 'updated' | 'cancelled';
  actorId: number | null;
  tx: string;
  before: { name: string; start: string; end: string; spaces: string[] };
  after: { name: string; start: string; end: string; spaces: string[] } | null;
  followerIds: number[];
  timezone: string;
}

function describeChange(c: ChangeRow): string {
  const when = (s: string) => formatInstant(s, 'weekdayTime', c.timezone);
  if (c.kind === 'cancelled' || !c.after) return `Cancelled: ${c.before.name}, ${when(c.before.start)}`;
  const parts: string[] = [];
  if (c.after.name !== c.before.name) parts.push(`renamed from "${c.before.name}"`);
  if (c.after.start !== c.before.start || c.after.end !== c.before.end)
    parts.push(`moved from ${when(c.before.start)} to ${when(c.after.start)}`);
  else parts.push(when(c.after.start));
  if (c.after.spaces.join() !== c.before.spaces.join()) parts.push(`now in ${c.after.spaces.join(', ')}`);
  return `${c.after.name}: ${parts.join('; ')}`;
}

/** Changes one call of processChanges takes (a tick calls it again while batches come back full). */
export const CHANGES_PER_BATCH = 500;

/**
 * Calendar changes recorded by the database trigger → one notice per follower per edit (one
 * transaction of the calendar, e.g. a whole series renamed, is one notice). The editor gets none.
 * An edit is recorded without its followers (migration edit_notices_followers_when_sent): they are
 * named here, by the calendar's follow rule as it stands now, for every such row of the batch in
 * this one statement, and kept with it; a date deleted since has none (its cancellation has them).
 * The batch is claimed first and the followers named for its rows only: in one query with the
 * claim, the planner named them for every pending row before sorting out the first 500 (70 ms for
 * 3,363 rows under the write bench), and whether the date still exists is a join by its key (as
 * EXISTS it hashed a scan of every event).
 */
export async function processChanges(
  database: Database,
  now: Date,
): Promise<{ pushed: (Pushed | null)[]; more: boolean }> {
  return inTransaction(database, async (q) => {
    const rows = await q.query<ChangeRow>(
      `with batch as materialized (
         select id from event_changes where processed_at is null order by id limit $1 for update skip locked)
       select c.id, c.organization_id as "organizationId", c.kind, c.actor_id as "actorId", c.tx,
         c.before, c.after, coalesce(c.follower_ids, w.followers, '{}') as "followerIds",
         coalesce(o.timezone, 'UTC') as timezone
       from batch b join event_changes c on c.id = b.id
       left join organizations o on o.id = c.organization_id
       left join calendar_events e
         on c.follower_ids is null and e.id = c.event_id and e.organization_id = c.organization_id
       left join lateral followers_of_event(c.organization_id, c.event_id, c.reserved_by, c.instructor_id) w
         on e.id is not null
       order by c.id`,
      [CHANGES_PER_BATCH],
    );
    if (rows.length === 0) return { pushed: [], more: false };
    const groups = new Map<string, ChangeRow[]>();
    for (const r of rows) {
      const key = `${r.organizationId}:${r.tx}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const notices: Notice[] = [];
    for (const group of groups.values()) {
      const first = group[0];
      const members = new Set(group.flatMap((c) => c.followerIds));
      members.delete(first.actorId ?? -1);
      const cancelled = group.every((c) => c.kind === 'cancelled');
      const name = first.after?.name ?? first.before.name;
      const title =
        group.length === 1
          ? `${name} was ${cancelled ? 'cancelled' : 'changed'}`
          : `${group.length} dates of ${name} were ${cancelled ? 'cancelled' : 'changed'}`;
      for (const userId of members) {
        const lines = group.filter((c) => c.followerIds.includes(userId)).map(describeChange);
        notices.push({
          organizationId: first.organizationId,
          userId,
          kind: 'change',
          key: `change:${first.id}:${userId}`,
          title,
          body: lines.slice(0, 20).join('\n') + (lines.length > 20 ? `\n…and ${lines.length - 20} more` : ''),
          link: '/calendar',
        });
      }
    }
    const pushed = await deliverAll(q, notices, now);
    // The followers named here are kept beside the change, as a deletion's are (those recorded
    // with it stay as they were).
    await q.query(
      `update event_changes c set processed_at = $2, follower_ids = coalesce(c.follower_ids, n.f)
       from jsonb_to_recordset($1::jsonb) as n(id int, f int[]) where c.id = n.id`,
      [JSON.stringify(rows.map((r) => ({ id: r.id, f: r.followerIds }))), now],
    );
    // A full batch may have left more behind.
    return { pushed, more: rows.length === CHANGES_PER_BATCH };
  });
}

/** When the day after `localDate` (SQL, a date) reaches DIGEST_HOUR in zone `zone` (SQL). */
const nextDigestHour = (localDate: string, zone: string) =>
  `((${localDate} + 1) + interval '${DIGEST_HOUR} hours') at time zone ${zone}`;

/**
 * Plans each organization's digests once per local date, from 07:00 in its zone (weekly ones on
 * Mondays): the first tick after that hour adds the organization's `digest_plans` row and, in the
 * same transaction, one job per member whose digest has something to say. The plan's date is
 * local, so a worker that was down at 07:00 still plans that day when back; a second worker waits
 * on the row's key and then finds it planned.
 *
 * A tick reads only the organizations whose `digests_due_at` has passed (an index range), so its
 * cost does not grow with the organizations whose day is planned: 2,000 quiet ones cost what 20 do.
 * Each one read is either planned (and told when its next day comes) or, before its hour or
 * already planned by another worker, told when to look again, in the same statement.
 */
export async function scanDigests(database: Database, now: Date) {
  const due = await database.query<{ id: number; localDate: string; timezone: string }>(
    `with looked as materialized (
       select o.id, o.timezone, ($1::timestamptz at time zone o.timezone)::date as day,
         extract(hour from $1::timestamptz at time zone o.timezone) >= ${DIGEST_HOUR} as past_hour
       from organizations o
       where o.approval_status = 'approved' and o.digests_due_at <= $1::timestamptz),
     decided as materialized (
       select l.*, l.past_hour and not exists (
           select 1 from digest_plans p where p.organization_id = l.id and p.local_date = l.day) as plan
       from looked l),
     later as (
       update organizations o
       set digests_due_at = case when d.past_hour then ${nextDigestHour('d.day', 'd.timezone')}
                                 else (d.day + interval '${DIGEST_HOUR} hours') at time zone d.timezone end
       from decided d where o.id = d.id and not d.plan)
     select id, to_char(day, 'YYYY-MM-DD') as "localDate", timezone from decided where plan order by id`,
    [now],
  );
  for (const org of due) await planOrganizationDigests(database, org, now);
}

/**
 * Plans one organization's digests for its local date, unless a worker already has, and moves its
 * `digests_due_at` to the next day's hour.
 */
export function planOrganizationDigests(
  database: Database,
  org: { id: number; localDate: string; timezone: string },
  now: Date,
) {
  return inTransaction(database, async (q) => {
    const [planned] = await q.query(
      `insert into digest_plans (organization_id, local_date, planned_at) values ($1, $2::date, $3)
       on conflict do nothing returning 1`,
      [org.id, org.localDate, now],
    );
    if (planned)
      await q.query(PLAN_DIGESTS, [
        org.id,
        now,
        org.localDate,
        digestUntil('daily', now, org.timezone),
        digestUntil('weekly', now, org.timezone),
      ]);
    await q.query(
      `update organizations set digests_due_at = ${nextDigestHour('$2::date', 'timezone')}
       where id = $1 and digests_due_at < ${nextDigestHour('$2::date', 'timezone')}`,
      [org.id, org.localDate],
    );
  });
}

/**
 * One organization's digest jobs for one local date ($1 organization, $2 now, $3 the date, $4 and
 * $5 the ends of the daily and weekly digests' windows, from digestUntil), set
 * based: only members with a pending notice or a followed occurrence within the digest's window
 * get a job (the job checks again when it runs, and sends nothing if it is empty by then). Who may
 * follow an occurrence is read from its reserver, instructor, teams and follow records, not by
 * testing every member against every event; the follow rule below has the last word.
 */
const PLAN_DIGESTS = `
  with members as (
    select m.user_id, f.freq, case f.freq when 'daily' then $4::timestamptz else $5::timestamptz end as until
    from user_organizations m
    join users u on u.id = m.user_id
    join (values ('daily'), ('weekly')) as f(freq) on f.freq = ${prefSql.digest}
    where m.organization_id = $1 and m.status = 'active' and ${prefSql.flag('emailNotifications')}
      and (f.freq = 'daily' or extract(isodow from $3::date) = 1)),
  ev as (
    select e.id, e.reserved_by, e.instructor_id from calendar_events e
    where e.organization_id = $1 and e.start_date_time > $2::timestamptz
      and e.start_date_time <= case when extract(isodow from $3::date) = 1
                                 then $5::timestamptz else $4::timestamptz end),
  ${FOLLOW_CANDIDATES}
  insert into jobs (kind, unique_key, payload, run_at)
  select 'digest', 'digest:' || m.freq || ':' || $1::int || ':' || m.user_id || ':' || to_char($3::date, 'YYYY-MM-DD'),
    jsonb_build_object('organizationId', $1::int, 'userId', m.user_id, 'frequency', m.freq), $2
  from members m
  where exists (select 1 from member_notifications n
                where n.user_id = m.user_id and n.organization_id = $1 and n.digest_pending)
     or exists (select 1 from candidates c
                join calendar_events e on e.id = c.event_id
                left join calendar_event_followers f
                  on f.event_id = e.id and f.user_id = m.user_id and f.organization_id = $1
                where c.user_id = m.user_id and e.start_date_time <= m.until
                  and ${isFollowingSql('m.user_id')})
  on conflict (unique_key) do nothing`;

/** Finished jobs are kept a month (their keys guard against repeats meanwhile), then removed. */
export async function pruneJobs(database: Database, now: Date) {
  await database.query("delete from jobs where done_at < $1::timestamptz - interval '30 days'", [now]);
  // A plan only has to outlive its own local day; two days cover every zone.
  await database.query(
    "delete from digest_plans where local_date < ($1::timestamptz - interval '2 days')::date",
    [now],
  );
}
