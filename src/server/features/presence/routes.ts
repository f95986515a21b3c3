// GET /ws: the presence connection. The session cookie authenticates the upgrade and the Origin
// must be this very address; the socket then belongs to the caller's organization.
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { clientMessageSchema } from '../../../common/schemas/presence';
import { authOf, type ObjectRule } from '../../http/access';
import { AppError } from '../../http/errors';
import { sessionDigest } from '../../http/presence-signal';
import type { App } from '../../http/types';
import { PresenceHub, presenceSettings, TOO_MANY_SOCKETS } from './hub';

const MAX_PAYLOAD = 64 * 1024;
// A well-behaved page sends a heartbeat every 30 s and a message per navigation.
const MESSAGES_PER_WINDOW = 60;
const WINDOW_MS = 10_000;
const AUTHENTICATE_WITHIN_MS = 15_000;

export async function presenceRoutes(app: App) {
  const hub = new PresenceHub(app.deps.database, presenceSettings(), app.log, app.deps.presenceClock);
  await hub.start();
  app.addHook('onClose', async () => hub.stop());

  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });

  // An upgrade is a GET, which the app's origin check lets through; the socket acts as the caller,
  // so it must come from this very address, before anything else is said.
  async function refuseCrossOrigin(request: FastifyRequest) {
    const origin = request.headers.origin;
    if (!origin || origin !== `${request.protocol}://${request.host}`)
      throw new AppError(403, 'Cross-origin request refused');
  }

  // Presence is per organization: a system user outside one has nobody to see.
  const member: ObjectRule = {
    name: 'member of an organization',
    check: async (_request, { auth }) => {
      if (!auth.organization || !auth.membership) throw new AppError(403, 'Presence needs an organization');
    },
  };

  app.get(
    '/ws',
    { websocket: true, onRequest: refuseCrossOrigin, config: { access: { object: member } } },
    async (socket, request) => {
      const auth = authOf(request);
      const organizationId = auth.organization?.id;
      if (organizationId === undefined) {
        socket.close(1008, 'Not authenticated');
        return;
      }
      const conn = hub.open({
        socket,
        organizationId,
        userId: auth.user.id,
        sid: auth.sid,
        sidDigest: sessionDigest(auth.sid),
        profile: {
          username: auth.user.username,
          firstName: auth.user.firstName,
          lastName: auth.user.lastName,
          profilePicture: auth.user.profilePicture,
        },
        currentPage: null,
      });
      if (!conn) {
        socket.close(1008, TOO_MANY_SOCKETS);
        return;
      }

      const silent = setTimeout(() => {
        if (!conn.joined) socket.close(1008, 'Authenticate first');
      }, AUTHENTICATE_WITHIN_MS);
      silent.unref();
      let windowStart = Date.now();
      let count = 0;

      socket.on('message', (raw, isBinary) => {
        const now = Date.now();
        if (now - windowStart > WINDOW_MS) {
          windowStart = now;
          count = 0;
        }
        if (++count > MESSAGES_PER_WINDOW) {
          socket.close(1008, 'Too many messages');
          return;
        }
        if (isBinary) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          return;
        }
        const result = clientMessageSchema.safeParse(parsed);
        if (!result.success) return;
        const message = result.data;
        switch (message.type) {
          case 'authenticate':
            hub.join(conn, message.currentPage);
            break;
          case 'heartbeat':
            hub.heartbeat(conn);
            break;
          case 'activity':
            hub.activity(conn);
            break;
          case 'page_change':
            hub.pageChange(conn, message.currentPage);
            break;
          case 'status_update':
            hub.statusUpdate(conn, message.status);
            break;
        }
      });
      socket.on('close', () => {
        clearTimeout(silent);
        hub.closed(conn);
      });
    },
  );
}
