// The load run's organizations, seeded with set-based SQL (a handful of statements each, however
// large): members across every permission level (seed.ts), teams with their members, six years
// of events (one-offs and weekly series with real rules, teams and follows), library pages
// (features/library.ts), a few announcements, and signed-in sessions for part of the members.
import { sign } from '@fastify/cookie';
import type { Database } from '../../../src/server/db/client';
import { COOKIE_NAME, createSession } from '../../../src/server/http/session';
import { seedWikiPages } from '../features/library';
import type { BenchOrganization } from '../registry';
import { benchOwner, seedOrganization } from '../seed';

export interface Sizes {
  members: number;
  teams: number;
  events: number;
  wikiPages: number;
  /** Members holding a session the load run uses (spread over the roles). */
  sessions: number;
}

/** The sizes (2 × 10,000 members, 500 teams, 50,000 events) times `scale`. */
export function largeSizes(scale: number): Sizes {
  const members = Math.max(20, Math.round(10_000 * scale));
  return {
    members,
    teams: Math.max(2, Math.round(500 * scale)),
    events: Math.max(100, Math.round(50_000 * scale)),
    wikiPages: Math.max(10, Math.round(2_000 * scale)),
    sessions: Math.min(members, Math.max(20, Math.round(500 * scale))),
  };
}

export const SMALL_SIZES: Sizes = { members: 20, teams: 3, events: 60, wikiPages: 10, sessions: 20 };

export const TIME_ZONE = 'America/New_York';
/** Seeded events fill 2024–2029: weekday daytime one-offs, evening weekly series. */
const FIRST_DAY = '2024-01-01';
const FIRST_SUNDAY = '2024-01-07';
const DAYS = 2192;
const WEEKS = 313;
const SPACES = ['Main Stage', 'Office', 'Annex'];
/** One-offs take 08:00–16:00 starts, series 17:00–21:00, so the two never overlap. */
const DAY_HOURS = 9;
const EVENING_HOURS = 5;
const SERIES_LENGTH = 10;
/** A share of events in weekly series (of ten dates each). */
const SERIES_SHARE = 0.4;
/** Multiplier of the slot permutations: prime, and no factor of the slot counts below. */
const SCATTER = 7919;

export interface Session {
  cookie: string;
  userId: number;
  role: string;
}

export interface LoadOrganization extends BenchOrganization {
  sizes: Sizes;
  sessions: Session[];
  /** Seeded events each session's member reserved (the ones they may edit). */
  eventsBy: Map<number, number[]>;
}

async function seedTeams(database: Database, org: BenchOrganization, teams: number) {
  const { organizationId, memberIds } = org;
  await database.query(
    `insert into teams (organization_id, name, handle, description)
     select $1::int, (array['Company','Crew','Ensemble','Studio','Troupe'])[1 + t % 5] || ' ' || t,
       'load-' || $1::int || '-' || t, 'Team ' || t || ' of the load run.'
     from generate_series(1, $2::int) as t`,
    [organizationId, teams],
  );
  // Every member in one team, every third in a second; one in twenty leads theirs.
  await database.query(
    `insert into team_members (organization_id, team_id, user_id, role)
     select $1::int, t.ids[1 + (m.n + k * 7) % array_length(t.ids, 1)], m.id,
       case when m.n % 20 = 0 and k = 0 then 'team_lead' else 'member' end
     from unnest($2::int[]) with ordinality as m(id, n)
     cross join (select array_agg(id order by id) as ids from teams where organization_id = $1) t
     cross join generate_series(0, 1) as k
     where k = 0 or m.n % 3 = 0
     on conflict do nothing`,
    [organizationId, memberIds],
  );
}

/** `events` events: 40 % as weekly series of ten (a real rule each), the rest one-offs. */
async function seedEvents(database: Database, org: BenchOrganization, events: number) {
  const { organizationId, memberIds } = org;
  const seriesCount = Math.round((events * SERIES_SHARE) / SERIES_LENGTH);
  const lanes = 7 * EVENING_HOURS * SPACES.length;
  // Each lane (weekday, hour, space) holds its series one after another, ten weeks each.
  const spacing = Math.max(SERIES_LENGTH, Math.floor(WEEKS / Math.ceil(seriesCount / lanes)));
  await database.query(
    `with p as (
       select s, s % $4::int as lane, s / $4::int as j,
         ($8::int[])[1 + (s * 37) % array_length($8::int[], 1)] as reserved_by,
         (array['rehearsal','class','rehearsal','show'])[1 + s % 4] as event_type,
         (select array_agg(id order by id) from teams where organization_id = $1) as team_ids
       from generate_series(0, $2::int - 1) as s),
     q as (
       select p.*, (lane % 7) as weekday, 17 + (lane / 7) % $5::int as hour,
         ($6::text[])[1 + lane / (7 * $5::int)] as space,
         $9::date + (j * $3::int + lane % ($3::int - 9)) * 7 + (lane % 7) as day
       from p)
     insert into calendar_event_series (organization_id, rule, materialized_until)
     select $1, jsonb_build_object(
         'version', 1, 'timeZone', $7::text,
         'start', to_char(day + make_interval(hours => hour), 'YYYY-MM-DD"T"HH24:MI'),
         'durationMinutes', 60, 'pattern', 'weekly', 'interval', 1, 'weeklyDays', jsonb_build_array(weekday),
         'monthlyWeek', null, 'monthlyWeekday', null, 'endType', 'count', 'endDate', null,
         'endCount', $10::int, 'exdates', '[]'::jsonb,
         'template', jsonb_build_object(
           'isPublic', true, 'name', initcap(event_type) || ' series ' || s,
           'description', 'Weekly ' || event_type || ', seeded by npm run bench:load.',
           'spaces', jsonb_build_array(space), 'eventType', event_type, 'eventUrl', null,
           'instructorId', case when event_type = 'class' then reserved_by end, 'reservedBy', reserved_by,
           'teamIds', case when event_type in ('rehearsal', 'show') and team_ids is not null
             then jsonb_build_array(team_ids[1 + s % array_length(team_ids, 1)]) else '[]'::jsonb end,
           'conflictOverride', false)),
       null
     from q`,
    [
      organizationId,
      seriesCount,
      spacing,
      lanes,
      EVENING_HOURS,
      SPACES,
      TIME_ZONE,
      memberIds,
      FIRST_SUNDAY,
      SERIES_LENGTH,
    ],
  );
  // The series' dates, from their own rules.
  await database.query(
    `with occ as (
       insert into calendar_events (organization_id, series_id, name, description, spaces, event_type,
         instructor_id, reserved_by, is_recurring, recurring_pattern, recurring_interval,
         recurring_weekly_days, recurring_end_type, recurring_end_count, start_date_time, end_date_time)
       select $1, s.id, t->>'name', t->>'description', array[t->'spaces'->>0], t->>'eventType',
         (t->>'instructorId')::int, (t->>'reservedBy')::int, true, 'weekly', 1,
         array[s.rule->'weeklyDays'->>0], 'count', (s.rule->>'endCount')::int,
         ((s.rule->>'start')::timestamp + make_interval(days => 7 * k)) at time zone $2,
         ((s.rule->>'start')::timestamp + make_interval(days => 7 * k, mins => 60)) at time zone $2
       from calendar_event_series s, lateral (select s.rule->'template' as t) tt,
         generate_series(0, (s.rule->>'endCount')::int - 1) as k
       where s.organization_id = $1
       returning id, series_id)
     insert into calendar_event_teams (organization_id, event_id, team_id)
     select $1, occ.id, (s.rule->'template'->'teamIds'->>0)::int
     from occ join calendar_event_series s on s.id = occ.series_id
     where jsonb_array_length(s.rule->'template'->'teamIds') > 0`,
    [organizationId, TIME_ZONE],
  );
  const oneOffs = events - seriesCount * SERIES_LENGTH;
  const slots = DAYS * DAY_HOURS * SPACES.length;
  await database.query(
    `with x as (
       select i, (i::bigint * $5::int % $4::int)::int as slot from generate_series(0, $3::int - 1) as i),
     y as (
       select i, slot / $7::int as day, 8 + (slot % $7::int) / 3 as hour, ($6::text[])[1 + slot % 3] as space,
         (array['rehearsal','class','show','other','rehearsal'])[1 + i % 5] as event_type,
         ($2::int[])[1 + (i * 13) % array_length($2::int[], 1)] as reserved_by
       from x),
     ins as (
       insert into calendar_events (organization_id, name, description, spaces, event_type, instructor_id,
         reserved_by, start_date_time, end_date_time)
       select $1, initcap(event_type) || ' ' || i, 'One-off ' || event_type || ', seeded by npm run bench:load.',
         array[space], event_type, case when event_type = 'class' then reserved_by end, reserved_by,
         ($8::date + day + make_interval(hours => hour)) at time zone $9,
         ($8::date + day + make_interval(hours => hour + 1)) at time zone $9
       from y
       returning id, event_type)
     insert into calendar_event_teams (organization_id, event_id, team_id)
     select $1, ins.id, t.ids[1 + ins.id % array_length(t.ids, 1)]
     from ins, (select array_agg(id order by id) as ids from teams where organization_id = $1) t
     where ins.event_type in ('rehearsal', 'show') and ins.id % 2 = 0`,
    [
      organizationId,
      memberIds,
      oneOffs,
      slots,
      SCATTER,
      SPACES,
      DAY_HOURS * SPACES.length,
      FIRST_DAY,
      TIME_ZONE,
    ],
  );
  // One event in twenty followed by its reserver, and one in forty unfollowed by another member.
  await database.query(
    `insert into calendar_event_followers (organization_id, event_id, user_id, is_following)
     select $1, e.id, case when f then e.reserved_by else ($2::int[])[1 + e.id % array_length($2::int[], 1)] end, f
     from calendar_events e cross join (values (true), (false)) as v(f)
     where e.organization_id = $1 and e.id % (case when f then 20 else 40 end) = 0
     on conflict do nothing`,
    [organizationId, memberIds],
  );
}

async function seedAnnouncements(database: Database, org: BenchOrganization) {
  await database.query(
    `insert into announcements (organization_id, author_id, kind, title, body)
     select $1, $2, (array['casting','production'])[1 + i % 2], 'Company notice ' || i, 'Notice ' || i || ' of the load run: call times are posted.'
     from generate_series(1, 5) as i`,
    [org.organizationId, org.ownerId],
  );
}

/** Sessions for `count` members spread over the list (and so over the roles), as sign-in makes them. */
async function seedSessions(database: Database, org: BenchOrganization, count: number, secret: string) {
  const picked = Array.from({ length: count }, (_, i) => org.memberIds[(i * 7) % org.memberIds.length]);
  const roles = await database.query<{ userId: number; role: string }>(
    `select user_id as "userId", role from user_organizations where organization_id = $1 and user_id = any($2::int[])`,
    [org.organizationId, picked],
  );
  const roleOf = new Map(roles.map((r) => [r.userId, r.role]));
  const sessions: Session[] = [];
  for (const userId of new Set(picked)) {
    const sid = await createSession(database, userId, org.organizationId);
    sessions.push({ cookie: `${COOKIE_NAME}=${sign(sid, secret)}`, userId, role: roleOf.get(userId) ?? '' });
  }
  return sessions;
}

export async function seedLoadOrganization(
  database: Database,
  passwordHash: string,
  shortname: string,
  sizes: Sizes,
  secret: string,
): Promise<LoadOrganization> {
  const org = await seedOrganization(database, passwordHash, shortname, sizes.members);
  await seedTeams(database, org, sizes.teams);
  await seedEvents(database, org, sizes.events);
  await seedWikiPages(database, org, sizes.wikiPages);
  await seedAnnouncements(database, org);
  const sessions = await seedSessions(database, org, sizes.sessions, secret);
  const owned = await database.query<{ userId: number; ids: number[] }>(
    `select reserved_by as "userId", array_agg(id order by id) as ids from calendar_events
     where organization_id = $1 and reserved_by = any($2::int[]) group by reserved_by`,
    [org.organizationId, sessions.map((s) => s.userId)],
  );
  return { ...org, sizes, sessions, eventsBy: new Map(owned.map((o) => [o.userId, o.ids])) };
}

/** Who signs in during the run: any member but the owner (usernames as seed.ts writes them). */
export const memberUsername = (shortname: string, n: number) =>
  n === 0 ? benchOwner(shortname) : `${shortname}-member-${n}`;
