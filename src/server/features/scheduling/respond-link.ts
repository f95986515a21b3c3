// Answering a call from the mail's one-click links, without signing in. GET only
// reads what the link is about (no GET changes state); POST answers and spends the link.
import type { RespondLinkInfo } from '../../../common/schemas/scheduling';
import type { CallStatus, ResponseStatus } from '../../../common/scheduling';
import { displayName } from '../../../common/teams';
import { toZonedIso } from '../../../common/zoned-time';
import { type NameRow, nameColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/errors';
import { signalCallsChanged } from './event-access';
import { type CallClaims, readCallToken } from './respond-token';

export const LINK_INVALID = 'This link is not valid. Open the event in Greenroom to answer.';
export const LINK_EXPIRED = 'This link has expired: the event is over.';
export const LINK_USED =
  'This link has already been used or a newer call mail replaced it. Sign in to change your answer.';
export const CALL_GONE = 'This call no longer exists';

interface LinkRow extends NameRow {
  organizationId: number;
  eventId: number;
  userId: number;
  linkNonce: number;
  status: CallStatus;
  callTime: string | null;
  eventName: string;
  spaces: string[];
  start: Date;
  end: Date;
  reservedBy: number;
  teamIds: number[];
  organizationName: string;
  timezone: string;
}

async function linkRow(database: Database, claims: CallClaims): Promise<LinkRow> {
  const [row] = await database.query<LinkRow>(
    `select c.organization_id as "organizationId", c.event_id as "eventId", c.user_id as "userId",
       c.link_nonce as "linkNonce", c.status, c.call_time as "callTime", e.name as "eventName", e.spaces,
       e.start_date_time as start, e.end_date_time as "end", e.reserved_by as "reservedBy",
       coalesce((select array_agg(et.team_id) from calendar_event_teams et
         where et.event_id = e.id and et.organization_id = c.organization_id), '{}') as "teamIds",
       o.name as "organizationName", o.timezone, ${nameColumns('u')}
     from event_calls c
     join calendar_events e on e.id = c.event_id and e.organization_id = c.organization_id
     join organizations o on o.id = c.organization_id
     join users u on u.id = c.user_id
     join user_organizations m on m.user_id = c.user_id and m.organization_id = c.organization_id and m.status = 'active'
     where c.id = $1 and c.user_id = $2 and c.event_id = $3`,
    [claims.callId, claims.userId, claims.eventId],
  );
  if (!row) throw notFound(CALL_GONE);
  return row;
}

async function check(database: Database, secret: string, token: string) {
  const reading = readCallToken(secret, token);
  if (!reading.ok)
    throw reading.reason === 'expired' ? new AppError(410, LINK_EXPIRED) : badRequest(LINK_INVALID);
  const row = await linkRow(database, reading.claims);
  if (row.linkNonce !== reading.claims.nonce) throw new AppError(409, LINK_USED);
  return { claims: reading.claims, row };
}

const info = (row: LinkRow, status: CallStatus): RespondLinkInfo => ({
  eventName: row.eventName,
  startDateTime: toZonedIso(new Date(row.start), row.timezone),
  endDateTime: toZonedIso(new Date(row.end), row.timezone),
  callTime: row.callTime,
  spaces: row.spaces,
  organizationName: row.organizationName,
  memberName: row.firstName?.trim() || displayName(row),
  status,
});

export async function readRespondLink(database: Database, secret: string, token: string) {
  const { row } = await check(database, secret, token);
  return info(row, row.status);
}

export async function answerRespondLink(
  database: Database,
  secret: string,
  token: string,
  status: ResponseStatus,
) {
  const { claims, row } = await check(database, secret, token);
  // Only the generation the link belongs to may be spent, once, even by two clicks at a time.
  const spent = await database.query(
    `update event_calls set status = $3, responded_at = now(), updated_at = now(), link_nonce = link_nonce + 1
     where id = $1 and link_nonce = $2 returning id`,
    [claims.callId, claims.nonce, status],
  );
  if (spent.length === 0) throw new AppError(409, LINK_USED);
  await signalCallsChanged(
    database,
    row.organizationId,
    { id: row.eventId, reservedBy: row.reservedBy, teamIds: row.teamIds },
    [row.userId],
  );
  return info(row, status);
}
