// The realtime presence protocol on /ws, shared by the
// server hub and the web hook so both sides read the same messages. What a client may send is
// checked by the server with schemas/presence.ts (kept apart, so the web's first load carries no zod).
export const PRESENCE_STATUSES = ['online', 'away', 'busy'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

export const HEARTBEAT_INTERVAL_MS = 30_000;

/**
 * Clicks and key presses tell the server the member is here (an idle member shows as away);
 * reporting each would flood the socket, so the page reports at most one per interval.
 */
export const ACTIVITY_REPORT_MS = 5_000;

export function shouldReportActivity(now: number, lastReported: number | null): boolean {
  return lastReported === null || now - lastReported >= ACTIVITY_REPORT_MS;
}

/**
 * The status a member sees in their own menu: the server's entry for them (an idle "online"
 * reads "away" there, as colleagues see it), else the status they chose.
 */
export function ownStatus(list: PresenceEntry[], userId: number, chosen: PresenceStatus): PresenceStatus {
  return list.find((e) => e.userId === userId)?.status ?? chosen;
}

export interface PresenceEntry {
  userId: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profilePicture: string | null;
  status: PresenceStatus;
  currentPage: string | null;
}

export type PresenceUpdateType = 'join' | 'leave' | 'update';

export type ServerMessage =
  | { type: 'presence_list'; data: PresenceEntry[] }
  | { type: 'presence_update'; updateType: PresenceUpdateType; data: PresenceEntry }
  // A new entry of the member's notification centre; not a presence change.
  | { type: 'notification'; data: { id: number; kind: string; title: string; body: string } }
  // The calls or answers of an occurrence changed; its managers' pages refetch them.
  | { type: 'calls-changed'; eventId: number }
  // Attendance of an occurrence was taken; open registers and reports refetch.
  | { type: 'attendance-changed'; eventId: number };

/**
 * The spec's reducer: presence_list replaces the list; join adds or replaces the
 * entry, leave removes it, anything else replaces the matching entry.
 */
export function applyPresenceMessage(list: PresenceEntry[], message: ServerMessage): PresenceEntry[] {
  if (message.type === 'presence_list') return message.data;
  // Notices and the features' signals leave the list as it is.
  if (message.type !== 'presence_update') return list;
  const entry = message.data;
  const others = list.filter((e) => e.userId !== entry.userId);
  if (message.updateType === 'leave') return others;
  if (message.updateType === 'join') return [...others, entry];
  return list.map((e) => (e.userId === entry.userId ? entry : e));
}
