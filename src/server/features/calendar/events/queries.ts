// Reading events. The list is the calendar's hot path: one indexed range scan, and PostgreSQL
// builds the JSON (times already in the organization's zone with their offset), so the server
// sends the text it receives without parsing or re-serialising thousands of objects.
import { type EventType, MAX_EVENT_DAYS } from '../../../../common/calendar';
import type { CalendarEvent } from '../../../../common/schemas/calendar';
import { formatOffset, offsetMinutes, zoneTransitions } from '../../../../common/zoned-time';
import type { Database } from '../../../db/client';
import type { Areas } from '../../../db/areas';
import { nameColumns } from '../../../db/columns';
import { ChangeFeed, monthScopes, orgScopes } from '../../../db/change-feed';
import { gatheredLookup } from '../../../db/gathered';
import { BoundedMap } from '../../../bounded-map';
import { etagOf, KeptBody } from '../../../http/etag';
import { type Part, partsColumn, remainingFrom, toParts, wholeSeriesOf } from '../series/lineage';
import { readMaterialized } from '../series/series';
import { memberTeams } from '../../teams';
import { type LineageRow, lineageVersion, type Runner } from '../sql';

/** SQL for a column's UTC offset text in zone $2, e.g. '-04:00'. */
type OffsetSql = (col: string) => string;

const offsetFromZone: OffsetSql = (
  col,
) => `(select case when d < interval '0' then '-' || to_char(-d, 'HH24:MI')
  else '+' || to_char(d, 'HH24:MI') end from (select (${col} at time zone $2) - (${col} at time zone 'UTC') as d) o)`;

/**
 * For a known range the offsets are known too (a month has one or two): a CASE over the zone's
 * changes, passed as parameters from `first` on, costs far less per row than asking the zone.
 */
export function offsetsForRange(timeZone: string, from: Date, to: Date, first: number) {
  const a = from.getTime() - (MAX_EVENT_DAYS + 1) * 86_400_000;
  const b = to.getTime() + (MAX_EVENT_DAYS + 1) * 86_400_000;
  const changes = zoneTransitions(timeZone, a, b).reverse();
  const params: unknown[] = [formatOffset(offsetMinutes(timeZone, a))];
  for (const change of changes) params.push(new Date(change.at), formatOffset(change.to));
  const sql: OffsetSql = (col) =>
    changes.length === 0
      ? `$${first}::text`
      : `(case ${changes.map((_, i) => `when ${col} >= $${first + 1 + 2 * i}::timestamptz then $${first + 2 + 2 * i}::text`).join(' ')} else $${first}::text end)`;
  return { sql, params };
}

/** ISO 8601 with offset in zone $2, e.g. 2026-03-10T19:00:00-04:00. */
const zoned = (col: string, offset: OffsetSql) =>
  `(to_char(${col} at time zone $2, 'YYYY-MM-DD"T"HH24:MI:SS') || ${offset(col)})`;

// A person by id, looked up per event: joined instead, the planner hashed every user of the
// server (20,000 in the load run, twice, 18 of a month's 40 ms) to name a few hundred events.
const person = (idColumn: string) =>
  `(select row_to_json(p) from (select u.id, ${nameColumns('u')} from users u where u.id = ${idColumn}) p)`;

const teamsOf = `coalesce((select json_agg(t order by t.name, t.id) from (
    select t.id, t.name from calendar_event_teams et join teams t on t.id = et.team_id
    where et.event_id = e.id and et.organization_id = $1) t), '[]'::json)`;

/**
 * The follow rule: an explicit record wins; else reserver, instructor, team member. The same rule
 * for rows already read is `follows` below; follow-rule.test.ts holds the two equal.
 */
export const isFollowingSql = (userParam: string, organization = '$1') => `coalesce(f.is_following,
  e.reserved_by = ${userParam} or e.instructor_id is not distinct from ${userParam} or exists (
    select 1 from calendar_event_teams et join team_members tm
      on tm.team_id = et.team_id and tm.user_id = ${userParam} and tm.organization_id = ${organization}
    where et.event_id = e.id and et.organization_id = ${organization}))`;

/** What the follow rule reads of one viewer: their follow records by event, and their teams. */
export interface FollowFacts {
  userId: number;
  records: ReadonlyMap<number, boolean>;
  teams: ReadonlySet<number>;
}

/** isFollowingSql's rule for an event already read. */
export const follows = (
  viewer: FollowFacts,
  event: { id: number; reservedBy: number; instructorId: number | null; teamIds: readonly number[] },
) =>
  viewer.records.get(event.id) ??
  (event.reservedBy === viewer.userId ||
    event.instructorId === viewer.userId ||
    event.teamIds.some((team) => viewer.teams.has(team)));

// Rows rather than json_build_object: PostgreSQL writes records as compact JSON.
const common = (offset: OffsetSql) => `e.id, e.series_id as "seriesId", e.name, e.description, e.spaces,
  ${zoned('e.start_date_time', offset)} as "startDateTime", ${zoned('e.end_date_time', offset)} as "endDateTime",
  e.event_type as "eventType", e.is_recurring as "isRecurring", e.recurring_pattern as "recurringPattern",
  e.recurring_interval as "recurringInterval"`;

// What every member sees of an event; the viewer's follow flag (isFollowing) is added per viewer.
const sharedEvent = (offset: OffsetSql) => `${common(offset)},
  to_char(e.recurring_end at time zone $2, 'YYYY-MM-DD') as "recurringEnd",
  e.recurring_weekly_days as "recurringWeeklyDays", e.recurring_monthly_week as "recurringMonthlyWeek",
  e.recurring_monthly_weekday as "recurringMonthlyWeekday", e.recurring_end_type as "recurringEndType",
  e.recurring_end_count as "recurringEndCount", e.event_url as "eventUrl", e.instructor_id as "instructorId",
  ${person('e.instructor_id')} as instructor,
  ${person('e.reserved_by')} as "reservedBy", e.organization_id as "organizationId", ${teamsOf} as teams,
  e.is_exception as "isException", e.conflict_override as "conflictOverride", e.is_public as "isPublic",
  e.created_at as "createdAt", e.updated_at as "updatedAt"`;

const memberEvent = (offset: OffsetSql) => `${sharedEvent(offset)}, ${isFollowingSql('$3')} as "isFollowing"`;

// Anyone may read the public calendar: no people, no follow state, nothing internal.
const publicEvent = (offset: OffsetSql) =>
  `${common(offset)}, e.event_url as "eventUrl", ${teamsOf} as teams`;

const FROM = `from calendar_events e
  left join calendar_event_followers f on f.event_id = e.id and f.user_id = $3 and f.organization_id = $1`;

// Events overlapping [from, to): the start bound below the range lets the (organization, start)
// index serve the scan, since no event lasts longer than MAX_EVENT_DAYS.
const inRange = (from: string, to: string, type: string) => `e.organization_id = $1
  and e.start_date_time < ${to} and e.end_date_time > ${from}
  and e.start_date_time > ${from}::timestamptz - interval '${MAX_EVENT_DAYS} days'
  and (${type}::text is null or e.event_type = ${type})`;

export interface RangeParams {
  organizationId: number;
  timeZone: string;
  viewerId: number;
  from: Date;
  to: Date;
  type?: string | null;
  /** Only events the viewer follows (My Schedule, the personal feed). */
  followedOnly?: boolean;
}

/** What the follow rule and the type filter read of an event of a kept range. */
type RangeFacts = Pick<RangeEvent, 'id' | 'eventType' | 'reservedBy' | 'instructorId' | 'teamIds'>;

/** One event of a range as read: what filters it, and its JSON text open for the viewer's follow flag. */
interface RangeEvent {
  id: number;
  eventType: string;
  reservedBy: number;
  instructorId: number | null;
  teamIds: number[];
  /** The row version it was read at (rangeEvents): its xmin, then its teams. */
  version: string;
  /** The event's JSON object without its closing brace, ending in `"isFollowing":`. */
  open: Buffer;
}

// A follow flag as the template writes it and as a followed event's is written over it: the same
// length (JSON allows the space), so setting a viewer's flags moves no other byte.
const UNFOLLOWED = 'false';
const FOLLOWED = 'true ';
const CLOSE_UNFOLLOWED = Buffer.from(`${UNFOLLOWED}}`);
const [OPEN_LIST, COMMA, CLOSE_LIST] = ['[', ',', ']'].map((c) => Buffer.from(c));

/**
 * How many viewers' bodies a range keeps for others who follow the same events: the most common
 * (following none), kept for the range's life, and the one made last. Each is as large as the
 * range, and counted in its size.
 */
const SHARED_BODIES = 2;

/** A range of events as every member sees them, kept and shared by all viewers. */
class KeptRange {
  readonly etag: string;
  readonly events: RangeFacts[];
  /** Each event's row version by id, and its place in the list: what a later read reuses. */
  private readonly versions = new Map<number, { version: string; i: number }>();
  /**
   * The whole list as bytes with every flag unfollowed; where each event's text starts and where
   * its flag does. An event's text is kept there alone, so a filtered list is cut from it.
   */
  private readonly template: Buffer;
  private readonly startAt: number[] = [];
  private readonly flagAt: number[] = [];
  /**
   * The body of viewers following none of its events: most members of a large school. Kept apart
   * from the others, whom it outnumbers: among them it was pushed out by each new set of flags,
   * then made and compressed again by its next reader.
   */
  private unfollowed?: KeptBody;
  /** Bodies by the other events their viewers follow (withFlags), the most recently made. */
  private readonly bodies = new BoundedMap<string, KeptBody>(SHARED_BODIES - 1);

  constructor(events: RangeEvent[]) {
    const pieces: Buffer[] = [OPEN_LIST];
    let at = 1;
    events.forEach((event, i) => {
      if (i > 0) pieces.push(COMMA);
      pieces.push(event.open, CLOSE_UNFOLLOWED);
      this.startAt.push(at);
      at += event.open.length;
      this.flagAt.push(at);
      at += CLOSE_UNFOLLOWED.length + 1;
      this.versions.set(event.id, { version: event.version, i });
    });
    pieces.push(CLOSE_LIST);
    this.template = Buffer.concat(pieces);
    this.etag = etagOf(this.template);
    this.events = events.map(({ open: _open, version: _version, ...facts }) => facts);
  }

  get size() {
    return this.template.length * (1 + SHARED_BODIES);
  }

  /** Every event's row version by id, as rangeEvents reads them against. */
  known(): Record<number, string> {
    return Object.fromEntries([...this.versions].map(([id, { version }]) => [id, version]));
  }

  /** The event's text as kept, if kept at this row version. */
  openAt(id: number, version: string): Buffer | undefined {
    const kept = this.versions.get(id);
    return kept?.version === version ? this.openOf(kept.i) : undefined;
  }

  /** The text of the i-th event, up to its follow flag. */
  private openOf(i: number): Buffer {
    return this.template.subarray(this.startAt[i], this.flagAt[i]);
  }

  /** The list one viewer reads: their follow flags, and the type or follow filter asked for. */
  forViewer(viewer: FollowFacts, type: string | null, followedOnly: boolean): KeptBody {
    // Each viewer's flags make a body of their own, read again by that viewer alone: compressed
    // quickly rather than tightly.
    if (type === null && !followedOnly) return this.withFlags(viewer);
    const events = this.events
      .map((event, i) => ({ event, i, following: follows(viewer, event) }))
      .filter((e) => (type === null || e.event.eventType === type) && (!followedOnly || e.following));
    const flags = events.map((e) => (e.following ? '1' : '0')).join('');
    const pieces = events.flatMap(({ i, following }, n) => [
      n === 0 ? OPEN_LIST : COMMA,
      this.openOf(i),
      Buffer.from(`${following}}`),
    ]);
    const body = Buffer.concat([...(pieces.length > 0 ? pieces : [OPEN_LIST]), CLOSE_LIST]);
    return new KeptBody(body, 'once', etagOf(`${this.etag}|${type}|${followedOnly}|${flags}`));
  }

  /**
   * The whole range for one viewer: the template copied, with the flags of what they follow set.
   * Viewers who follow the same events share one body (and its compressed forms): in a month of a
   * large school most members follow none or one of its events.
   */
  private withFlags(viewer: FollowFacts): KeptBody {
    const followed: number[] = [];
    this.events.forEach((event, i) => {
      if (follows(viewer, event)) followed.push(i);
    });
    // The template is that body already; many read it, so it is compressed tightly at once.
    if (followed.length === 0) {
      this.unfollowed ??= new KeptBody(this.template, 'often', etagOf(`${this.etag}|`));
      return this.unfollowed;
    }
    const key = followed.join(',');
    const shared = this.bodies.get(key);
    if (shared) return shared;
    const body = Buffer.from(this.template);
    for (const i of followed) body.write(FOLLOWED, this.flagAt[i], 'latin1');
    const made = new KeptBody(body, 'once', etagOf(`${this.etag}|${key}`));
    this.bodies.set(key, made);
    return made;
  }
}

/** Bounds of the caches of lists, ranges and former ranges, each weighed by its bytes. */
const KEPT_BODIES = {
  maxAgeMs: 5 * 60_000,
  maxSize: 64 * 1024 * 1024,
  sizeOf: (kept: { size: number }) => kept.size,
};

// One viewer's list as last sent, for the same viewer asking again: besides the range's months it
// reads their follow records (follows) and teams (people), so a booking elsewhere in the calendar
// leaves it kept.
const viewerLists = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptBody>('calendar-lists', KEPT_BODIES);
const VIEWER_LIST_AREAS = ['follows', 'people', 'settings'] as const satisfies Areas;

// A month many members read is made again ahead of them after an event in it changes
// (change-feed.ts, refreshAhead): each reader's list then needs no round trip.
const keptRanges = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptRange>('calendar-ranges', { ...KEPT_BODIES, refreshAhead: true });

/**
 * What a kept range reads besides its months' events and their teams: reservers', instructors' and
 * teams' names (people); the zone in its key is the organization's (settings).
 */
const RANGE_AREAS = ['people', 'settings'] as const satisfies Areas;

/**
 * The last range made for each key, kept past a change to its months: a range read again after an
 * event in it changed reuses the text of every event still at the row version it was made from,
 * so the database writes out only the events that changed. What else the text shows (names, the
 * zone) drops it, as it drops the range.
 */
const formerRanges = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptRange>('calendar-former-ranges', KEPT_BODIES);

/**
 * The member list ready to send: the range's events as every member sees them, kept until an
 * event or event team in one of its months changes (a write elsewhere in the calendar leaves it),
 * with this viewer's follow flags set in from their kept follow facts. Each viewer's list is kept
 * too. Series are materialized up to `to` first.
 */
export async function listEventsCached(database: Database, p: RangeParams): Promise<KeptBody> {
  const key = [p.organizationId, p.timeZone, p.from.toISOString(), p.to.toISOString()].join('|');
  const viewerKey = [key, p.viewerId, p.type ?? '', p.followedOnly ? 'followed' : 'all'].join('|');
  const months = monthScopes(p.organizationId, p.from, p.to);
  const formerScopes = orgScopes(p.organizationId, RANGE_AREAS);
  const rangeScopes = [...months, ...formerScopes];
  // Made from the range, the list lies under its months too: a change to one heard after the
  // list was made from a range kept before it must drop both.
  const listScopes = [...months, ...orgScopes(p.organizationId, VIEWER_LIST_AREAS)];
  return viewerLists(database).getOrLoad(viewerKey, listScopes, async () => {
    const range = await keptRanges(database).getOrLoad(key, rangeScopes, async () => {
      const ticket = ChangeFeed.of(database).ticket();
      const former = formerRanges(database).get(key);
      const events = await readMaterialized(database, p.organizationId, p.to, (q) =>
        rangeEvents(q, p, former),
      );
      const made = new KeptRange(events);
      formerRanges(database).set(key, made, formerScopes, ticket);
      return made;
    });
    // After the range: dates it materialized may carry follow records of their own (a series unfollowed).
    const following = await followFacts(database, p);
    return range.forViewer(following, p.type ?? null, p.followedOnly ?? false);
  });
}

/**
 * Every event overlapping the range as every member sees it, ordered by start. The text of an
 * event `former` holds at the row version it has now is taken from there; the database writes
 * out only the rest. A row version is the row's xmin, which every write to the row changes, and
 * the ids of its teams (their names are people, under which a former range lies).
 */
async function rangeEvents(database: Runner, p: RangeParams, former?: KeptRange): Promise<RangeEvent[]> {
  const offsets = offsetsForRange(p.timeZone, p.from, p.to, 6);
  const rows = await database.query<Omit<RangeEvent, 'open'> & { json: string | null }>(
    // `offset 0` keeps the teams' subquery one per row (pulled up, it ran once per use).
    `select e.id, e.event_type as "eventType", e.reserved_by as "reservedBy", e.instructor_id as "instructorId",
       t.ids as "teamIds", v.version,
       case when ($5::jsonb ->> e.id::text) is distinct from v.version
         then (select row_to_json(x)::text from (select ${sharedEvent(offsets.sql)}) x) end as json
     from calendar_events e
     cross join lateral (select array(select et.team_id from calendar_event_teams et
       where et.event_id = e.id and et.organization_id = $1 order by et.team_id) as ids offset 0) t
     cross join lateral (select e.xmin::text || ':' || array_to_string(t.ids, ',') as version) v
     where ${inRange('$3', '$4', 'null')}
     order by e.start_date_time, e.id`,
    [p.organizationId, p.timeZone, p.from, p.to, JSON.stringify(former?.known() ?? {}), ...offsets.params],
  );
  return rows.map(({ json, ...row }) => ({
    ...row,
    open: json === null ? keptOpen(former, row) : Buffer.from(`${json.slice(0, -1)},"isFollowing":`),
  }));
}

/** An event's text from the former range: there, since the database left it out as known. */
function keptOpen(former: KeptRange | undefined, row: { id: number; version: string }): Buffer {
  const open = former?.openAt(row.id, row.version);
  if (!open) throw new Error(`event ${row.id} was neither read nor kept`);
  return open;
}

/**
 * Members' explicit follow records, kept for a share of the organization's members at a time, not
 * per member: in a school of thousands most members open the calendar once, so records kept per
 * member were a query per member, while a share bounds what one load reads and keeps however many
 * records the organization holds (a followed series copies its records to every date it adds). A
 * follow anywhere in the organization drops them (a booking or an edit does not).
 */
const keptFollowRecords = (database: Database) =>
  ChangeFeed.of(database).cache<string, { records: FollowRecords; size: number }>('follow-records', {
    maxAgeMs: 5 * 60_000,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (kept) => 64 + 24 * kept.size,
  });
type FollowRecords = ReadonlyMap<number, ReadonlyMap<number, boolean>>;
const FOLLOW_RECORD_AREAS = ['follows'] as const satisfies Areas;
const NO_RECORDS: ReadonlyMap<number, boolean> = new Map();
/** Members are shared out by id, so a share of a large organization is a few hundred of them. */
const MEMBER_SHARES = 32;

async function followFacts(database: Database, p: RangeParams): Promise<FollowFacts> {
  const key = `${p.organizationId}|${p.viewerId % MEMBER_SHARES}`;
  const [{ records }, teams] = await Promise.all([
    keptFollowRecords(database).getOrLoad(key, orgScopes(p.organizationId, FOLLOW_RECORD_AREAS), () =>
      followRecords(database, key),
    ),
    memberTeams(database, p.organizationId, p.viewerId),
  ]);
  return { userId: p.viewerId, records: records.get(p.viewerId) ?? NO_RECORDS, teams };
}

// One share's records per key (`<organization>|<share>`); shares first asked at about the same
// time (the members opening the calendar after a start) share a statement, each share read by
// its organization's index.
const FOLLOW_RECORDS = `select w.key, (select coalesce(json_agg(json_build_array(f.user_id, f.event_id, f.is_following)), '[]')
    from calendar_event_followers f
    where f.organization_id = split_part(w.key, '|', 1)::int and f.user_id % ${MEMBER_SHARES} = split_part(w.key, '|', 2)::int
  ) as records
  from unnest($1::text[]) as w(key)`;
const lookUpFollowRecords = gatheredLookup<
  string,
  { key: string; records: [userId: number, eventId: number, isFollowing: boolean][] }
>(FOLLOW_RECORDS, (row) => row.key);

async function followRecords(database: Database, key: string) {
  const found = (await lookUpFollowRecords(database, key))?.records ?? [];
  const records = new Map<number, Map<number, boolean>>();
  for (const [userId, eventId, isFollowing] of found) {
    let own = records.get(userId);
    if (!own) {
      own = new Map();
      records.set(userId, own);
    }
    own.set(eventId, isFollowing);
  }
  return { records: records as FollowRecords, size: found.length };
}

export async function listPublicEventsJson(
  database: Database,
  p: Omit<RangeParams, 'viewerId' | 'followedOnly'>,
): Promise<string> {
  const offsets = offsetsForRange(p.timeZone, p.from, p.to, 6);
  const [row] = await database.query<{ json: string }>(
    `select coalesce(json_agg(x), '[]'::json)::text as json from (
       select ${publicEvent(offsets.sql)} from calendar_events e where ${inRange('$3', '$4', '$5')}
         and e.is_public order by e.start_date_time, e.id) x`,
    [p.organizationId, p.timeZone, p.from, p.to, p.type ?? null, ...offsets.params],
  );
  return row.json;
}

/** One event as the list shows it (common/schemas/calendar.ts). */
export type EventView = CalendarEvent;

const eventViewSql = (partsWhen: string) => `select row_to_json(x) as event,
    case when ${partsWhen} then ${partsColumn('$1', 'x."seriesId"')} end as parts
  from (select ${memberEvent(offsetFromZone)} ${FROM} where e.organization_id = $1 and e.id = $4) x`;
// A count-ended series' parts come along, for the dates left from this one; the event's own read
// takes every series' parts, for the whole series.
const EVENT_VIEW = eventViewSql(`x."recurringEndType" = 'count'`);
const EVENT_VIEW_WHOLE = eventViewSql('x."seriesId" is not null');

/**
 * One event as the list shows it; null when it is not in this organization. `whole`: with the
 * whole series its part belongs to (the event's own read, for its dialog).
 */
export async function getEventView(
  q: Runner | Database,
  organizationId: number,
  timeZone: string,
  viewerId: number,
  eventId: number,
  whole = false,
): Promise<EventView | null> {
  const [row] = await q.query<{ event: EventView | string; parts: Parameters<typeof toParts>[0] | null }>(
    whole ? EVENT_VIEW_WHOLE : EVENT_VIEW,
    [organizationId, timeZone, viewerId, eventId],
  );
  if (!row) return null;
  const event = typeof row.event === 'string' ? (JSON.parse(row.event) as EventView) : row.event;
  const parts = event.seriesId && row.parts ? toParts(row.parts) : null;
  event.recurringRemainingCount =
    event.seriesId && parts && event.recurringEndType === 'count'
      ? remainingFrom(parts, event.seriesId, event.startDateTime.slice(0, 10))
      : null;
  if (whole) event.wholeSeries = parts ? wholeSeriesOf(parts) : null;
  return event;
}

/** The stored row behind an occurrence, scoped to the organization. */
export interface EventRow {
  id: number;
  seriesId: number | null;
  name: string;
  description: string | null;
  spaces: string[];
  start: Date;
  end: Date;
  eventType: string;
  eventUrl: string | null;
  instructorId: number | null;
  reservedBy: number;
  isException: boolean;
  conflictOverride: boolean;
  isPublic: boolean;
  teamIds: number[];
}

export async function getEventRow(
  q: Runner | Database,
  organizationId: number,
  eventId: number,
  lock = false,
): Promise<EventRow | null> {
  return (await eventRow(q, organizationId, eventId, lock, null))?.row ?? null;
}

/**
 * The stored row and, in the same round trip, every part of its series (none for a one-off),
 * whether the series has dates before this row's, and what an edit plans from: with `lineage`,
 * every row of the parts, and the lineageVersion of all it read (the edit's lock statement
 * refuses the plan if it changed).
 */
export async function getEventRowAndParts(
  q: Runner | Database,
  organizationId: number,
  eventId: number,
  lineage: boolean,
) {
  const found = await eventRow(q, organizationId, eventId, false, lineage ? 'lineage' : 'parts');
  if (!found) return null;
  return {
    ...found,
    rows: lineage ? (found.rows ?? []) : null,
    version: found.version ?? '',
  };
}

/** The lineage's part ids of row e's series (SQL, organization $1), read once as `l.ids`. */
const LINEAGE_JOIN = `cross join lateral (select array(select id from calendar_event_series where organization_id = $1
  and coalesce(lineage_id, id) = (select coalesce(lineage_id, id) from calendar_event_series
    where organization_id = $1 and id = e.series_id)) as ids) l`;
const LINEAGE_ROWS = `(select coalesce(json_agg(r), '[]') from (
  select id, series_id as "seriesId", start_date_time as start, end_date_time as "end", is_exception as "isException"
  from calendar_events where organization_id = $1 and series_id = any(l.ids)
  order by start_date_time, id) r)`;

type Extra = 'parts' | 'lineage';

async function eventRow(
  q: Runner | Database,
  organizationId: number,
  eventId: number,
  lock: boolean,
  extra: Extra | null,
): Promise<{
  row: EventRow;
  parts: Part[];
  hasEarlier: boolean;
  rows?: LineageRow[];
  version?: string;
} | null> {
  const [found] = await q.query<
    EventRow & {
      parts?: Parameters<typeof toParts>[0];
      hasEarlier?: boolean;
      rows?: LineageRow[] | string;
      lineageVersion?: string;
    }
  >(
    `select ${extra ? `${partsColumn('$1', 'e.series_id')} as parts, ${EARLIER} as "hasEarlier",` : ''}
       ${extra === 'lineage' ? `${LINEAGE_ROWS} as rows,` : ''}
       ${extra ? `${lineageVersion('$1', 'l.ids', 'e.id', extra === 'lineage', false)} as "lineageVersion",` : ''}
       e.id, e.series_id as "seriesId", e.name, e.description, e.spaces,
       e.start_date_time as start, e.end_date_time as "end", e.event_type as "eventType",
       e.event_url as "eventUrl", e.instructor_id as "instructorId", e.reserved_by as "reservedBy",
       e.is_exception as "isException", e.conflict_override as "conflictOverride", e.is_public as "isPublic",
       coalesce((select array_agg(et.team_id order by et.team_id) from calendar_event_teams et
         where et.event_id = e.id and et.organization_id = $1), '{}') as "teamIds"
     from calendar_events e ${extra ? LINEAGE_JOIN : ''}
     where e.organization_id = $1 and e.id = $2 ${lock ? 'for update of e' : ''}`,
    [organizationId, eventId],
  );
  if (!found) return null;
  const { parts, hasEarlier, rows, lineageVersion: version, ...row } = found;
  const lineageRows = typeof rows === 'string' ? (JSON.parse(rows) as LineageRow[]) : rows;
  return {
    row: { ...row, start: new Date(row.start), end: new Date(row.end) },
    parts: parts && row.seriesId ? toParts(parts) : [],
    hasEarlier: hasEarlier === true,
    rows: lineageRows?.map((r) => ({ ...r, start: new Date(r.start), end: new Date(r.end) })),
    version,
  };
}

/** Whether any part of row e's series has a date before e's (SQL, organization $1). */
const EARLIER = `exists (select 1 from calendar_event_series s
  join calendar_events x on x.series_id = s.id and x.organization_id = $1 and x.start_date_time < e.start_date_time
  where s.organization_id = $1 and coalesce(s.lineage_id, s.id) = (
    select coalesce(lineage_id, id) from calendar_event_series where organization_id = $1 and id = e.series_id))`;

/** What creating an event needs from its organization: the zone, and which types are public. */
export async function calendarSettings(q: Runner | Database, organizationId: number) {
  const [row] = await q.query<{ timezone: string; publicEventTypes: EventType[] }>(
    'select timezone, public_event_types as "publicEventTypes" from organizations where id = $1',
    [organizationId],
  );
  return {
    timeZone: row?.timezone ?? 'America/New_York',
    publicEventTypes: row?.publicEventTypes ?? [],
  };
}

export async function organizationTimeZone(q: Runner | Database, organizationId: number): Promise<string> {
  const [row] = await q.query<{ timezone: string }>('select timezone from organizations where id = $1', [
    organizationId,
  ]);
  return row?.timezone ?? 'America/New_York';
}
