// One-time links (password reset, e-mail verification, e-mail change): 256 random bits sent to
// the person, only a SHA-256 of them kept, so a copy of the database opens nothing.
import { createHash, randomBytes } from 'node:crypto';

export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh token to send, and the digest to store in its place. */
export function newOneTimeToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, digest: tokenDigest(token) };
}
