// Two-step sign-in against a fixed clock: codes are computed with otplib for chosen instants, so
// "the same step", "the next step" and "too old" are exact, not timing luck.
import { generate } from 'otplib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import {
  type BuiltOrg,
  type BuiltUser,
  buildOrg,
  buildUser,
  signedIn,
} from '../../../../tests/support/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

// A fixed instant at the start of a 30-second step.
const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);
const at = (ms: number) => vi.setSystemTime(ms);
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

async function member(role: 'standard_user' | 'owner' | 'admin' = 'standard_user', org?: BuiltOrg) {
  const o = org ?? (await buildOrg(ctx.database));
  const user = await buildUser(ctx.database, { org: o, role });
  return { org: o, user, agent: await signedIn(ctx, user, o) };
}

/** Turns two-step sign-in on for a signed-in agent at T0; returns the secret and recovery codes. */
async function turnOn(agent: Agent) {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(T0);
  const setup = await agent.post('/api/me/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Greenroom:.+\?.*secret=/);
  const enable = await agent.post('/api/me/two-factor/enable', { code: await codeAt(secret, T0) });
  expect(enable.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: enable.json().recoveryCodes as string[] };
}

async function firstStep(user: BuiltUser, org: BuiltOrg) {
  const agent = new Agent(ctx.app, org.host);
  const res = await agent.post('/api/login', { username: user.username, password: user.password });
  expect(res.statusCode).toBe(200);
  return { agent, body: res.json() };
}

describe('turning two-step sign-in on', () => {
  it('shows the secret once, confirms it with a code, and gives ten recovery codes stored hashed', async () => {
    const { user, agent } = await member();
    expect((await agent.get('/api/me/two-factor')).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredForRole: false,
    });
    const { secret, recoveryCodes } = await turnOn(agent);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await agent.get('/api/me/two-factor');
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredForRole: false });
    // Never again: neither the status, /api/me, nor a second set-up carries the secret.
    const me = await agent.get('/api/me');
    expect(me.json().user.twoFactorEnabled).toBe(true);
    const again = await agent.post('/api/me/two-factor/setup');
    expect(again.statusCode).toBe(409);
    for (const body of [status.body, me.body, again.body]) expect(body).not.toContain(secret);
    const stored = await ctx.database.query<{ code_hash: string }>(
      'select code_hash from user_recovery_codes where user_id = $1',
      [user.id],
    );
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.map((s) => s.code_hash)).not.toContain(code);
  });

  it('refuses a wrong confirmation code and stays off', async () => {
    const { user, agent } = await member();
    vi.useFakeTimers({ toFake: ['Date'] });
    at(T0);
    const { secret } = (await agent.post('/api/me/two-factor/setup')).json();
    const wrong = String((Number(await codeAt(secret, T0)) + 1) % 1_000_000).padStart(6, '0');
    const res = await agent.post('/api/me/two-factor/enable', { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That code is not valid. Please try again.');
    const [row] = await ctx.database.query<{ on: boolean }>(
      'select totp_secret is not null as on from users where id = $1',
      [user.id],
    );
    expect(row.on).toBe(false);
    const empty = await agent.post('/api/me/two-factor/enable', { code: '' });
    expect(empty.json().message).toBe('Please enter the code from your authenticator app');
  });

  it('refuses to confirm before a set-up was started', async () => {
    const { agent } = await member();
    const res = await agent.post('/api/me/two-factor/enable', { code: '123456' });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 signed out on every call', async () => {
    const anonymous = new Agent(ctx.app);
    expect((await anonymous.get('/api/me/two-factor')).statusCode).toBe(401);
    expect((await anonymous.post('/api/me/two-factor/setup')).statusCode).toBe(401);
    expect((await anonymous.post('/api/me/two-factor/enable', { code: '123456' })).statusCode).toBe(401);
    expect((await anonymous.post('/api/me/two-factor/disable', { password: 'x' })).statusCode).toBe(401);
  });
});

describe('signing in with two-step sign-in', () => {
  it('asks for a code after the password, opening no session until the code is right', async () => {
    const { org, user, agent } = await member();
    const { secret } = await turnOn(agent);
    at(T0 + 60_000);
    const { agent: browser, body } = await firstStep(user, org);
    expect(body).toMatchObject({ organization: null, twoFactorRequired: true });
    expect(typeof body.twoFactorToken).toBe('string');
    expect(browser.cookie).toBeUndefined();
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    const res = await browser.post('/api/login/two-factor', {
      token: body.twoFactorToken,
      code: await codeAt(secret, T0 + 60_000),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organization: { id: org.id, name: org.name, shortname: org.shortname },
      isSystemUser: false,
      twoFactorSetupRequired: false,
    });
    expect((await browser.get('/api/me')).json().user.id).toBe(user.id);
  });

  it('accepts the previous step for clock drift, refuses a code two steps old', async () => {
    const { org, user, agent } = await member();
    const { secret } = await turnOn(agent);
    at(T0 + 10 * 60_000);
    const { body } = await firstStep(user, org);
    const stale = await new Agent(ctx.app, org.host).post('/api/login/two-factor', {
      token: body.twoFactorToken,
      code: await codeAt(secret, T0 + 10 * 60_000 - 60_000),
    });
    expect(stale.statusCode).toBe(401);
    const drift = await new Agent(ctx.app, org.host).post('/api/login/two-factor', {
      token: body.twoFactorToken,
      code: await codeAt(secret, T0 + 10 * 60_000 - 30_000),
    });
    expect(drift.statusCode).toBe(200);
  });

  it('refuses a code reused within its own 30 seconds (and the code used to turn it on)', async () => {
    const { org, user, agent } = await member();
    const { secret } = await turnOn(agent);
    // Still inside T0's step: the code that confirmed the set-up is spent.
    at(T0 + 5_000);
    const { body } = await firstStep(user, org);
    const replayedSetup = await new Agent(ctx.app, org.host).post('/api/login/two-factor', {
      token: body.twoFactorToken,
      code: await codeAt(secret, T0),
    });
    expect(replayedSetup.statusCode).toBe(401);
    expect(replayedSetup.json()).toEqual({ message: 'That code is not valid. Please try again.' });

    at(T0 + 35_000);
    const code = await codeAt(secret, T0 + 35_000);
    const first = await new Agent(ctx.app, org.host).post('/api/login/two-factor', {
      token: body.twoFactorToken,
      code,
    });
    expect(first.statusCode).toBe(200);
    at(T0 + 40_000);
    const again = await firstStep(user, org);
    const reused = await again.agent.post('/api/login/two-factor', {
      token: again.body.twoFactorToken,
      code,
    });
    expect(reused.statusCode).toBe(401);
    expect((await again.agent.get('/api/me')).statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const { org, user, agent } = await member();
    const { recoveryCodes } = await turnOn(agent);
    const { body } = await firstStep(user, org);
    const code = recoveryCodes[3].toUpperCase();
    const ok = await new Agent(ctx.app, org.host).post('/api/login/two-factor', {
      token: body.twoFactorToken,
      code,
    });
    expect(ok.statusCode).toBe(200);
    const twice = await new Agent(ctx.app, org.host).post('/api/login/two-factor', {
      token: body.twoFactorToken,
      code,
    });
    expect(twice.statusCode).toBe(401);
    expect((await agent.get('/api/me/two-factor')).json().recoveryCodesLeft).toBe(9);
  });

  it('refuses a forged or expired token', async () => {
    const { org, user, agent } = await member();
    const { secret } = await turnOn(agent);
    const { body } = await firstStep(user, org);
    const [id, ...rest] = body.twoFactorToken.split('.');
    const forged = [Number(id) + 1, ...rest].join('.');
    const code = await codeAt(secret, T0 + 60_000);
    at(T0 + 60_000);
    const res = await new Agent(ctx.app, org.host).post('/api/login/two-factor', { token: forged, code });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your sign-in has expired. Please sign in again.' });
    at(T0 + 11 * 60_000);
    const late = await new Agent(ctx.app, org.host).post('/api/login/two-factor', {
      token: body.twoFactorToken,
      code: await codeAt(secret, T0 + 11 * 60_000),
    });
    expect(late.statusCode).toBe(401);
  });

  it('counts wrong codes like wrong passwords: 429 after ten, even for the right code', async () => {
    const { org, user, agent } = await member();
    const { secret } = await turnOn(agent);
    at(T0 + 90_000);
    const { body } = await firstStep(user, org);
    for (let i = 0; i < 10; i++) {
      const res = await new Agent(ctx.app, org.host).post('/api/login/two-factor', {
        token: body.twoFactorToken,
        code: String(100000 + i),
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await new Agent(ctx.app, org.host).post('/api/login/two-factor', {
      token: body.twoFactorToken,
      code: await codeAt(secret, T0 + 90_000),
    });
    expect(limited.statusCode).toBe(429);
  });
});

describe('turning two-step sign-in off', () => {
  it('needs the password; then sign-in is one step again', async () => {
    const { org, user, agent } = await member();
    await turnOn(agent);
    const wrong = await agent.post('/api/me/two-factor/disable', { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Incorrect password');
    expect((await agent.get('/api/me/two-factor')).json().enabled).toBe(true);
    const missing = await agent.post('/api/me/two-factor/disable', {});
    expect(missing.json().message).toBe('Password is required');
    expect(ctx.mail.some((m) => m.to === user.email)).toBe(false);
    const ok = await agent.post('/api/me/two-factor/disable', { password: user.password });
    expect(ok.statusCode).toBe(200);
    expect(ctx.mail.filter((m) => m.to === user.email).map((m) => m.subject)).toEqual([
      'Two-step sign-in was turned off',
    ]);
    expect((await agent.get('/api/me/two-factor')).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const { body } = await firstStep(user, org);
    expect(body.organization).toMatchObject({ id: org.id });
  });
});

describe('Require two-step sign-in for owners and admins', () => {
  const require = async (org: BuiltOrg, owner: Agent) => {
    const res = await owner.patch(`/api/organizations/${org.id}`, { requireTwoFactorForAdmins: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().requireTwoFactorForAdmins).toBe(true);
  };

  it('holds owners and admins without it to setting it up; members and those with it carry on', async () => {
    const { org, agent: owner } = await member('owner');
    const admin = await member('admin', org);
    const plain = await member('standard_user', org);
    await require(org, owner);
    const refused = await admin.agent.get(`/api/organizations/${org.id}/directory`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your organization requires two-step sign-in for owners and admins. Please turn it on in Account Settings.',
    );
    const me = (await admin.agent.get('/api/me')).json();
    expect(me.twoFactorSetupRequired).toBe(true);
    expect((await admin.agent.get('/api/me/two-factor')).json().requiredForRole).toBe(true);
    expect((await plain.agent.get(`/api/organizations/${org.id}/directory`)).statusCode).toBe(200);
    expect((await plain.agent.get('/api/me')).json().twoFactorSetupRequired).toBe(false);

    await turnOn(admin.agent);
    vi.useRealTimers();
    expect((await admin.agent.get('/api/me')).json().twoFactorSetupRequired).toBe(false);
    expect((await admin.agent.get(`/api/organizations/${org.id}/directory`)).statusCode).toBe(200);
  });

  it('is only for owners and admins to change', async () => {
    const { org } = await member('owner');
    const board = await buildUser(ctx.database, { org, role: 'board' });
    const agent = await signedIn(ctx, board, org);
    const res = await agent.patch(`/api/organizations/${org.id}`, { requireTwoFactorForAdmins: true });
    expect(res.statusCode).toBe(403);
  });
});
