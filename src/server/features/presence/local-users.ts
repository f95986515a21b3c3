// This instance's own members: their sockets, and the one entry each shows to the organization.
import type { PresenceEntry, PresenceStatus } from '../../../common/presence';

/** The part of a WebSocket the hub uses. */
export interface PresenceSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface Profile {
  username: string;
  firstName: string | null;
  lastName: string | null;
  profilePicture: string | null;
}

export interface Connection {
  socket: PresenceSocket;
  organizationId: number;
  userId: number;
  sid: string;
  sidDigest: string;
  profile: Profile;
  joined: boolean;
  status: PresenceStatus;
  currentPage: string | null;
  lastActivity: number;
  lastSeen: number;
}

export interface LocalUser {
  conns: Set<Connection>;
  /** What this instance last published for the user. */
  published: PresenceEntry | null;
  at: number;
  graceUntil: number | null;
}

export const newLocalUser = (): LocalUser => ({ conns: new Set(), published: null, at: 0, graceUntil: null });

/**
 * One user's entry from their sockets here: the most recently active wins; idle turns online into
 * away; with no socket left, the last entry holds until the grace period ends.
 */
export function localEntry(
  user: LocalUser,
  now: number,
  idleMs: number,
): { entry: PresenceEntry | null; at: number } {
  let latest: Connection | undefined;
  for (const c of user.conns) if (!latest || c.lastActivity > latest.lastActivity) latest = c;
  if (!latest) {
    if (user.graceUntil !== null && now < user.graceUntil) return { entry: user.published, at: user.at };
    return { entry: null, at: now };
  }
  const idle = now - latest.lastActivity >= idleMs;
  const status: PresenceStatus = latest.status === 'online' && idle ? 'away' : latest.status;
  return {
    entry: {
      userId: latest.userId,
      username: latest.profile.username,
      firstName: latest.profile.firstName,
      lastName: latest.profile.lastName,
      profilePicture: latest.profile.profilePicture,
      status,
      currentPage: latest.currentPage,
    },
    at: latest.lastActivity,
  };
}

export function sameEntry(a: PresenceEntry | null, b: PresenceEntry | null) {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.userId === b.userId &&
    a.status === b.status &&
    a.currentPage === b.currentPage &&
    a.username === b.username &&
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    a.profilePicture === b.profilePicture
  );
}
