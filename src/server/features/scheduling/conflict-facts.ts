// What a conflicts check reads, kept: the people an event body concerns and every
// time each of them is taken (availability repetitions, calls and their teams' events) over a
// window around the asked dates, as start-sorted numbers ready for a sweep. The dialog asks again
// as the times and dates change while the people stay the same, so the statement and the
// expansion run once per caller, people and window, until a write to any area it reads
// (FACT_AREAS).
import { BoundedMap, holding } from '../../bounded-map';
import { getOrCreate } from '../../../common/maps';
import { policy } from '../../../common/permissions';
import type { ConflictCause } from '../../../common/schemas/scheduling';
import type { EventInput } from '../../../common/schemas/calendar';
import type { Areas } from '../../db/areas';
import { ChangeFeed, orgScopes, type Ticket } from '../../db/change-feed';
import { nameJson } from '../../db/columns';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { checkReferences, EVENT_NOT_FOUND, getEventRow } from '../calendar';
import { byName, type Caller, ledTeamsSql, type Person, type PersonColumns, personOf } from './people';
import { periodSpans, type StoredPeriod } from './periods';

/** One person's busy times, sorted by start; `causes` index into ConflictFacts.causes. */
export interface Taken {
  person: Person;
  /** `person` as answer JSON, made once with the facts (answers are built from these texts). */
  personJson: string;
  starts: Float64Array;
  ends: Float64Array;
  causes: Int32Array;
  /** The longest busy time: only times starting less than this before a date can overlap it. */
  longest: number;
}

export interface ConflictFacts {
  /** How many people the body concerns. */
  peopleCount: number;
  /** Those with any busy time in the window, by name. */
  taken: Taken[];
  /** Every period and call of theirs in the window, grouped by person in `taken` order. */
  causes: ConflictCause[];
  /** Each of `causes` as answer JSON: an answer joins the ones it found instead of serializing. */
  causeJson: string[];
}

export type ConflictsInput = EventInput & { eventId: number | null; userIds: number[] };

interface FactRows {
  people: (PersonColumns & { teamIds: number[] })[];
  periods: (StoredPeriod & { userId: number; note: string | null })[];
  calls: { userId: number; eventId: number; name: string; start: string; end: string }[];
  led: number[];
}

/**
 * Everything a check reads, in one statement (each statement costs a round trip and the
 * server's planning): the people the body concerns (active members of its teams, or the cast of
 * its scenes when it names any, its instructor,
 * the people asked about, and for an edit the people called to it) with their teams, their availability and the events
 * they are expected at touching [from, to) other than the edited series, and the teams the caller
 * leads (whose members' notes they may read). A person is expected at an event they are called to
 * or whose team they are in (for an event working named scenes, only if they are in their cast),
 * unless they declined a call to it; each such event counts once.
 */
const FACTS = `
with people as (
  select m.user_id, u.first_name, u.last_name, u.username,
    coalesce((select array_agg(t.team_id) from team_members t
      where t.organization_id = $1 and t.user_id = m.user_id), '{}') as team_ids
  from user_organizations m join users u on u.id = m.user_id
  where m.organization_id = $1 and m.status = 'active' and (
    m.user_id = $3 or m.user_id = any($9::int[])
    or (cardinality($10::int[]) = 0 and exists (select 1 from team_members tm
      where tm.organization_id = $1 and tm.user_id = m.user_id and tm.team_id = any($2::int[])))
    or exists (select 1 from production_scene_characters sc
      join production_character_cast cc on cc.character_id = sc.character_id and cc.organization_id = $1
      where sc.organization_id = $1 and sc.scene_id = any($10::int[]) and cc.user_id = m.user_id)
    or exists (select 1 from event_calls c
      where c.organization_id = $1 and c.event_id = $4 and c.user_id = m.user_id)))
select
  (select coalesce(json_agg(json_build_object('userId', user_id, ${nameJson('people')}, 'teamIds', team_ids)), '[]')
   from people) as people,
  (select coalesce(json_agg(json_build_object('userId', p.user_id, 'startWall', p.start_wall,
     'endWall', p.end_wall, 'weeklyUntil', p.weekly_until::text, 'timeZone', p.time_zone, 'note', p.note)
     order by p.start_date_time, p.id), '[]')
   from availability_periods p
   where p.organization_id = $1 and p.user_id in (select user_id from people)
     and p.start_date_time < $7 and p.last_end > $6) as periods,
  (select coalesce(json_agg(json_build_object('userId', x.user_id, 'eventId', e.id, 'name', e.name,
     'start', e.start_date_time, 'end', e.end_date_time) order by e.start_date_time, e.id, x.user_id), '[]')
   from (
     select c.user_id, c.event_id from event_calls c
     where c.organization_id = $1 and c.user_id in (select user_id from people) and c.status <> 'declined'
     union
     select tm.user_id, et.event_id from calendar_event_teams et
     join team_members tm on tm.team_id = et.team_id and tm.organization_id = $1
     where et.organization_id = $1 and tm.user_id in (select user_id from people)
       and (not exists (select 1 from calendar_event_scenes es
              where es.organization_id = $1 and es.event_id = et.event_id)
         or exists (select 1 from calendar_event_scenes es
              join production_scene_characters sc on sc.scene_id = es.scene_id and sc.organization_id = $1
              join production_character_cast cc on cc.character_id = sc.character_id and cc.organization_id = $1
              where es.organization_id = $1 and es.event_id = et.event_id and cc.user_id = tm.user_id))
       and not exists (select 1 from event_calls d where d.organization_id = $1
         and d.event_id = et.event_id and d.user_id = tm.user_id and d.status = 'declined')) x
   join calendar_events e on e.id = x.event_id and e.organization_id = $1
   where e.start_date_time < $7 and e.end_date_time > $6
     and ($4::int is null or (e.id <> $4 and ($5::int is null or e.series_id is distinct from $5)))) as calls,
  (select coalesce(array_agg(team_id), '{}') from (${ledTeamsSql('$1', '$8')}) led) as led`;

/**
 * What the facts are read from: members, names, teams (people); events, their teams and scenes
 * (calendar); availability and calls (scheduling); the cast of scenes (breakdown).
 */
export const FACT_AREAS = ['people', 'calendar', 'scheduling', 'breakdown'] as const satisfies Areas;

// Busy times are read for whole blocks of four weeks around the asked dates, so moving a series
// by a few days or hours asks for the same window.
const WINDOW_MS = 28 * 86_400_000;

const keptFacts = (database: Database) =>
  ChangeFeed.of(database).cache<string, ConflictFacts>('conflict-facts', {
    maxAgeMs: 5 * 60_000,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (f) => 200 + 100 * f.causes.length + f.taken.reduce((n, t) => n + 100 + 20 * t.starts.length, 0),
  });

/**
 * The facts for an event body whose dates lie in [from, to). The key holds everything they
 * depend on: the caller (notes and rights are theirs), the people named (teams, instructor, the
 * edited event's calls, the people asked about), the reserver (the reference check) and the window.
 */
export function conflictFacts(
  database: Database,
  access: Caller,
  input: ConflictsInput,
  from: number,
  to: number,
): Promise<ConflictFacts> {
  const { organizationId, actor } = access;
  const window = {
    from: Math.floor(from / WINDOW_MS) * WINDOW_MS,
    to: Math.ceil(to / WINDOW_MS) * WINDOW_MS,
  };
  const key = JSON.stringify([
    organizationId,
    actor.userId,
    actor.role ?? null,
    actor.isSystemUser,
    [...new Set(input.teamIds)].sort((a, b) => a - b),
    input.instructorId,
    input.reservedBy,
    input.eventId,
    input.userIds,
    [...new Set(input.sceneIds)].sort((a, b) => a - b),
    window.from,
    window.to,
  ]);
  const kept = keptFacts(database).get(key);
  if (kept) return Promise.resolve(kept);
  // Questions arriving together for the same people (a series moved into a new window while
  // others ask too) share one read, unless what it reads changed since it began.
  const feed = ChangeFeed.of(database);
  const scopes = orgScopes(organizationId, FACT_AREAS);
  const reading = readsOf(database);
  const pending = reading.get(key);
  if (pending && feed.unchangedSince(pending.ticket, scopes)) return pending.facts;
  const ticket = feed.ticket();
  const facts = keptFacts(database).getOrLoad(key, scopes, () => readFacts(database, access, input, window));
  reading.set(key, { ticket, facts });
  const done = () => {
    if (reading.get(key)?.facts === facts) reading.delete(key);
  };
  facts.then(done, done);
  return facts;
}

// Reads in flight, shared by identical questions asked meanwhile: each leaves when it settles, and
// the bound holds should many organizations ask at once.
const reads = new WeakMap<Database, BoundedMap<string, { ticket: Ticket; facts: Promise<ConflictFacts> }>>();
const readsOf = (database: Database) =>
  getOrCreate(reads, database, () => holding('conflict reads in flight', new BoundedMap(1_000)));

async function readFacts(
  database: Database,
  access: Caller,
  input: ConflictsInput,
  window: { from: number; to: number },
): Promise<ConflictFacts> {
  const { organizationId, actor } = access;
  const previous = input.eventId === null ? null : await getEventRow(database, organizationId, input.eventId);
  if (input.eventId !== null && !previous) throw notFound(EVENT_NOT_FOUND);
  // The same reference checks as saving (this organization's teams and instructor, who may
  // reserve), beside the one statement that reads the rest.
  const [, [rows]] = await Promise.all([
    checkReferences(database, organizationId, actor, input, previous),
    database.query<FactRows>(FACTS, [
      organizationId,
      input.teamIds,
      input.instructorId,
      input.eventId,
      previous?.seriesId ?? null,
      new Date(window.from),
      new Date(window.to),
      actor.userId,
      input.userIds,
      input.sceneIds,
    ]),
  ]);
  return factsOf(rows, access, window);
}

/** The rows as each person's sorted busy times, notes kept only for those the caller manages. */
function factsOf(rows: FactRows, access: Caller, window: { from: number; to: number }): ConflictFacts {
  const { actor } = access;
  const people = rows.people.map((r) => ({ ...personOf(r), teamIds: r.teamIds })).sort(byName);
  const seesNotes = (userId: number, teamIds: number[]) =>
    userId === actor.userId || policy.manageMember(actor, rows.led, teamIds);
  const periodsOf = groupBy(rows.periods);
  const callsOf = groupBy(rows.calls);
  const [from, to] = [new Date(window.from), new Date(window.to)];
  const causes: ConflictCause[] = [];
  const taken: Taken[] = [];
  for (const p of people) {
    const times: { start: number; end: number; cause: number }[] = [];
    for (const period of periodsOf.get(p.userId) ?? []) {
      const cause = causes.length;
      const note = seesNotes(p.userId, p.teamIds) ? period.note : null;
      causes.push({ userId: p.userId, reason: 'unavailable', note, eventId: null, eventName: null });
      for (const s of periodSpans(period, from, to))
        times.push({ start: s.start.getTime(), end: s.end.getTime(), cause });
    }
    for (const c of callsOf.get(p.userId) ?? []) {
      const cause = causes.length;
      causes.push({ userId: p.userId, reason: 'called', note: null, eventId: c.eventId, eventName: c.name });
      times.push({ start: Date.parse(c.start), end: Date.parse(c.end), cause });
    }
    if (times.length === 0) continue;
    times.sort((a, b) => a.start - b.start);
    const person = { userId: p.userId, name: p.name };
    taken.push({
      person,
      personJson: JSON.stringify(person),
      starts: Float64Array.from(times, (t) => t.start),
      ends: Float64Array.from(times, (t) => t.end),
      causes: Int32Array.from(times, (t) => t.cause),
      longest: times.reduce((n, t) => Math.max(n, t.end - t.start), 0),
    });
  }
  return { peopleCount: people.length, taken, causes, causeJson: causes.map((c) => JSON.stringify(c)) };
}

function groupBy<T extends { userId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.userId);
    if (list) list.push(row);
    else out.set(row.userId, [row]);
  }
  return out;
}
