// Conflicts while booking (issue 16 §2): for each date an event body would occupy, the people it
// concerns (its teams' members, the instructor, and for an edit the people called to it) who are
// unavailable then or already called to another event at that time. Informs; never blocks.
import { policy } from '../../../common/permissions';
import { MAX_OCCURRENCE_COUNT } from '../../../common/calendar';
import type { EventInput } from '../../../common/schemas/calendar';
import type { Conflict, ConflictReport } from '../../../common/schemas/scheduling';
import { toZonedIso } from '../../../common/zoned-time';
import { ChangeFeed, orgScope } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { getEventRow, organizationTimeZone } from '../calendar/queries';
import { ruleFromInput } from '../calendar/series';
import { EVENT_NOT_FOUND, plan } from '../calendar/service';
import { checkReferences, spanOf } from '../calendar/validation';
import { byName, type Caller, ledTeamsSql, type PersonColumns, personOf } from './people';
import { periodSpans, type Span, type StoredPeriod } from './periods';

/** A time someone is taken, in epoch milliseconds (numbers compare far faster than Dates). */
interface Busy {
  start: number;
  end: number;
  reason: Conflict['reason'];
  note: string | null;
  eventId: number | null;
  eventName: string | null;
}

/** A person's busy times sorted by start (with their place in the list), and the longest one. */
function sweepable(list: Busy[]) {
  const sorted = list.map((b, index) => ({ start: b.start, end: b.end, index }));
  sorted.sort((a, b) => a.start - b.start);
  const longest = sorted.reduce((n, b) => Math.max(n, b.end - b.start), 0);
  return { sorted, longest };
}

/** The index of the first of the start-sorted times that starts after `t`. */
function firstStartingAfter(sorted: { start: number }[], t: number): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].start <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The occurrences an event body would have (the first MAX_OCCURRENCE_COUNT), as saving plans them. */
export function occurrencesOfInput(input: EventInput, timeZone: string): Span[] {
  const span = spanOf(input, timeZone);
  if (!input.isRecurring) return [span];
  return plan(ruleFromInput(input, timeZone)).occurrences.slice(0, MAX_OCCURRENCE_COUNT);
}

interface Facts {
  people: (PersonColumns & { teamIds: number[] })[];
  periods: (StoredPeriod & { userId: number; note: string | null })[];
  calls: { userId: number; eventId: number; name: string; start: string; end: string }[];
  led: number[];
}

/**
 * Everything a check reads, in one statement (each statement costs a round trip and the
 * server's planning): the people the body concerns (active members of its teams, its instructor,
 * and for an edit the people called to it) with their teams, their availability and their calls
 * (not declined) touching [from, to) other than to the edited series, and the teams the caller
 * leads (whose members' notes they may read).
 */
const FACTS = `
with people as (
  select m.user_id, u.first_name, u.last_name, u.username,
    coalesce((select array_agg(t.team_id) from team_members t
      where t.organization_id = $1 and t.user_id = m.user_id), '{}') as team_ids
  from user_organizations m join users u on u.id = m.user_id
  where m.organization_id = $1 and m.status = 'active' and (
    m.user_id = $3
    or exists (select 1 from team_members tm
      where tm.organization_id = $1 and tm.user_id = m.user_id and tm.team_id = any($2::int[]))
    or exists (select 1 from event_calls c
      where c.organization_id = $1 and c.event_id = $4 and c.user_id = m.user_id)))
select
  (select coalesce(json_agg(json_build_object('userId', user_id, 'firstName', first_name,
     'lastName', last_name, 'username', username, 'teamIds', team_ids)), '[]') from people) as people,
  (select coalesce(json_agg(json_build_object('userId', p.user_id, 'startWall', p.start_wall,
     'endWall', p.end_wall, 'weeklyUntil', p.weekly_until::text, 'timeZone', p.time_zone, 'note', p.note)), '[]')
   from availability_periods p
   where p.organization_id = $1 and p.user_id in (select user_id from people)
     and p.start_date_time < $7 and p.last_end > $6) as periods,
  (select coalesce(json_agg(json_build_object('userId', c.user_id, 'eventId', e.id, 'name', e.name,
     'start', e.start_date_time, 'end', e.end_date_time)), '[]')
   from event_calls c join calendar_events e on e.id = c.event_id and e.organization_id = $1
   where c.organization_id = $1 and c.user_id in (select user_id from people) and c.status <> 'declined'
     and e.start_date_time < $7 and e.end_date_time > $6
     and ($4::int is null or (e.id <> $4 and ($5::int is null or e.series_id is distinct from $5)))) as calls,
  (select coalesce(array_agg(team_id), '{}') from (${ledTeamsSql('$1', '$8')}) led) as led`;

type ConflictsInput = EventInput & { eventId: number | null };

// Kept answers: the event dialog asks again as its form changes, mostly with the same dates and
// people (a new name or description changes nothing here). An answer is kept until any write to
// the organization (its teams, members, names, events, availability or calls all announce one,
// migrations 0002 and *_scheduling_changes) and per caller, since notes and rights are per caller.
const keptReports = (database: Database) =>
  ChangeFeed.of(database).cache<string, ConflictReport>('conflict-reports', {
    maxAgeMs: 5 * 60_000,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (r) => 200 + r.occurrences.reduce((n, o) => n + 100 + 150 * o.conflicts.length, 0),
  });

/** What an answer depends on: the caller, and the body's dates, people and event. */
function reportKey(access: Caller, input: ConflictsInput): string {
  const { actor } = access;
  return JSON.stringify([
    access.organizationId,
    actor.userId,
    actor.role ?? null,
    actor.isSystemUser,
    input.startDateTime,
    input.endDateTime,
    input.eventType,
    input.isRecurring,
    input.recurringPattern,
    input.recurringInterval,
    input.recurringEnd,
    input.recurringWeeklyDays,
    input.recurringMonthlyWeek,
    input.recurringMonthlyWeekday,
    input.recurringEndType,
    input.recurringEndCount,
    input.instructorId,
    input.reservedBy,
    input.teamIds,
    input.eventId,
  ]);
}

export function findPeopleConflicts(
  database: Database,
  access: Caller & { timeZone?: string },
  input: ConflictsInput,
): Promise<ConflictReport> {
  return keptReports(database).getOrLoad(reportKey(access, input), [orgScope(access.organizationId)], () =>
    computeReport(database, access, input),
  );
}

async function computeReport(
  database: Database,
  access: Caller & { timeZone?: string },
  input: ConflictsInput,
): Promise<ConflictReport> {
  const { organizationId, actor } = access;
  const previous = input.eventId === null ? null : await getEventRow(database, organizationId, input.eventId);
  if (input.eventId !== null && !previous) throw notFound(EVENT_NOT_FOUND);
  const timeZone = access.timeZone ?? (await organizationTimeZone(database, organizationId));
  const occurrences = occurrencesOfInput(input, timeZone);
  const from = new Date(Math.min(...occurrences.map((o) => o.start.getTime())));
  const to = new Date(Math.max(...occurrences.map((o) => o.end.getTime())));
  // The same reference checks as saving (this organization's teams and instructor, who may
  // reserve), beside the one statement that reads the rest.
  const [, [facts]] = await Promise.all([
    checkReferences(database, organizationId, actor, input, previous),
    database.query<Facts>(FACTS, [
      organizationId,
      input.teamIds,
      input.instructorId,
      input.eventId,
      previous?.seriesId ?? null,
      from,
      to,
      actor.userId,
    ]),
  ]);
  const people = facts.people.map((r) => ({ ...personOf(r), teamIds: r.teamIds })).sort(byName);
  const { periods, calls, led } = facts;
  const teams = new Map(people.map((p) => [p.userId, p.teamIds]));

  const seesNotes = (userId: number) =>
    userId === actor.userId || policy.manageMember(actor, led, teams.get(userId) ?? []);
  const busy = new Map<number, Busy[]>();
  const add = (userId: number, b: Busy) => {
    const list = busy.get(userId);
    if (list) list.push(b);
    else busy.set(userId, [b]);
  };
  for (const p of periods) {
    const note = seesNotes(p.userId) ? p.note : null;
    for (const s of periodSpans(p, from, to)) {
      const span = { start: s.start.getTime(), end: s.end.getTime() };
      add(p.userId, { ...span, reason: 'unavailable', note, eventId: null, eventName: null });
    }
  }
  for (const c of calls) {
    add(c.userId, {
      start: new Date(c.start).getTime(),
      end: new Date(c.end).getTime(),
      reason: 'called',
      note: null,
      eventId: c.eventId,
      eventName: c.name,
    });
  }

  const withConflicts = new Set<number>();
  let occurrencesWithConflicts = 0;
  const taken = people.flatMap((person) => {
    const list = busy.get(person.userId);
    return list ? [{ person, list, ...sweepable(list) }] : [];
  });
  const report = occurrences.map((o) => {
    const conflicts: Conflict[] = [];
    const start = o.start.getTime();
    const end = o.end.getTime();
    for (const { person, list, sorted, longest } of taken) {
      // Only busy times starting in (start − longest, end) can overlap; kept in the list's order.
      const hits: number[] = [];
      for (let i = firstStartingAfter(sorted, start - longest); i < sorted.length; i++) {
        const b = sorted[i];
        if (b.start >= end) break;
        if (b.end > start) hits.push(b.index);
      }
      if (hits.length === 0) continue;
      for (const index of hits.sort((a, b) => a - b)) {
        const b = list[index];
        conflicts.push({
          userId: person.userId,
          name: person.name,
          reason: b.reason,
          note: b.note,
          eventId: b.eventId,
          eventName: b.eventName,
        });
      }
      withConflicts.add(person.userId);
    }
    if (conflicts.length > 0) occurrencesWithConflicts++;
    return {
      startDateTime: toZonedIso(o.start, timeZone),
      endDateTime: toZonedIso(o.end, timeZone),
      conflicts,
    };
  });
  return {
    peopleCount: people.length,
    occurrenceCount: occurrences.length,
    peopleWithConflicts: withConflicts.size,
    occurrencesWithConflicts,
    occurrences: report,
  };
}
