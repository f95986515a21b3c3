// Server-side sessions in the `session` table, and the one query that turns a cookie into the
// caller: session, user, organization and membership together (no extra round trips). A read
// (GET) takes the caller from memory while the change feed says nothing behind it has changed;
// a write always asks the database.
import { BoundedMap, holding } from '../bounded-map';
import { randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../common/permissions';
import type { SessionOrganization, SessionUser } from '../../common/schemas/auth';
import { ChangeFeed, orgScopes, userScope } from '../db/change-feed';
import { profileColumns } from '../db/columns';
import { type Database, SESSION_CHECK, type TransactionSettings } from '../db/client';
import { gatheredLookup } from '../db/gathered';
import { disconnectSession } from './presence-signal';

export const IDLE_TIMEOUT_MS = 7 * 24 * 3600_000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 3600_000;
// Sliding expiry is written at most this often, so a hot read costs no write.
const TOUCH_EVERY_MS = 5 * 60_000;

export interface AuthContext {
  sid: string;
  user: SessionUser;
  organization: SessionOrganization | null;
  membership: { id: number; role: string; status: string; organizationRoles: string[] } | null;
  actor: Actor & { userId: number };
  /** What the session may do as it was looked up (greenroom_session_standing.sql). */
  standing: string;
}

// The user columns come flat beside the session's own, with the user id as `uid`.
interface Row extends Omit<SessionUser, 'id'> {
  sid: string;
  expire: Date | string;
  created: string | null;
  uid: number;
  org: SessionOrganization | null;
  mid: number | null;
  role: string | null;
  status: string | null;
  organizationRoles: string[] | null;
  standing: string;
}

const LOOKUP = `
select s.sid, s.expire, s.sess->>'createdAt' as created,
  u.id as uid, ${profileColumns('u')}, u.is_system_user as "isSystemUser",
  u.totp_enabled_at is not null as "twoFactorEnabled",
  case when o.id is null then null else json_build_object(
    'id', o.id, 'name', o.name, 'shortname', o.shortname, 'description', o.description,
    'logoUrl', o.logo_url, 'favicon', o.favicon, 'primaryColor', o.primary_color,
    'secondaryColor', o.secondary_color, 'accentColor', o.accent_color,
    'backgroundColor', o.background_color, 'textColor', o.text_color, 'theme', o.theme,
    'timezone', o.timezone, 'publicEventTypes', o.public_event_types, 'approvalStatus', o.approval_status,
    'enablePublicRegistration', o.enable_public_registration,
    'requireTwoFactorForAdmins', o.require_two_factor_for_admins, 'updatedAt', o.updated_at) end as org,
  m.id as mid, m.role, m.status, m.organization_roles as "organizationRoles",
  greenroom_session_standing(u.id, u.is_system_user, u.totp_enabled_at is not null, o.id,
    o.approval_status, o.require_two_factor_for_admins, m.id, m.role, m.status,
    m.organization_roles) as standing
from session s
join users u on u.id = s.user_id
left join organizations o on o.id = (s.sess->>'organizationId')::int
left join user_organizations m on m.user_id = u.id and m.organization_id = o.id
where s.sid = any($1::text[]) and s.expire > now()`;

export const COOKIE_NAME = 'gr.sid';
export const SECURE_COOKIE_NAME = '__Host-gr.sid';

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** A signed-in caller as kept between requests, with what decides whether they still are. */
interface KeptSession {
  auth: AuthContext;
  expire: number;
  created: number;
}

// Up to 20,000 callers per instance, about a kilobyte each; the least recent make room.
const sessionCache = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptSession>('sessions', { maxAgeMs: 60_000, maxSize: 20_000 });

// Sessions looked up at about the same time share a statement: after a start every signed-in
// caller's first request looks theirs up at once.
const lookUp = gatheredLookup<string, Row>(LOOKUP, (row) => row.sid);

/**
 * The caller behind a session id, or null. `fresh`: ask the database even when a kept copy
 * exists (every state-changing request does, so a write never acts on a revoked session).
 */
export async function loadSession(
  database: Database,
  sid: string,
  { fresh = false } = {},
): Promise<AuthContext | null> {
  const cache = sessionCache(database);
  const kept = fresh ? undefined : cache.get(sid);
  if (kept) return stillValid(database, sid, kept);
  const ticket = ChangeFeed.of(database).ticket();
  const row = await lookUp(database, sid);
  if (!row) return null;
  const membershipOk = row.mid !== null && row.status === 'active';
  // A member whose organization is not approved, or whose membership is not active, is not
  // signed in to it; a system user needs neither.
  if (!row.isSystemUser && (!membershipOk || row.org?.approvalStatus !== 'approved')) return null;
  const session: KeptSession = {
    auth: authContext(sid, row),
    expire: new Date(row.expire).getTime(),
    created: Number(row.created ?? 0),
  };
  cache.set(
    sid,
    session,
    // The user and their membership announce the user; the organization's row, its settings.
    row.org ? [userScope(row.uid), ...orgScopes(row.org.id, ['settings'])] : [userScope(row.uid)],
    ticket,
  );
  return stillValid(database, sid, session);
}

/** Who writes, and the session they write in when the write is a request's (OrgAccess is one). */
export interface Writer {
  actor: { userId: number };
  auth?: Pick<AuthContext, 'sid' | 'standing'>;
}

/**
 * The setting by which a writer's write checks, in its own first round trip, that their session
 * still stands as it was looked up (db/client.ts's SESSION_CHECK); none for a write no request
 * made (a demo, say). A route whose writes all carry it acts on the kept session instead of
 * asking the database first (`checksSessionInWrite`).
 */
export const writerCheck = ({ auth }: Writer): TransactionSettings =>
  auth ? { [SESSION_CHECK]: `${auth.sid}.${auth.standing}` } : {};

async function stillValid(database: Database, sid: string, session: KeptSession) {
  const now = Date.now();
  if (session.expire <= now) {
    sessionCache(database).delete(sid);
    return null;
  }
  if (now - session.created > ABSOLUTE_TIMEOUT_MS) {
    sessionCache(database).delete(sid);
    await database.query('delete from session where sid = $1', [sid]);
    return null;
  }
  if (session.expire - now < IDLE_TIMEOUT_MS - TOUCH_EVERY_MS) {
    // The kept expiry is about to be outdated; the next read looks the session up again.
    sessionCache(database).delete(sid);
    touch(database, sid, session.auth.organization?.id ?? null).catch(() => {});
  }
  return session.auth;
}

function authContext(sid: string, row: Row): AuthContext {
  return {
    sid,
    user: {
      id: row.uid,
      username: row.username,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      profilePicture: row.profilePicture,
      bio: row.bio,
      isSystemUser: row.isSystemUser,
      twoFactorEnabled: row.twoFactorEnabled,
    },
    organization: row.org,
    membership:
      row.mid === null
        ? null
        : {
            id: row.mid,
            role: row.role!,
            status: row.status!,
            organizationRoles: row.organizationRoles ?? [],
          },
    actor: { isSystemUser: row.isSystemUser, role: row.role, userId: row.uid },
    standing: row.standing,
  };
}

/**
 * Slides the expiry and records activity. Its commit does not wait for the disk
 * (synchronous_commit off for this statement's own transaction, set in the statement so it costs
 * no round trip): a crash can lose only the last moments of sliding, which the next request
 * writes again (an expiry still a week away, an activity week already counted).
 */
function touch(database: Database, sid: string, organizationId: number | null) {
  return database.query(
    `with lazy as (select set_config('synchronous_commit', 'off', true) as v),
     s as (update session set expire = now() + make_interval(secs => $2::int)
           where sid = $1 and (select v from lazy) = 'off' returning user_id)
     update user_organizations set last_active_at = now()
     where organization_id = $3 and user_id = (select user_id from s)`,
    [sid, IDLE_TIMEOUT_MS / 1000, organizationId],
  );
}

export async function createSession(
  database: Database,
  userId: number,
  organizationId: number | null,
): Promise<string> {
  const sid = newSessionId();
  // Signing in is activity: without this a member counts as active only after the first
  // sliding-expiry touch, minutes later (or never, for a short visit).
  await database.query(
    `with s as (
       insert into session (sid, sess, expire, user_id) values ($1, $2, now() + make_interval(secs => $3::int), $4)
       returning user_id)
     update user_organizations set last_active_at = now()
     where organization_id = $5::int and user_id = (select user_id from s)`,
    [
      sid,
      JSON.stringify({ userId, organizationId, createdAt: Date.now() }),
      IDLE_TIMEOUT_MS / 1000,
      userId,
      organizationId,
    ],
  );
  return sid;
}

/** This instance stops keeping the session (its next request looks it up). */
export function forgetSession(database: Database, sid: string) {
  sessionCache(database).delete(sid);
}

// Ending a session also closes the WebSockets opened with it, on whichever instance holds them.
export async function destroySession(database: Database, sid: string) {
  await database.query('delete from session where sid = $1', [sid]);
  sessionCache(database).delete(sid);
  await disconnectSession(database, sid);
}

/** Ends every session of a user (password change, reset), except optionally the caller's. */
export async function destroyUserSessions(database: Database, userId: number, exceptSid?: string) {
  const ended = await database.query<{ sid: string }>(
    'delete from session where user_id = $1 and sid <> $2 returning sid',
    [userId, exceptSid ?? ''],
  );
  // This instance forgets them now; the others on the deletion's notification.
  ChangeFeed.of(database).changed(userScope(userId));
  for (const { sid } of ended) await disconnectSession(database, sid);
}

export function isSecureRequest(request: FastifyRequest) {
  return request.protocol === 'https';
}

// Checking a cookie's signature is an HMAC on every request; a value that verified once under
// this app's secret always will. Per app (its deps), the least recently seen forgotten first.
const verifiedCookies = new WeakMap<object, BoundedMap<string, string>>();
const MAX_VERIFIED_COOKIES = 10_000;

export function readSessionId(request: FastifyRequest): string | null {
  const raw = request.cookies[SECURE_COOKIE_NAME] ?? request.cookies[COOKIE_NAME];
  if (!raw) return null;
  const verified =
    verifiedCookies.get(request.server.deps) ??
    holding('verified cookies', new BoundedMap<string, string>(MAX_VERIFIED_COOKIES));
  verifiedCookies.set(request.server.deps, verified);
  const known = verified.get(raw);
  if (known !== undefined) return known;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  verified.set(raw, unsigned.value);
  return unsigned.value;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sid: string) {
  const secure = isSecureRequest(request);
  // Host-only: no Domain attribute, so a sibling organization's address never receives it.
  reply.setCookie(secure ? SECURE_COOKIE_NAME : COOKIE_NAME, sid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const secure = isSecureRequest(request);
  reply.clearCookie(secure ? SECURE_COOKIE_NAME : COOKIE_NAME, {
    path: '/',
    secure,
    httpOnly: true,
    sameSite: 'lax',
  });
}
