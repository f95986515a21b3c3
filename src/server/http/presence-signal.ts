// The presence hub's control messages, kept below the features so that any of them (sign-out,
// password change, disabling a member) can end a user's live connections without importing
// the presence feature. Every instance listens on the channel; the one holding the sockets acts.
import { createHash } from 'node:crypto';
import type { Database } from '../db/client';

export const PRESENCE_CHANNEL = 'presence';

/** A session id never travels in a NOTIFY payload; a short digest identifies it. */
export const sessionDigest = (sid: string) =>
  createHash('sha256').update(sid).digest('base64url').slice(0, 22);

/**
 * Closes every WebSocket of the user on every instance: in one organization when given (a
 * member disabled there), otherwise everywhere (password change or reset).
 */
export function disconnectUser(database: Database, userId: number, organizationId?: number) {
  return database.notify(
    PRESENCE_CHANNEL,
    JSON.stringify({ t: 'disconnect', userId, organizationId: organizationId ?? null }),
  );
}

/** Closes the WebSockets opened with one session (sign-out of that browser). */
export function disconnectSession(database: Database, sid: string) {
  return database.notify(PRESENCE_CHANNEL, JSON.stringify({ t: 'disconnect', session: sessionDigest(sid) }));
}

/**
 * Sends one message to every open page of a member in an organization, on every instance. It goes
 * with the next batch of notifications (Database.notifySoon): a page that misses it in a crash
 * reads the same on its next load, so it waits neither for the disk nor for a pooled connection,
 * and a notice to each of a thousand followers is one statement, not a thousand.
 */
export function sendToUser(database: Database, organizationId: number, userId: number, message: unknown) {
  database.notifySoon(
    PRESENCE_CHANNEL,
    JSON.stringify({ t: 'user', o: organizationId, u: userId, m: message }),
  );
}
