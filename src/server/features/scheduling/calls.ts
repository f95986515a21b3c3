// Calls: who is called to one occurrence, at what time, and their answers. The
// event's managers set the calls; the called member answers in the app or from the mail's
// one-click links (respond-link.ts). Every change signals the live board (calls-changed).
import type { z } from 'zod';
import type { CallEntry, CallsAnswer, MyCall, myCallsQuery } from '../../../common/schemas/scheduling';
import type { callsPutSchema, respondSchema } from '../../../common/schemas/scheduling';
import { todayIn, toZonedIso } from '../../../common/zoned-time';
import { nameColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { calendarTransaction, organizationTimeZone, resolveRange, type Runner } from '../calendar';
import { enqueue } from '../notifications';
import { CALL_MAIL_JOB } from './call-mail';
import { eventAccess, signalCallsChanged } from './event-access';
import { activeMembers, byName, type PersonColumns, personOf, type Caller } from './people';

export const CALLS_REFUSED =
  "Only the event's reserver, an owner, an admin or a lead of its teams can call people";
export const CALLS_HIDDEN = 'Only the people this event concerns can see its calls';
export const NOT_MEMBERS = 'Only active members of this organization can be called';
export const NOT_CALLED = 'You have not been called to this event';
export const CALL_OVER = 'This event is over; its call can no longer be answered';

interface CallRow {
  id: number;
  userId: number;
  name: string;
  status: CallEntry['status'];
  respondedAt: Date | null;
  callTime: string | null;
  note: string | null;
  responseNote: string | null;
}

async function callRows(q: Runner | Database, organizationId: number, eventId: number) {
  const rows = await q.query<Omit<CallRow, 'name'> & PersonColumns>(
    `select c.id, c.user_id as "userId", ${nameColumns('u')}, c.status, c.responded_at as "respondedAt",
       c.call_time as "callTime", c.note, c.response_note as "responseNote"
     from event_calls c join users u on u.id = c.user_id
     where c.organization_id = $1 and c.event_id = $2`,
    [organizationId, eventId],
  );
  return rows.map((r): CallRow => ({ ...r, name: personOf(r).name })).sort(byName);
}

const entry = (r: CallRow, seesResponseNote: boolean): CallEntry => ({
  userId: r.userId,
  name: r.name,
  status: r.status,
  respondedAt: r.respondedAt ? new Date(r.respondedAt).toISOString() : null,
  callTime: r.callTime,
  note: r.note,
  responseNote: seesResponseNote ? r.responseNote : null,
});

export async function listCalls(database: Database, access: Caller, eventId: number): Promise<CallsAnswer> {
  const ea = await eventAccess(database, access, eventId);
  if (!ea.canManage && !ea.canTakeAttendance && !ea.concerned) throw forbidden(CALLS_HIDDEN);
  const rows = await callRows(database, access.organizationId, eventId);
  return {
    eventId,
    canManage: ea.canManage,
    canTakeAttendance: ea.canTakeAttendance,
    calls: rows.map((r) => entry(r, ea.canManage || r.userId === access.actor.userId)),
  };
}

/** Queues the call mail for this link generation; the job skips it if a newer one exists. */
function queueMail(q: Runner, callId: number, nonce: number, now: Date) {
  return enqueue(q, CALL_MAIL_JOB, `call:${callId}:${nonce}`, { callId, nonce }, now);
}

export async function putCalls(
  database: Database,
  access: Caller,
  eventId: number,
  input: z.output<typeof callsPutSchema>,
): Promise<CallsAnswer> {
  const { organizationId, actor } = access;
  const ea = await eventAccess(database, access, eventId);
  if (!ea.canManage) throw forbidden(CALLS_REFUSED);
  const members = await activeMembers(database, organizationId, input.userIds);
  if (members.length !== input.userIds.length) throw badRequest(NOT_MEMBERS, { userIds: NOT_MEMBERS });
  const now = new Date();
  const mailable = ea.event.end > now;
  const changed = await calendarTransaction(database, organizationId, ['scheduling'], async (q) => {
    const before = await q.query<{ id: number; userId: number; callTime: string | null }>(
      `select id, user_id as "userId", call_time as "callTime" from event_calls
       where organization_id = $1 and event_id = $2 order by id for update`,
      [organizationId, eventId],
    );
    const kept = new Set(input.userIds);
    const removed = before.filter((b) => !kept.has(b.userId)).map((b) => b.userId);
    await q.query(
      'delete from event_calls where organization_id = $1 and event_id = $2 and user_id = any($3::int[])',
      [organizationId, eventId, removed],
    );
    // Kept people keep their answer; a new call time sends them a new mail (new links).
    const retimed = before
      .filter((b) => kept.has(b.userId) && b.callTime !== input.callTime)
      .map((b) => b.userId);
    const updated = await q.query<{ id: number; linkNonce: number; retimed: boolean }>(
      `update event_calls set call_time = $4, note = $5, updated_at = now(),
         link_nonce = case when user_id = any($6::int[]) then link_nonce + 1 else link_nonce end
       where organization_id = $1 and event_id = $2 and user_id = any($3::int[])
       returning id, link_nonce as "linkNonce", user_id = any($6::int[]) as retimed`,
      [organizationId, eventId, input.userIds, input.callTime, input.note, retimed],
    );
    const existing = new Set(before.map((b) => b.userId));
    const added = input.userIds.filter((id) => !existing.has(id));
    const inserted = await q.query<{ id: number; linkNonce: number }>(
      `insert into event_calls (organization_id, event_id, user_id, call_time, note, called_by, link_nonce)
       select $1, $2, u, $4, $5, $6, 1 from unnest($3::int[]) as u returning id, link_nonce as "linkNonce"`,
      [organizationId, eventId, added, input.callTime, input.note, actor.userId],
    );
    if (mailable) {
      for (const c of [...inserted, ...updated.filter((u) => u.retimed)])
        await queueMail(q, c.id, c.linkNonce, now);
    }
    return [...removed, ...added, ...retimed];
  });
  await signalCallsChanged(database, organizationId, ea.event, changed);
  return listCalls(database, access, eventId);
}

export async function respondToCall(
  database: Database,
  access: Caller,
  eventId: number,
  input: z.output<typeof respondSchema>,
): Promise<CallEntry> {
  const { organizationId, actor } = access;
  const ea = await eventAccess(database, access, eventId);
  const [call] = await database.query<{ id: number }>(
    'select id from event_calls where organization_id = $1 and event_id = $2 and user_id = $3',
    [organizationId, eventId, actor.userId],
  );
  if (!call) throw forbidden(NOT_CALLED);
  if (ea.event.end <= new Date()) throw new AppError(409, CALL_OVER);
  await database.query(
    `update event_calls set status = $3, response_note = $4, responded_at = now(), updated_at = now()
     where organization_id = $1 and id = $2`,
    [organizationId, call.id, input.status, input.note],
  );
  await signalCallsChanged(database, organizationId, ea.event, [actor.userId]);
  const rows = await callRows(database, organizationId, eventId);
  const mine = rows.find((r) => r.userId === actor.userId);
  if (!mine) throw forbidden(NOT_CALLED);
  return entry(mine, true);
}

export async function myCalls(
  database: Database,
  access: Caller,
  query: z.output<typeof myCallsQuery>,
): Promise<MyCall[]> {
  const { organizationId, actor } = access;
  const timeZone = await organizationTimeZone(database, organizationId);
  const { from, to } = resolveRange({ from: query.from ?? todayIn(timeZone), to: query.to }, timeZone);
  const rows = await database.query<{
    eventId: number;
    eventName: string;
    start: Date;
    end: Date;
    callTime: string | null;
    note: string | null;
    status: MyCall['status'];
    respondedAt: Date | null;
    responseNote: string | null;
  }>(
    `select e.id as "eventId", e.name as "eventName", e.start_date_time as start, e.end_date_time as "end",
       c.call_time as "callTime", c.note, c.status, c.responded_at as "respondedAt", c.response_note as "responseNote"
     from event_calls c join calendar_events e on e.id = c.event_id and e.organization_id = $1
     where c.organization_id = $1 and c.user_id = $2 and e.start_date_time < $4 and e.end_date_time > $3
     order by e.start_date_time, e.id`,
    [organizationId, actor.userId, from, to],
  );
  return rows.map((r) => ({
    eventId: r.eventId,
    eventName: r.eventName,
    startDateTime: toZonedIso(new Date(r.start), timeZone),
    endDateTime: toZonedIso(new Date(r.end), timeZone),
    callTime: r.callTime,
    note: r.note,
    status: r.status,
    respondedAt: r.respondedAt ? new Date(r.respondedAt).toISOString() : null,
    responseNote: r.responseNote,
  }));
}
