// The one-click answers in a call mail: a token signed with the app's secret (as the unsubscribe
// and two-factor tokens are) that names one call, its member and occurrence, the link generation
// it belongs to (event_calls.link_nonce, moved on when it is used or a newer mail goes out) and
// when it expires (the occurrence's end). It is not a session and opens nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CallClaims {
  callId: number;
  userId: number;
  eventId: number;
  nonce: number;
  /** Seconds since the epoch. */
  expires: number;
}

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`call-response:${body}`).digest('base64url');

export function issueCallToken(secret: string, claims: CallClaims): string {
  const body = [claims.callId, claims.userId, claims.eventId, claims.nonce, claims.expires].join('.');
  return `${body}.${sign(secret, body)}`;
}

export type TokenReading = { ok: true; claims: CallClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function readCallToken(secret: string, token: string, now = Date.now()): TokenReading {
  const at = token.lastIndexOf('.');
  if (at < 0) return { ok: false, reason: 'invalid' };
  const body = token.slice(0, at);
  const given = Buffer.from(token.slice(at + 1));
  const expected = Buffer.from(sign(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  const parts = body.split('.');
  if (parts.length !== 5 || !parts.every((p) => /^\d{1,12}$/.test(p)))
    return { ok: false, reason: 'invalid' };
  const [callId, userId, eventId, nonce, expires] = parts.map(Number);
  if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { callId, userId, eventId, nonce, expires } };
}
