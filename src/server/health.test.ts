// GET /api/health and every other route while PostgreSQL cannot be reached. The app talks to the
// server through a TCP proxy this test owns; stopping the proxy makes the database unreachable
// exactly as a network cut or a stopped server does, and starting it again brings it back.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, testConfig } from '../../tests/support/app';
import { buildApp, DATABASE_UNAVAILABLE } from './app';
import { openDatabase, type Database } from './db/client';
import { isDatabaseUnavailable, isDiskFull } from './db/errors';
import type { App } from './http/types';

const databaseUrl = process.env.DATABASE_URL;

/** A TCP relay to the PostgreSQL server that can be stopped (refusing connections) and restarted. */
class Relay {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Cuts every open connection and refuses new ones. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

describe('isDatabaseUnavailable', () => {
  it('reads socket failures, node-postgres connection errors and server refusals as unavailable', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable({ code: '57P01', message: 'terminating connection' })).toBe(true);
    expect(isDatabaseUnavailable({ code: '08006' })).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: 'ECONNRESET' } }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([{ code: 'ECONNREFUSED' }]))).toBe(true);
    // node-postgres's words when an open connection's server stops answering (query_timeout).
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
  });

  it('tells a full disk (SQLSTATE 53100) from other faults', () => {
    expect(isDiskFull({ code: '53100', message: 'could not extend file' })).toBe(true);
    expect(isDiskFull(new Error('Failed query', { cause: { code: '53100' } }))).toBe(true);
    expect(isDiskFull({ code: '23505' })).toBe(false);
    expect(isDatabaseUnavailable({ code: '53100' })).toBe(false);
  });

  it('leaves real faults alone', () => {
    expect(isDatabaseUnavailable({ code: '23505' })).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe.skipIf(!databaseUrl)(
  'with the PostgreSQL server unreachable (skipped on PGlite: an in-process database cannot be cut off)',
  () => {
    let relay: Relay;
    let database: Database;
    let app: App;

    beforeAll(async () => {
      const url = new URL(databaseUrl!);
      relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
      await relay.start();
      url.hostname = '127.0.0.1';
      url.port = String(relay.port);
      database = await openDatabase({ databaseUrl: url.toString() });
      app = await buildApp({ config: testConfig(), database });
      await app.ready();
    });

    afterAll(async () => {
      await relay.start();
      await app?.close();
      await database?.close();
      await relay.stop();
    });

    it('health answers 503 {status, database} while down and 200 once the database is back', async () => {
      const agent = new Agent(app);
      const up = await agent.get('/api/health');
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok', database: 'connected' });

      await relay.stop();
      const down = await agent.get('/api/health');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
      expect(down.headers['retry-after']).toBe('5');

      await relay.start();
      const back = await agent.get('/api/health');
      expect(back.statusCode).toBe(200);
    });

    it('requests that need the database answer 503 with a message, not 500', async () => {
      await relay.stop();
      try {
        const agent = new Agent(app);
        const login = await agent.post('/api/login', { username: 'someone', password: 'whatever-1' });
        expect(login.statusCode).toBe(503);
        expect(login.json()).toEqual({ message: DATABASE_UNAVAILABLE });
        const orgs = await agent.get('/api/organization-context?org=demo');
        expect(orgs.statusCode).toBe(503);
        expect(orgs.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      } finally {
        await relay.start();
      }
    });
  },
);
