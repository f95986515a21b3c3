import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HostContext } from '../../common/tenancy';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../features/mail/mailer';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    hostContext: HostContext;
    /** The signed-in caller, looked up once per request on first use. */
    auth(): Promise<AuthContext | null>;
    authCache?: Promise<AuthContext | null>;
  }
}
