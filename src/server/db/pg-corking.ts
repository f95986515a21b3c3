// The one place that reaches inside node-postgres: the socket a connected client writes to, which
// pg keeps in an undocumented field (`client.connection.stream`). Corking that socket lets several
// statements sent one after another leave in one write, one system call that wakes the server
// once. pg-corking.test.ts pins the pg version this was read from, so an upgrade is checked here.
import type { Writable } from 'node:stream';
import type { ClientBase } from 'pg';

/** The pg version whose internals this module was checked against (pg-corking.test.ts). */
export const CHECKED_PG_VERSION = '8.23.1';

/**
 * The socket `client` writes to, or null when pg no longer keeps it there. Read at each use: on
 * an SSL connection pg replaces the plain socket once the handshake is done.
 */
export function socketOf(client: ClientBase): Writable | null {
  const stream = (client as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
  return typeof stream?.cork === 'function' && typeof stream.uncork === 'function'
    ? (stream as Writable)
    : null;
}

let warned = false;

/**
 * `together(sendAll)` runs `sendAll` with the client's socket corked until the code that is
 * running now is done (process.nextTick): what it and anything else sent meanwhile on this client
 * leave in one write. Without the socket (a pg that moved it) statements are sent as they come.
 */
export function corkedSends(client: ClientBase): <R>(sendAll: () => R) => R {
  let corked = false;
  return (sendAll) => {
    if (corked) return sendAll();
    const socket = socketOf(client);
    if (!socket) {
      if (!warned) console.warn('pg keeps its socket elsewhere now: statements are sent uncorked');
      warned = true;
      return sendAll();
    }
    corked = true;
    socket.cork();
    process.nextTick(() => {
      corked = false;
      socket.uncork();
    });
    return sendAll();
  };
}
