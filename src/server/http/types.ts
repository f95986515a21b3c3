import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HostContext } from '../../common/tenancy';
import type { Config } from '../config';
import type { Area } from '../db/areas';
import type { Database } from '../db/client';
import type { Mailer } from '../features/mail/mailer';
import type { PresenceClock } from '../features/presence/clock';
import type { Access } from './access';
import type { AuthContext } from './session';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface Deps {
  config: Config;
  database: Database;
  mailer: Mailer;
  sessionSecret: string;
  /** The presence hub's time; the system's unless a test moves its own. */
  presenceClock?: PresenceClock;
}

/** One method + URL pattern the app answers, with the zod schemas it declared. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
  /** A WebSocket upgrade: no OpenAPI operation can describe it, so the document leaves it out. */
  websocket?: boolean;
  /** Who may call it (http/access.ts). */
  access?: Access;
  /** Whether the route adds a preValidation hook of its own (access is decided by the app's one). */
  ownPreValidation?: boolean;
  /** Whether its writes check the session themselves (`config.checksSessionInWrite`). */
  checksSessionInWrite?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (http/access.ts); every route declares it. */
    access?: Access;
    /**
     * A POST that only reads: its question is a body (a conflicts check). It is checked against
     * the session like a GET and does not drop the caller's kept answers as a write would.
     */
    readsOnly?: boolean;
    /**
     * A write whose every statement that changes anything carries the caller's session check
     * (http/session.ts's writerCheck): it acts on the session kept in memory, and its
     * transaction refuses if that session ended or changed meanwhile, where any other write looks
     * the session up in the database first.
     */
    checksSessionInWrite?: boolean;
    /**
     * The areas of its organization a write route changes (db/areas.ts), cascades included: the
     * caller's next read drops only what this instance keeps of those, before their notification
     * arrives. Without it, all that is kept of the organization goes; empty: a write to nothing
     * kept. A write whose transaction announces what it wrote (announcedTransaction) has dropped
     * that already, so it names only what it always writes.
     */
    writes?: readonly Area[];
  }
  interface FastifyInstance {
    deps: Deps;
    routeTable: readonly RegisteredRoute[];
  }
  interface FastifyRequest {
    hostContext: HostContext;
    /** The signed-in caller, looked up once per request on first use. */
    auth(): Promise<AuthContext | null>;
    authCache?: Promise<AuthContext | null>;
  }
}
