// Attempt limits under parallel requests: each attempt is counted before its password or code is
// checked, so a burst sent at once gets no more checks than one sent in turn.
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, randomAddress, type TestContext, uniqueId } from '../support/app';
import { buildOrg, buildUser, signedIn } from '../support/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

/** Moves every counter whose key starts with `prefix` back past its window. */
const expireWindows = (prefix: string) =>
  ctx.database.query(
    `update rate_limits set window_start = window_start - interval '1 day' where key like $1 || '%'`,
    [prefix],
  );

describe('sign-in under parallel requests', () => {
  it('checks at most ten of 80 wrong passwords sent at once; the right one is then refused until the window passes', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const address = randomAddress();
    const attempt = (password: string) =>
      new Agent(ctx.app, org.host, address).post('/api/login', { username: user.username, password });
    const burst = await Promise.all(Array.from({ length: 80 }, () => attempt('wrong-password')));
    const counts = statuses(burst);
    expect(counts[401]).toBeLessThanOrEqual(10);
    expect(counts[401] + counts[429]).toBe(80);
    const right = await attempt(user.password);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    await expireWindows(`login:user:${user.username.toLowerCase()}`);
    expect((await attempt(user.password)).statusCode).toBe(200);
  });

  it('checks at most a hundred of 130 attempts sent at once from one address', async () => {
    const org = await buildOrg(ctx.database);
    const address = randomAddress();
    const burst = await Promise.all(
      Array.from({ length: 130 }, () =>
        new Agent(ctx.app, org.host, address).post('/api/login', {
          username: `nobody_${uniqueId()}`,
          password: 'wrong-password',
        }),
      ),
    );
    const counts = statuses(burst);
    expect(counts[401]).toBeLessThanOrEqual(100);
    expect(counts[401] + counts[429]).toBe(130);
  });

  it('does not count successful sign-ins once they are done', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const address = randomAddress();
    const attempt = (password: string) =>
      new Agent(ctx.app, org.host, address).post('/api/login', { username: user.username, password });
    for (let i = 0; i < 15; i++) expect((await attempt(user.password)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    expect((await attempt(user.password)).statusCode).toBe(429);
  });
});

/** A member with two-step sign-in on, signed in on their organization's address. */
async function withTwoStep() {
  const org = await buildOrg(ctx.database);
  const user = await buildUser(ctx.database, { org });
  const agent = await signedIn(ctx, user, org);
  const { secret } = (await agent.post('/api/me/two-factor/setup')).json();
  const enable = await agent.post('/api/me/two-factor/enable', { code: await generate({ secret }) });
  expect(enable.statusCode).toBe(200);
  return { org, user, agent, secret: secret as string };
}

describe('two-step codes under parallel requests', () => {
  it('checks at most ten of 40 wrong codes sent at once; the right code is then refused', async () => {
    const { org, user, secret } = await withTwoStep();
    const address = randomAddress();
    const first = await new Agent(ctx.app, org.host, address).post('/api/login', {
      username: user.username,
      password: user.password,
    });
    const token = first.json().twoFactorToken;
    const send = (code: string) =>
      new Agent(ctx.app, org.host, address).post('/api/login/two-factor', { token, code });
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => send(String(100000 + i))));
    const counts = statuses(burst);
    expect(counts[401]).toBeLessThanOrEqual(10);
    expect(counts[401] + counts[429]).toBe(40);
    expect((await send(await generate({ secret }))).statusCode).toBe(429);
  });
});

describe('turning two-step sign-in off under parallel requests', () => {
  it('checks at most ten of 60 wrong passwords sent at once; the right one is then refused and two-step stays on', async () => {
    const { user, agent } = await withTwoStep();
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => agent.post('/api/me/two-factor/disable', { password: 'not-it' })),
    );
    const counts = statuses(burst);
    expect(counts[400]).toBeLessThanOrEqual(10);
    expect(counts[400] + counts[429]).toBe(60);
    const right = await agent.post('/api/me/two-factor/disable', { password: user.password });
    expect(right.statusCode).toBe(429);
    expect((await agent.get('/api/me/two-factor')).json().enabled).toBe(true);
  });
});
