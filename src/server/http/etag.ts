// Conditional GETs (app.ts onSend): the ETag is a digest of the exact body. A route that keeps
// its body ready-made (a fingerprinted cache) keeps the ETag beside it and sets it itself, so a
// repeated read neither rebuilds nor re-hashes the body.
import { createHash } from 'node:crypto';

export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * Bodies kept per key while their fingerprint (read from the database on every request, so
 * instances never serve each other's stale copies) stays the same. Bounded by total characters;
 * the least recently used go first.
 */
export class FingerprintCache<K> {
  private entries = new Map<K, { fingerprint: string; body: string; etag: string }>();
  private size = 0;

  constructor(private readonly maxChars: number) {}

  get(key: K, fingerprint: string): { body: string; etag: string } | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: K, fingerprint: string, body: string): { body: string; etag: string } {
    const entry = { fingerprint, body, etag: etagOf(body) };
    this.remove(key);
    if (body.length > this.maxChars / 4) return entry;
    while (this.size + body.length > this.maxChars) this.remove(this.entries.keys().next().value as K);
    this.entries.set(key, entry);
    this.size += body.length;
    return entry;
  }

  private remove(key: K) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.size -= old.body.length;
  }
}
