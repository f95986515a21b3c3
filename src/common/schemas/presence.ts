// What a browser may send on /ws (the protocol: ../presence.ts); the server checks every message.
import { z } from 'zod';
import './messages';
import { PRESENCE_STATUSES } from '../presence';

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
  // A click or key press: unlike a heartbeat, it brings an idle member back online.
  z.object({ type: z.literal('activity') }),
  z.object({ type: z.literal('page_change'), currentPage: pageSchema }),
  z.object({ type: z.literal('status_update'), status: z.enum(PRESENCE_STATUSES) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
