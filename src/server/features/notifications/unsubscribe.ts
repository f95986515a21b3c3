// One-click unsubscribe (RFC 8058): a member-specific URL signed with the app's secret, so it
// works without signing in and cannot be made for someone else or altered.
import { createHmac, timingSafeEqual } from 'node:crypto';

const sign = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url');

export function unsubscribeUrl(origin: string, secret: string, userId: number) {
  return `${origin}/api/unsubscribe?user=${userId}&token=${sign(secret, userId)}`;
}

export function verifyUnsubscribe(secret: string, userId: number, token: string): boolean {
  const expected = Buffer.from(sign(secret, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
