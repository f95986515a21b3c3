// What the router matches is what every check sees: a request target in absolute form
// ("GET http://host/api/...") or with an encoded path cannot reach a route around the rules that
// the plain form meets. Sent over a real socket, since inject tidies request targets.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, redactUrl } from '../../src/server/app';
import { TWO_FACTOR_REQUIRED_FOR_ROLE } from '../../src/common/schemas/account';
import type { App } from '../../src/server/http/types';
import { getTestApp, type TestContext, testConfig } from '../support/app';
import { type BuiltOrg, buildOrg, buildUser, signedIn } from '../support/factories';

let ctx: TestContext;
let app: App;
let port: number;
beforeAll(async () => {
  ctx = await getTestApp();
  app = await buildApp({ config: testConfig(), database: ctx.database, mailer: ctx.app.deps.mailer });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
});

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** One HTTP/1.1 request written byte for byte, exactly as a client could send it. */
function raw(method: string, target: string, headers: Record<string, string>, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body: rest.join('\r\n\r\n') });
    });
    const lines = [`${method} ${target} HTTP/1.1`, 'connection: close'];
    for (const [k, v] of Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)) }))
      lines.push(`${k}: ${v}`);
    // Written, not ended: a client that half-closes may be dropped before a slow answer.
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

/** An admin without two-step sign-in, in an organization that requires it of admins. */
async function heldAdmin(): Promise<{ org: BuiltOrg; headers: Record<string, string> }> {
  const org = await buildOrg(ctx.database);
  const agent = await signedIn(ctx, await buildUser(ctx.database, { org, role: 'admin' }), org);
  await ctx.database.query('update organizations set require_two_factor_for_admins = true where id = $1', [
    org.id,
  ]);
  return {
    org,
    headers: { host: org.host, cookie: String(agent.cookie), origin: `http://${org.host}` },
  };
}

const requirement = async (org: BuiltOrg) =>
  (
    await ctx.database.query<{ on: boolean }>(
      'select require_two_factor_for_admins as on from organizations where id = $1',
      [org.id],
    )
  )[0].on;

describe('request targets', () => {
  it('holds an admin without two-step sign-in in origin form (the baseline)', async () => {
    const { org, headers } = await heldAdmin();
    const res = await raw('GET', `/api/organizations/${org.id}/users`, headers);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).message).toBe(TWO_FACTOR_REQUIRED_FOR_ROLE);
  });

  it('refuses an absolute-form target on every route, before any of them answers', async () => {
    const { org, headers } = await heldAdmin();
    const read = await raw('GET', `http://${org.host}:5000/api/organizations/${org.id}/users`, headers);
    expect(read.status).toBe(400);
    expect(JSON.parse(read.body)).toEqual({ message: 'Bad request' });
    expect(read.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    const body = JSON.stringify({ requireTwoFactorForAdmins: false });
    const write = await raw(
      'PATCH',
      `http://${org.host}/api/organizations/${org.id}`,
      { ...headers, 'content-type': 'application/json' },
      body,
    );
    expect(write.status).toBe(400);
    expect(await requirement(org)).toBe(true);
    expect((await raw('GET', `http://${org.host}/api/health`, { host: org.host })).status).toBe(400);
    expect((await raw('GET', '/api/health', { host: org.host })).status).toBe(200);
  });

  it('holds an admin on a percent-encoded path that routes to the same place', async () => {
    const { org, headers } = await heldAdmin();
    const read = await raw('GET', `/%61pi/organizations/${org.id}/users`, headers);
    expect(read.status).toBe(403);
    expect(JSON.parse(read.body).message).toBe(TWO_FACTOR_REQUIRED_FOR_ROLE);
    const write = await raw(
      'PATCH',
      `/%61pi/organizations/${org.id}`,
      { ...headers, 'content-type': 'application/json' },
      JSON.stringify({ requireTwoFactorForAdmins: false }),
    );
    expect(write.status).toBe(403);
    expect(await requirement(org)).toBe(true);
  });
});

describe('request log', () => {
  it('masks a feed token however its path is escaped', () => {
    expect(redactUrl('/api/%66eeds/secret-token?x=1')).toBe('/api/feeds/[redacted]?x=1');
    expect(redactUrl('/api/feeds/secret-token')).toBe('/api/feeds/[redacted]');
    expect(redactUrl('/api/respond?token=abc')).toBe('/api/respond?token=[redacted]');
  });
});
