// The state between a correct password and a correct code: a signed, short-lived token naming
// the user and the organization chosen at sign-in. It is not a session and opens nothing; only
// POST /api/login/two-factor accepts it, together with a valid code.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const LOGIN_TOKEN_TTL_SECONDS = 10 * 60;

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`two-factor-login:${body}`).digest('base64url');

export function issueLoginToken(secret: string, userId: number, organizationId: number | null): string {
  const expires = Math.floor(Date.now() / 1000) + LOGIN_TOKEN_TTL_SECONDS;
  const body = `${userId}.${organizationId ?? 0}.${expires}.${randomBytes(9).toString('base64url')}`;
  return `${body}.${sign(secret, body)}`;
}

/** The user and organization a token names, or null when it is forged or expired. */
export function readLoginToken(secret: string, token: string) {
  const at = token.lastIndexOf('.');
  if (at < 0) return null;
  const body = token.slice(0, at);
  const given = Buffer.from(token.slice(at + 1));
  const expected = Buffer.from(sign(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, organizationId, expires] = body.split('.').map(Number);
  if (!(expires > Date.now() / 1000) || !Number.isInteger(userId)) return null;
  return { userId, organizationId: organizationId || null };
}
