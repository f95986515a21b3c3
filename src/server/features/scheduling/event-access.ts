// What a caller may do with one occurrence's calls and attendance, decided by the policy on facts
// read from this organization only (another organization's event is "not found").
import { policy } from '../../../common/permissions';
import type { Database } from '../../db/client';
import { sendToUser } from '../../http/presence-signal';
import { notFound } from '../../http/errors';
import { EVENT_NOT_FOUND, type EventRow, getEventRow } from '../calendar';
import { ledTeamIds, type Caller } from './people';

export interface EventAccess {
  event: EventRow;
  canManage: boolean;
  canTakeAttendance: boolean;
  /** Called to it or a member of one of its teams. */
  concerned: boolean;
}

export async function eventAccess(database: Database, access: Caller, eventId: number): Promise<EventAccess> {
  const { organizationId, actor } = access;
  const event = await getEventRow(database, organizationId, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const [led, [mine]] = await Promise.all([
    ledTeamIds(database, organizationId, actor.userId),
    database.query<{ called: boolean; inTeam: boolean }>(
      `select exists(select 1 from event_calls where organization_id = $1 and event_id = $2 and user_id = $3) as called,
         exists(select 1 from team_members where organization_id = $1 and user_id = $3 and team_id = any($4::int[])) as "inTeam"`,
      [organizationId, eventId, actor.userId, event.teamIds],
    ),
  ]);
  return {
    event,
    canManage: policy.manageEventCalls(actor, event, led),
    canTakeAttendance: policy.takeAttendance(actor, event, led),
    concerned: mine.called || mine.inTeam,
  };
}

/**
 * The people who manage an occurrence (the candidates the policy's manageEventCalls can name:
 * owners and admins, the reserver, and the leads of the event's teams), and `also` if given.
 */
async function eventManagers(
  database: Database,
  organizationId: number,
  event: Pick<EventRow, 'reservedBy' | 'teamIds'>,
  also: number | null,
): Promise<number[]> {
  const rows = await database.query<{ userId: number }>(
    `select m.user_id as "userId" from user_organizations m
     where m.organization_id = $1 and m.status = 'active'
       and (m.role in ('owner', 'admin') or m.user_id = $2 or m.user_id = $4 or exists (
         select 1 from team_members tm where tm.organization_id = $1 and tm.user_id = m.user_id
           and tm.role = 'team_lead' and tm.team_id = any($3::int[])))`,
    [organizationId, event.reservedBy, event.teamIds, also],
  );
  return rows.map((r) => r.userId);
}

/**
 * After a change to an occurrence's calls: its managers' open pages and the people concerned get
 * `{type: 'calls-changed', eventId}` on every instance.
 */
export async function signalCallsChanged(
  database: Database,
  organizationId: number,
  event: Pick<EventRow, 'id' | 'reservedBy' | 'teamIds'>,
  people: readonly number[],
) {
  const to = new Set([...(await eventManagers(database, organizationId, event, null)), ...people]);
  for (const userId of to)
    sendToUser(database, organizationId, userId, { type: 'calls-changed', eventId: event.id });
}

/**
 * After attendance of an occurrence was taken: the pages of those who may see it (its managers
 * and a class's instructor; owners, admins and its teams' leads also read it in the report) get
 * `{type: 'attendance-changed', eventId}` on every instance.
 */
export async function signalAttendanceChanged(
  database: Database,
  organizationId: number,
  event: Pick<EventRow, 'id' | 'reservedBy' | 'teamIds' | 'eventType' | 'instructorId'>,
) {
  // takeAttendance: the managers and, for a class, its instructor.
  const instructor = event.eventType === 'class' ? event.instructorId : null;
  for (const userId of await eventManagers(database, organizationId, event, instructor))
    sendToUser(database, organizationId, userId, { type: 'attendance-changed', eventId: event.id });
}
