// Builds the Fastify app: one place for the cross-cutting rules (tenancy by host, sessions, CSRF,
// errors, conditional GETs, security headers); features register their own routes.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import '../common/schemas/messages';
import { healthSchema } from '../common/schemas/system';
import { hostContext } from '../common/tenancy';
import type { Config } from './config';
import type { Database } from './db/client';
import { ChangeFeed, orgScopes, userScope } from './db/change-feed';
import {
  databaseRuleRefusal,
  isDatabaseUnavailable,
  isDiskFull,
  sessionNoLongerStands,
  sqlState,
} from './db/errors';
import { RESPOND_PAGE_PATH } from '../common/scheduling';
import { featureRoutes } from './features';
import { createMailer, type Mailer } from './features/mail/mailer';
import { declarePluginRoutes, registerAccess } from './http/access';
import { AppError } from './http/errors';
import { etagOf } from './http/etag';
import { SECURITY_HEADERS } from './http/security-headers';
import { enforceTwoFactorSetup } from './http/two-factor-gate';
import { matchedRoute, refuseNonOriginTarget, requestPath } from './http/request-target';
import { bufferedStdout, loggableError } from './http/log';
import { registerOpenApi } from './http/openapi';
import { forgetSession, loadSession, readSessionId } from './http/session';
import type { PresenceClock } from './features/presence/clock';
import type { App, Deps, RegisteredRoute } from './http/types';

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: boolean;
  presenceClock?: PresenceClock;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Its writes check the session they act on themselves (http/session.ts's writerCheck), so the
// kept one serves it as it serves a read.
const checksSessionInWrite = (request: FastifyRequest) =>
  request.routeOptions.config?.checksSessionInWrite === true;
/** GETs, and POSTs whose route declares it only reads (`config: { readsOnly: true }`). */
const readsOnly = (request: FastifyRequest) =>
  SAFE_METHODS.has(request.method) || request.routeOptions.config?.readsOnly === true;

async function sessionSecret(config: Config, database: Database): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  // Generated once and kept in the database, so every instance sharing it signs alike.
  await database.query(
    `insert into app_secrets (name, value) values ('session_secret', $1) on conflict (name) do nothing`,
    [randomBytes(32).toString('base64url')],
  );
  const [row] = await database.query<{ value: string }>(
    `select value from app_secrets where name = 'session_secret'`,
  );
  return row.value;
}

/**
 * Request URLs are logged without secrets: tokens in query strings and feed paths are masked,
 * however the path was escaped.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  return (requestPath(url) + (query === -1 ? '' : url.slice(query)))
    .replace(/([?&](?:token|key)=)[^&]*/gi, '$1[redacted]')
    .replace(/(\/feeds\/)[^/?]+/g, '$1[redacted]');
}

/**
 * One log line per request, on completion, with the request's facts beside the answer's, instead
 * of Fastify's two ("incoming request", "request completed"): half the serializing and writing
 * on every hot read.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger
      ? {
          level: config.logLevel,
          stream: bufferedStdout(),
          serializers: {
            req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.host }),
          },
        }
      : false,
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Refusals from the router itself (over-long path parameter, malformed URL) keep the
    // { message } shape and do not echo the path back.
    frameworkErrors: (error: { statusCode?: number }, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      reply.code(status).send({ message: status === 414 ? 'Request address is too long' : 'Bad request' });
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before the route's access is decided, so the refusal says why (two-factor-gate.ts).
  app.addHook('preValidation', enforceTwoFactorSetup);
  // Before the route table's hook, which records the access each route declared.
  registerAccess(app);
  // The app keeps its own route table, so a test can hold every registered route to account
  // (tests/security/access-matrix.test.ts) instead of trusting a hand-kept list.
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const websocket = (route as { websocket?: boolean }).websocket === true;
      routeTable.push({
        method,
        url: route.url,
        schema: route.schema,
        websocket,
        access: route.config?.access,
        ownPreValidation: route.preValidation !== undefined,
        checksSessionInWrite: route.config?.checksSessionInWrite === true,
      });
    }
  });

  const secret = await sessionSecret(config, database);
  const mailer = opts.mailer ?? createMailer(database, config.smtpUrl, config.mailFrom);
  const deps: Deps = { config, database, mailer, sessionSecret: secret, presenceClock: opts.presenceClock };
  app.decorate('deps', deps);
  const changes = ChangeFeed.of(database);
  await changes.start();

  await app.register(cookie, { secret });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });

  app.decorateRequest('hostContext', null as never);
  app.decorateRequest('auth', function (this: FastifyRequest) {
    if (!this.authCache) {
      const sid = readSessionId(this);
      const host = this.hostContext;
      // On an organization's address a session counts only for that organization (custom
      // domains could otherwise carry a cookie across).
      this.authCache = sid
        ? loadSession(database, sid, { fresh: !readsOnly(this) && !checksSessionInWrite(this) }).then(
            (auth) =>
              auth &&
              !auth.user.isSystemUser &&
              host?.shortname &&
              auth.organization?.shortname !== host.shortname
                ? null
                : auth,
          )
        : Promise.resolve(null);
    }
    return this.authCache;
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    // Before any other check, so none sees a target spelled unlike the route it reached.
    refuseNonOriginTarget(request);
    request.hostContext = hostContext(request.host, config.baseDomain);
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.allowCrossOrigin) return;
    // Sibling organization addresses are the same *site*, so SameSite cookies do not separate
    // tenants: a state change must come from this exact origin.
    const expected = `${request.protocol}://${request.host}`;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin !== expected) throw new AppError(403, 'Cross-origin request refused');
  });

  // PostgreSQL text cannot hold U+0000, so such a value would fail in the database (500) on any
  // route; it is refused here, after the route's access and validation, in one place.
  app.addHook('preHandler', async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw new AppError(400, 'Text cannot contain null characters');
    }
  });

  // The caller's next read must see this write even before its notification arrives
  // (db/change-feed.ts): what is kept of the areas of their organization the route says it writes
  // (`config.writes`), or of all of it when it does not say, goes now; and the caller as kept
  // (their session) when the write may have changed them: one of people, or one that does not say.
  // A member booking events all day keeps their session between the bookings.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (readsOnly(request) || !request.authCache) return payload;
    const auth = await request.authCache;
    if (auth?.user.isSystemUser) changes.reset();
    else if (auth) {
      const writes = request.routeOptions.config?.writes;
      if (!writes || writes.includes('people')) changes.changed(userScope(auth.user.id));
      if (!auth.organization) return payload;
      if (!writes) changes.organizationChanged(auth.organization.id);
      else for (const scope of orgScopes(auth.organization.id, writes)) changes.changed(scope);
    }
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || !matchedRoute(request)?.startsWith('/api/'))
      return payload;
    // Conditional GETs: a client that already holds this exact body gets 304 and no bytes. A
    // route serving a kept body has set its ETag already, and may send it compressed (http/etag.ts).
    let etag = reply.getHeader('etag');
    if (typeof etag !== 'string') {
      if (typeof payload !== 'string') return payload;
      etag = etagOf(payload);
      reply.header('etag', etag);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) {
      reply.code(304);
      return '';
    }
    return payload;
  });

  app.setErrorHandler((thrown, request, reply) => {
    const error = thrown as Error & { statusCode?: number; code?: string };
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.extra?.headers ?? {})) reply.header(k, v);
      const body: Record<string, unknown> = { message: error.message };
      if (error.extra?.errors) body.errors = error.extra.errors;
      if (error.extra?.data !== undefined) body.data = error.extra.data;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        errors[key] ??= issue.message ?? 'Invalid value';
      }
      return reply.code(400).send({ message: error.validation[0]?.message ?? 'Invalid request', errors });
    }
    // The kept session the write acted on no longer stands: the caller's next request asks the
    // database, even if the change's notification has not arrived yet.
    if (sessionNoLongerStands(error) && request.authCache)
      void request.authCache.then((auth) => auth && forgetSession(database, auth.sid));
    const rule = databaseRuleRefusal(error);
    if (rule) return reply.code(rule.status).send({ message: rule.message });
    const refused = databaseInputError(error);
    if (refused) {
      // Input the database cannot take is the caller's mistake, not a server failure; logged so
      // a route that should have validated it can be found.
      request.log.warn({ err: loggableError(error) }, 'database refused a value from the request');
      return reply.code(400).send({ message: refused });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ message: 'Request is too large' });
    }
    if (status >= 400 && status < 500) {
      const message = error.code?.startsWith('FST_ERR_CTP') ? 'Invalid request body' : error.message;
      return reply.code(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      // Not this request's fault, and likely brief: tell clients and load balancers to come back.
      request.log.error({ err: loggableError(error) }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    if (isDiskFull(error)) {
      // The operator must free space; the caller's change was not saved and may be sent again.
      request.log.error({ err: loggableError(error) }, 'database disk full');
      return reply.code(503).header('retry-after', '60').send({ message: DISK_FULL });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  await registerOpenApi(app);

  // Load balancers and orchestrators take an instance out on 503 and put it back on 200.
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      try {
        await withTimeout(database.query('select 1'), HEALTH_TIMEOUT_MS);
        return { status: 'ok', database: 'connected' } as const;
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'health check: database unreachable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );

  for (const register of featureRoutes) await app.register(register);

  await serveWeb(app, config);
  return app;
}

export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
export const DISK_FULL =
  'The server has run out of disk space, so your change was not saved. Please try again later; the administrator has to free space.';
// A health check that waits as long as a stuck pool would tell a load balancer nothing.
const HEALTH_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database did not answer in time')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value))
    if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  return false;
}

// SQLSTATEs that mean "this value from the request cannot be stored or compared", not a fault.
const INPUT_SQLSTATES: Record<string, string> = {
  '22003': 'A number in the request is out of range',
  '22021': 'Text cannot contain null characters',
  '22P05': 'Text cannot contain null characters',
  '54000': 'A value in the request is too long',
};

function databaseInputError(error: unknown): string | undefined {
  const code = sqlState(error);
  return code ? INPUT_SQLSTATES[code] : undefined;
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

async function serveWeb(app: App, config: Config) {
  const root = config.webRoot;
  const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    const files: FastifyStaticOptions = {
      root,
      // The build writes .br/.gz beside each asset; they are chosen by Accept-Encoding.
      preCompressed: true,
      index: false,
      setHeaders: (res, file) => {
        // Vite fingerprints everything under assets/, so those never change under one name.
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    };
    // reply.sendFile for the SPA's pages, everywhere; no route.
    await app.register(fastifyStatic, { ...files, serve: false });
    // The built files, public: the plugin's own route cannot carry our options, so its scope
    // declares its access.
    await app.register(async (scope) => {
      declarePluginRoutes(scope, 'public');
      // Looked up per request, so a rebuilt bundle is served without a restart.
      await scope.register(fastifyStatic, { ...files, wildcard: true, decorateReply: false });
    });
  }
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  // The static plugin would treat "/" as a directory; the landing page is the SPA.
  if (hasWeb) app.get('/', { config: { access: 'public' } }, async (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = requestPath(request.url);
    const isAsset = pathname.startsWith('/assets/') || pathname.startsWith('/files/');
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      isAsset ||
      !hasWeb ||
      request.method !== 'GET'
    ) {
      return reply.code(404).send({ message: 'Not found' });
    }
    // The SPA owns every other path; pages opened with a token in their address (password reset,
    // a call mail's one-click answer) must not leak it through Referer.
    if (pathname === '/reset-password' || pathname === '/confirm-email' || pathname === RESPOND_PAGE_PATH)
      reply.header('referrer-policy', 'no-referrer');
    return sendIndex(reply);
  });
}
