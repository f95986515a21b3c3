// The call sheet: one day's events in the organization's zone, with who is called
// at what time and their answers, for printing. Every member sees the day's events (as the
// calendar shows them); the calls of an event only to those it concerns: its managers, the
// people called to it and the members of its teams. Answers' notes stay off the sheet.
import { policy } from '../../../common/permissions';
import type { CallSheet } from '../../../common/schemas/scheduling';
import { addDays, toZonedIso, wallTimeToInstant } from '../../../common/zoned-time';
import { nameColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import { scenesOfEvents } from '../breakdown';
import { byName, ledTeamIds, type PersonColumns, personOf, type Caller } from './people';

interface SheetEvent {
  id: number;
  name: string;
  eventType: string;
  start: Date;
  end: Date;
  spaces: string[];
  reservedBy: number;
  instructorId: number | null;
  teamIds: number[];
  teamNames: string[];
}

export async function callSheet(database: Database, access: Caller, date: string): Promise<CallSheet> {
  const { organizationId, actor } = access;
  const [org] = await database.query<{ name: string; logoUrl: string | null; timezone: string }>(
    'select name, logo_url as "logoUrl", timezone from organizations where id = $1',
    [organizationId],
  );
  const timeZone = org.timezone;
  const from = wallTimeToInstant(`${date}T00:00`, timeZone);
  const to = wallTimeToInstant(`${addDays(date, 1)}T00:00`, timeZone);
  const [events, led, mine] = await Promise.all([
    database.query<SheetEvent>(
      `select e.id, e.name, e.event_type as "eventType", e.start_date_time as start, e.end_date_time as "end",
         e.spaces, e.reserved_by as "reservedBy", e.instructor_id as "instructorId",
         coalesce(array_agg(t.id order by lower(t.name), t.id) filter (where t.id is not null), '{}') as "teamIds",
         coalesce(array_agg(t.name order by lower(t.name), t.id) filter (where t.id is not null), '{}') as "teamNames"
       from calendar_events e
       left join calendar_event_teams et on et.event_id = e.id and et.organization_id = $1
       left join teams t on t.id = et.team_id and t.organization_id = $1
       where e.organization_id = $1 and e.start_date_time < $3 and e.end_date_time > $2
       group by e.organization_id, e.id order by e.start_date_time, e.id`,
      [organizationId, from, to],
    ),
    ledTeamIds(database, organizationId, actor.userId),
    database.query<{ teamIds: number[] }>(
      `select coalesce(array_agg(team_id), '{}') as "teamIds" from team_members
       where organization_id = $1 and user_id = $2`,
      [organizationId, actor.userId],
    ),
  ]);
  const myTeams = mine[0]?.teamIds ?? [];
  const eventIds = events.map((e) => e.id);
  const [calls, scenes] = await Promise.all([
    database.query<
      PersonColumns & {
        eventId: number;
        callTime: string | null;
        status: CallSheet['events'][number]['calls'][number]['status'];
        note: string | null;
      }
    >(
      `select c.event_id as "eventId", c.user_id as "userId", ${nameColumns('u')}, c.call_time as "callTime", c.status, c.note
     from event_calls c join users u on u.id = c.user_id
     where c.organization_id = $1 and c.event_id = any($2::int[])`,
      [organizationId, eventIds],
    ),
    scenesOfEvents(database, organizationId, eventIds),
  ]);
  return {
    date,
    timeZone,
    organization: { name: org.name, logoUrl: org.logoUrl },
    events: events.map((e) => {
      const eventCalls = calls.filter((c) => c.eventId === e.id);
      const eventScenes = scenes.filter((s) => s.eventId === e.id);
      const charactersOf = (userId: number) => [
        ...new Set(eventScenes.flatMap((s) => s.people.find((p) => p.userId === userId)?.characters ?? [])),
      ];
      const visible =
        policy.manageEventCalls(actor, e, led) ||
        eventCalls.some((c) => c.userId === actor.userId) ||
        e.teamIds.some((id) => myTeams.includes(id));
      const shown = visible
        ? eventCalls
            .map((c) => ({
              ...personOf(c),
              callTime: c.callTime,
              status: c.status,
              note: c.note,
              characters: charactersOf(c.userId),
            }))
            .sort((a, b) => (a.callTime ?? '99:99').localeCompare(b.callTime ?? '99:99') || byName(a, b))
        : [];
      return {
        id: e.id,
        name: e.name,
        eventType: e.eventType,
        startDateTime: toZonedIso(new Date(e.start), timeZone),
        endDateTime: toZonedIso(new Date(e.end), timeZone),
        space: e.spaces.length ? e.spaces.join(', ') : null,
        teams: e.teamNames,
        scenes: eventScenes.map((s) => s.name),
        note: visible ? (eventCalls.find((c) => c.note)?.note ?? null) : null,
        callsVisible: visible,
        calls: shown,
      };
    }),
  };
}
