// What other instances said about their members, and the signals instances exchange on the
// `presence` channel. An entry lives three announce rounds unless renewed, so a crashed
// instance's members disappear by themselves.
import type { PresenceEntry, ServerMessage } from '../../../common/presence';
import { getOrCreate } from '../../../common/maps';

export type Signal =
  | { t: 'entry'; i: string; o: number; u: number; e: PresenceEntry | null; a: number }
  | { t: 'announce'; i: string; o: number; es: { e: PresenceEntry; a: number }[] }
  | { t: 'hello'; i: string }
  | { t: 'bye'; i: string }
  | { t: 'disconnect'; userId?: number; organizationId?: number | null; session?: string }
  | { t: 'user'; o: number; u: number; m: ServerMessage };

// PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more.
const MAX_PAYLOAD = 7_000;

/** One organization's announced entries, in batches that each fit one NOTIFY. */
export function announceBatches(
  entries: { e: PresenceEntry; a: number }[],
): { e: PresenceEntry; a: number }[][] {
  const batches: { e: PresenceEntry; a: number }[][] = [];
  let batch: { e: PresenceEntry; a: number }[] = [];
  let size = 0;
  for (const item of entries) {
    const itemSize = JSON.stringify(item).length + 1;
    if (size + itemSize > MAX_PAYLOAD - 100 && batch.length > 0) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(item);
    size += itemSize;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

interface RemoteEntry {
  entry: PresenceEntry;
  at: number;
  expiresAt: number;
}

export class RemoteEntries {
  // organization → user → instance → entry
  private readonly byOrg = new Map<number, Map<number, Map<string, RemoteEntry>>>();

  constructor(private readonly lifetimeMs: number) {}

  /** Organizations with a remote entry: those gone empty are dropped, not kept as empty maps. */
  get organizations() {
    return this.byOrg.size;
  }

  set(
    organizationId: number,
    userId: number,
    instance: string,
    entry: PresenceEntry | null,
    at: number,
    now: number,
  ) {
    if (!entry) {
      const org = this.byOrg.get(organizationId);
      const users = org?.get(userId);
      users?.delete(instance);
      if (users?.size === 0) org?.delete(userId);
      if (org?.size === 0) this.byOrg.delete(organizationId);
      return;
    }
    const org = getOrCreate(this.byOrg, organizationId, () => new Map<number, Map<string, RemoteEntry>>());
    getOrCreate(org, userId, () => new Map<string, RemoteEntry>()).set(instance, {
      entry,
      at,
      expiresAt: now + this.lifetimeMs,
    });
  }

  /** The live remote entries for one user. */
  *of(organizationId: number, userId: number, now: number): Iterable<{ entry: PresenceEntry; at: number }> {
    for (const r of this.byOrg.get(organizationId)?.get(userId)?.values() ?? [])
      if (r.expiresAt > now) yield r;
  }

  /** Every remote entry expires at `expiresAt` at the latest, unless announced again. */
  expireAllBy(expiresAt: number) {
    for (const users of this.byOrg.values())
      for (const instances of users.values())
        for (const r of instances.values()) r.expiresAt = Math.min(r.expiresAt, expiresAt);
  }

  /** An instance said goodbye: its entries expire at `expiresAt` at the latest. */
  forgetInstance(instance: string, expiresAt: number) {
    for (const users of this.byOrg.values()) {
      for (const instances of users.values()) {
        const r = instances.get(instance);
        if (r) r.expiresAt = Math.min(r.expiresAt, expiresAt);
      }
    }
  }

  /** Drops expired entries; returns the users whose view may have changed. */
  expire(now: number): [organizationId: number, userId: number][] {
    const changed: [number, number][] = [];
    for (const [organizationId, users] of this.byOrg) {
      for (const [userId, instances] of users) {
        let expired = false;
        for (const [instance, r] of instances) {
          if (r.expiresAt <= now) {
            instances.delete(instance);
            expired = true;
          }
        }
        if (instances.size === 0) users.delete(userId);
        if (expired) changed.push([organizationId, userId]);
      }
      if (users.size === 0) this.byOrg.delete(organizationId);
    }
    return changed;
  }
}
