// The realtime presence protocol on /ws (spec part 1 §3, §4, §7; DESIGN §5), shared by the
// server hub and the web hook so both sides read the same messages.
import { z } from 'zod';

export const PRESENCE_STATUSES = ['online', 'away', 'busy'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

export const HEARTBEAT_INTERVAL_MS = 30_000;

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
  // A new entry of the member's notification centre (issue 12); not a presence change.
  | { type: 'notification'; data: { id: number; kind: string; title: string; body: string } };

// A path inside the app, never a full URL: the page is shown to colleagues as is.
const pageSchema = z
  .string()
  .max(300)
  .regex(/^\/[^\s]*$/)
  .nullish()
  .transform((v) => v ?? null);

export const clientMessageSchema = z.discriminatedUnion('type', [
  // The spec's client also sends its session id; the cookie already authenticated the socket,
  // so anything sent here is ignored.
  z.object({ type: z.literal('authenticate'), sessionId: z.unknown().optional(), currentPage: pageSchema }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('page_change'), currentPage: pageSchema }),
  z.object({ type: z.literal('status_update'), status: z.enum(PRESENCE_STATUSES) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/**
 * The spec's reducer (part 1 §4): presence_list replaces the list; join adds or replaces the
 * entry, leave removes it, anything else replaces the matching entry.
 */
export function applyPresenceMessage(list: PresenceEntry[], message: ServerMessage): PresenceEntry[] {
  if (message.type === 'presence_list') return message.data;
  if (message.type === 'notification') return list;
  const entry = message.data;
  const others = list.filter((e) => e.userId !== entry.userId);
  if (message.updateType === 'leave') return others;
  if (message.updateType === 'join') return [...others, entry];
  return list.map((e) => (e.userId === entry.userId ? entry : e));
}
