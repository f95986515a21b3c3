// Holding places on shifts: a member signs up or cancels for themself, offers a place for a swap
// and takes one another member offered; coordinators set who holds a shift. A member never holds
// two overlapping shifts nor a shift while called (and not declined) to another event at that
// time; "no more holders than places" is the database's own rule (the trigger counting
// volunteer_shifts.taken), so 32 members racing for the last place leave exactly one holding it.
import { policy } from '../../../common/permissions';
import type { Shift } from '../../../common/schemas/volunteer';
import { displayName } from '../../../common/teams';
import { CANCEL_BEFORE_HOURS, type SignupRefusal } from '../../../common/volunteer';
import { displayNameSql, type NameRow, nameColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import { SHIFT_FULL_MESSAGE, shiftFull } from '../../db/errors';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { lockKey, organizationTimeZone, type Runner } from '../calendar';
import { deliverAll, pushAll } from '../notifications';
import type { Caller } from '../scheduling';
import { readShift } from './shift-read';
import { SHIFT_NOT_FOUND } from './shifts';

export const ONLY_MEMBERS = 'Only members of the organization can volunteer';
export const NOT_HOLDING = 'You are not signed up for this shift';
export const TOO_LATE_TO_CANCEL = `Less than ${CANCEL_BEFORE_HOURS} hours before the shift: offer it for a swap instead`;
export const NOTHING_OFFERED = 'No place on this shift is offered for a swap';
export const NOT_A_MEMBER = 'Volunteers must be active members of the organization';
export const MORE_THAN_PLACES = 'More volunteers than the shift has places';
export const TEAM_ONLY = 'This shift is for members of its chosen teams';

interface ShiftFacts {
  id: number;
  eventId: number;
  eventName: string;
  positionName: string;
  places: number;
  taken: number;
  start: Date;
  end: Date;
  teamIds: number[];
}

async function shiftFacts(
  q: Runner | Database,
  organizationId: number,
  shiftId: number,
): Promise<ShiftFacts> {
  const [row] = await q.query<ShiftFacts>(
    `select s.id, s.event_id as "eventId", e.name as "eventName", p.name as "positionName", s.places, s.taken,
       s.start_date_time as start, s.end_date_time as "end", s.team_ids as "teamIds"
     from volunteer_shifts s
     join calendar_events e on e.id = s.event_id and e.organization_id = $1
     join volunteer_positions p on p.id = s.position_id and p.organization_id = $1
     where s.organization_id = $1 and s.id = $2`,
    [organizationId, shiftId],
  );
  if (!row) throw notFound(SHIFT_NOT_FOUND);
  return { ...row, start: new Date(row.start), end: new Date(row.end) };
}

function refused(reason: SignupRefusal, message: string, extra: Record<string, unknown> = {}) {
  return new AppError(409, message, { data: { reason, ...extra } });
}

/**
 * Why this person may not hold the shift (null: they may): another shift they hold at an
 * overlapping time, or a call (not declined) to an event overlapping it. `you` words the
 * message for the person themself, otherwise it names them.
 */
async function busyRefusal(
  q: Runner,
  organizationId: number,
  userId: number,
  shift: ShiftFacts,
  you: boolean,
) {
  const [row] = await q.query<
    NameRow & {
      kind: 'overlap' | 'called';
      eventId: number;
      eventName: string;
      shiftId: number | null;
      positionName: string | null;
    }
  >(
    `select ${nameColumns('u')}, c.*
     from users u cross join lateral (
       (select 'overlap' as kind, s.event_id as "eventId", e.name as "eventName", s.id as "shiftId",
          p.name as "positionName", 0 as ord
        from volunteer_signups v
        join volunteer_shifts s on s.id = v.shift_id and s.organization_id = $1
        join calendar_events e on e.id = s.event_id and e.organization_id = $1
        join volunteer_positions p on p.id = s.position_id
        where v.organization_id = $1 and v.user_id = $2 and s.id <> $3
          and s.start_date_time < $5 and s.end_date_time > $4
        limit 1)
       union all
       (select 'called', e.id, e.name, null, null, 1
        from event_calls c join calendar_events e on e.id = c.event_id and e.organization_id = $1
        where c.organization_id = $1 and c.user_id = $2 and c.status <> 'declined'
          and e.start_date_time < $5 and e.end_date_time > $4
        order by e.start_date_time limit 1)
       order by ord limit 1) c
     where u.id = $2`,
    [organizationId, userId, shift.id, shift.start, shift.end],
  );
  if (!row) return null;
  const who = you ? 'You' : displayName(row);
  if (row.kind === 'overlap')
    return refused(
      'overlap',
      `${who} already ${you ? 'hold' : 'holds'} a shift at that time (${row.positionName}, ${row.eventName})`,
      { eventId: row.eventId, eventName: row.eventName, shiftId: row.shiftId, userId },
    );
  return refused('called', `${who} ${you ? 'are' : 'is'} called to ${row.eventName} at that time`, {
    eventId: row.eventId,
    eventName: row.eventName,
    userId,
  });
}

/** A member's own signups and takes go one at a time, so two overlapping ones cannot both pass. */
const lockMember = (q: Runner, organizationId: number, userId: number) =>
  lockKey(q, `volunteer:${organizationId}:${userId}`);

async function answer(database: Database, access: Caller, shiftId: number): Promise<Shift> {
  return readShift(database, access, await organizationTimeZone(database, access.organizationId), shiftId);
}

/** A full shift's refusal, also when the database's own count refused the place. */
async function orFull<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (shiftFull(err)) throw refused('full', SHIFT_FULL_MESSAGE);
    throw err;
  }
}

async function mayTake(q: Runner, access: Caller, shift: ShiftFacts) {
  const { organizationId, actor } = access;
  if (shift.start <= new Date()) throw refused('started', 'This shift has already started');
  if (shift.teamIds.length > 0 && !policy.manageVolunteers(actor)) {
    const [inTeam] = await q.query(
      'select 1 from team_members where organization_id = $1 and user_id = $2 and team_id = any($3::int[])',
      [organizationId, actor.userId, shift.teamIds],
    );
    if (!inTeam) throw new AppError(403, TEAM_ONLY, { data: { reason: 'team' } });
  }
  const [held] = await q.query('select 1 from volunteer_signups where shift_id = $1 and user_id = $2', [
    shift.id,
    actor.userId,
  ]);
  if (held) throw refused('already', 'You already hold this shift');
  const busy = await busyRefusal(q, organizationId, actor.userId, shift, true);
  if (busy) throw busy;
}

/**
 * Sign up for a place: a free one, or else one offered for a swap (as taking it would).
 * 409 with `data.reason` full, overlap, called, already or started.
 */
export async function signUp(database: Database, access: Caller, shiftId: number): Promise<Shift> {
  const { organizationId, actor } = access;
  const swapped = await orFull(() =>
    database.transaction(async (q) => {
      await lockMember(q, organizationId, actor.userId);
      const shift = await shiftFacts(q, organizationId, shiftId);
      await mayTake(q, access, shift);
      if (shift.taken < shift.places) {
        await q.query(
          'insert into volunteer_signups (organization_id, shift_id, user_id) values ($1, $2, $3)',
          [organizationId, shiftId, actor.userId],
        );
        return null;
      }
      return takeOffered(q, access, shift);
    }),
  );
  if (swapped) await mailSwap(database, organizationId, swapped);
  return answer(database, access, shiftId);
}

interface Swap {
  signupId: number;
  offererId: number;
  takerId: number;
  shift: ShiftFacts;
}

/** The oldest offered place passes to the caller; two takers never get the same one. */
async function takeOffered(q: Runner, access: Caller, shift: ShiftFacts): Promise<Swap> {
  const [row] = await q.query<{ id: number; offererId: number }>(
    `with o as (select id, user_id from volunteer_signups
       where organization_id = $1 and shift_id = $2 and offered_at is not null and user_id <> $3
       order by offered_at, id limit 1 for update skip locked)
     update volunteer_signups v set user_id = $3, offered_at = null, reminded_at = null, created_at = now()
     from o where v.id = o.id returning v.id, o.user_id as "offererId"`,
    [access.organizationId, shift.id, access.actor.userId],
  );
  if (!row) throw refused('full', SHIFT_FULL_MESSAGE);
  return { signupId: row.id, offererId: row.offererId, takerId: access.actor.userId, shift };
}

export async function take(database: Database, access: Caller, shiftId: number): Promise<Shift> {
  const { organizationId, actor } = access;
  const swap = await database.transaction(async (q) => {
    await lockMember(q, organizationId, actor.userId);
    const shift = await shiftFacts(q, organizationId, shiftId);
    await mayTake(q, access, shift);
    try {
      return await takeOffered(q, access, shift);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 409) throw refused('full', NOTHING_OFFERED);
      throw err;
    }
  });
  await mailSwap(database, organizationId, swap);
  return answer(database, access, shiftId);
}

/** Both people of a swap are told at once (mailed when they keep e-mail on). */
async function mailSwap(database: Database, organizationId: number, swap: Swap) {
  const now = new Date();
  const [names] = await database.query<{ offerer: string; taker: string }>(
    `select ${displayNameSql('a')} as offerer, ${displayNameSql('b')} as taker
     from users a, users b where a.id = $1 and b.id = $2`,
    [swap.offererId, swap.takerId],
  );
  const what = `${swap.shift.positionName}, ${swap.shift.eventName}`;
  const timeZone = await organizationTimeZone(database, organizationId);
  const when = swap.shift.start.toLocaleString('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const key = `shift-swap:${swap.signupId}:${swap.takerId}:${now.getTime()}`;
  const pushed = await database.transaction((q) =>
    deliverAll(
      q,
      [
        {
          organizationId,
          userId: swap.offererId,
          kind: 'reminder',
          key: `${key}:offerer`,
          title: `Your shift was taken: ${what}`,
          body: `${names.taker} took your place (${when}). You are no longer on this shift.`,
          link: '/volunteer',
        },
        {
          organizationId,
          userId: swap.takerId,
          kind: 'reminder',
          key: `${key}:taker`,
          title: `You took a shift: ${what}`,
          body: `You took ${names.offerer}'s place (${when}).`,
          link: '/volunteer',
        },
      ],
      now,
    ),
  );
  pushAll(database, pushed);
}

/** Cancel one's own place, until the cutoff before the shift; later it must be offered. */
export async function cancelSignup(database: Database, access: Caller, shiftId: number) {
  const { organizationId, actor } = access;
  const shift = await shiftFacts(database, organizationId, shiftId);
  if (shift.start.getTime() - Date.now() < CANCEL_BEFORE_HOURS * 3_600_000)
    throw conflict(TOO_LATE_TO_CANCEL, { reason: 'too_late' });
  const rows = await database.query(
    'delete from volunteer_signups where organization_id = $1 and shift_id = $2 and user_id = $3 returning id',
    [organizationId, shiftId, actor.userId],
  );
  if (rows.length === 0) throw notFound(NOT_HOLDING);
}

/** Offer one's place for a swap: it shows as open, and the offerer holds it until taken. */
export async function offer(database: Database, access: Caller, shiftId: number): Promise<Shift> {
  const { organizationId, actor } = access;
  const shift = await shiftFacts(database, organizationId, shiftId);
  if (shift.start <= new Date()) throw refused('started', 'This shift has already started');
  const rows = await database.query(
    `update volunteer_signups set offered_at = coalesce(offered_at, now())
     where organization_id = $1 and shift_id = $2 and user_id = $3 returning id`,
    [organizationId, shiftId, actor.userId],
  );
  if (rows.length === 0) throw notFound(NOT_HOLDING);
  return answer(database, access, shiftId);
}

/**
 * Coordinators set who holds a shift: people kept keep their place (and any check-in), the others
 * lose it, newcomers get one (each still bound by the overlap and call rules). The route admits
 * coordinators only.
 */
export async function setVolunteers(
  database: Database,
  access: Caller,
  shiftId: number,
  userIds: number[],
): Promise<Shift> {
  const { organizationId } = access;
  const shift = await shiftFacts(database, organizationId, shiftId);
  if (userIds.length > shift.places) throw badRequest(MORE_THAN_PLACES, { userIds: MORE_THAN_PLACES });
  const members = await database.query<{ userId: number }>(
    `select user_id as "userId" from user_organizations
     where organization_id = $1 and status = 'active' and user_id = any($2::int[])`,
    [organizationId, userIds],
  );
  if (members.length !== userIds.length) throw badRequest(NOT_A_MEMBER, { userIds: NOT_A_MEMBER });
  await orFull(() =>
    database.transaction(async (q) => {
      for (const userId of [...userIds].sort((a, b) => a - b)) await lockMember(q, organizationId, userId);
      await q.query(
        'delete from volunteer_signups where organization_id = $1 and shift_id = $2 and not (user_id = any($3::int[]))',
        [organizationId, shiftId, userIds],
      );
      const held = await q.query<{ userId: number }>(
        'select user_id as "userId" from volunteer_signups where shift_id = $1',
        [shiftId],
      );
      const newcomers = userIds.filter((id) => !held.some((h) => h.userId === id));
      for (const userId of newcomers) {
        const busy = await busyRefusal(q, organizationId, userId, shift, false);
        if (busy) throw busy;
      }
      await q.query(
        `insert into volunteer_signups (organization_id, shift_id, user_id)
         select $1, $2, unnest($3::int[])`,
        [organizationId, shiftId, newcomers],
      );
    }),
  );
  return answer(database, access, shiftId);
}
