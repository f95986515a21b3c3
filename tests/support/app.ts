// The real Fastify app on a real database, shared by the test files of one worker: in-memory
// PGlite by default, the PostgreSQL server named by DATABASE_URL otherwise.
import { randomBytes, randomInt } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import type { Mail, Mailer } from '../../src/server/features/mail/mailer';
import type { App } from '../../src/server/http/types';

export interface TestContext {
  app: App;
  database: Database;
  mail: Mail[];
}

let shared: Promise<TestContext> | undefined;

export function testConfig() {
  return {
    ...loadConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      SESSION_SECRET: 'test-secret',
      BASE_DOMAIN: 'localhost',
    }),
    webRoot: undefined,
    publicUrl: 'http://localhost:5000',
  };
}

export function getTestApp(): Promise<TestContext> {
  shared ??= (async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, memory: true });
    const mail: Mail[] = [];
    const real = (await import('../../src/server/features/mail/mailer')).createMailer(
      database,
      undefined,
      'test',
    );
    // Mail goes to the outbox as in production and is also captured here for assertions.
    const mailer: Mailer = {
      async send(m) {
        mail.push(m);
        await real.send(m);
      },
      async deliver(m) {
        mail.push(m);
        await real.deliver(m);
      },
      close() {},
    };
    const app = await buildApp({ config: testConfig(), database, mailer });
    await app.ready();
    return { app, database, mail };
  })();
  return shared;
}

export const uniqueId = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
/** A distinct client address per agent, so rate limits never leak between tests. */
export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A browser-like client: keeps its cookie, sends its Origin, on a chosen host. */
export class Agent {
  cookie: string | undefined;
  constructor(
    readonly app: App,
    readonly host = 'localhost',
    readonly address = randomAddress(),
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res: LightMyRequestResponse = await this.app.inject({
      method,
      url,
      payload: body === undefined ? undefined : (body as InjectOptions['payload']),
      remoteAddress: this.address,
      headers: {
        host: this.host,
        origin: `http://${this.host}`,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
    });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) {
      const pair = c.split(';')[0];
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body ?? {}, headers);
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body ?? {});
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);
}
