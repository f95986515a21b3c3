import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext, testConfig } from '../../../../tests/support/app';
import { buildOrg, buildSystemUser, buildUser, signedIn } from '../../../../tests/support/factories';
import { expectNoSecrets } from '../../../../tests/support/secrets';
import { buildApp } from '../../app';
import { createMailer } from '../mail/mailer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const SENT = { message: 'If an account with that email exists, a password reset link has been sent.' };
const INVALID = { message: 'This password reset link is invalid or has expired.' };
const NEW_PASSWORD = 'Brand-new-pass1!';

/** The reset link of the newest mail to this address. */
function lastLink(email: string): string {
  const mail = ctx.mail.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}

const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token') ?? '');

async function requestToken(email: string) {
  const res = await new Agent(ctx.app).post('/api/forgot-password', { email });
  expect(res.json()).toEqual(SENT);
  return tokenOf(lastLink(email));
}

const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  new Agent(ctx.app).post('/api/reset-password', { token, password, confirmPassword });

describe('POST /api/forgot-password', () => {
  it('answers the same for known and unknown addresses, mailing only the known one', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const known = await new Agent(ctx.app).post('/api/forgot-password', { email: user.email.toUpperCase() });
    const unknownEmail = `nobody_${Date.now()}@example.test`;
    const unknown = await new Agent(ctx.app).post('/api/forgot-password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(SENT);
    expect(unknown.body).toBe(known.body);
    expect(ctx.mail.some((m) => m.to === unknownEmail)).toBe(false);
    expect(ctx.mail.filter((m) => m.to === user.email)).toHaveLength(1);
  });

  it("links a member to their organization's address", async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    await new Agent(ctx.app, org.host).post('/api/forgot-password', { email: user.email });
    const link = lastLink(user.email);
    expect(link).toMatch(
      new RegExp(`^http://${org.shortname}\\.localhost:5000/reset-password\\?token=[A-Za-z0-9_-]{43}$`),
    );
    await vi.waitFor(async () => {
      const outbox = await ctx.database.query<{ subject: string }>(
        'select subject from mail_outbox where to_address = $1',
        [user.email],
      );
      expect(outbox).toEqual([{ subject: 'Reset your Greenroom password' }]);
    });
  });

  it('links a system user to the main site, whatever host the request came from', async () => {
    const { user } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    await new Agent(ctx.app, org.host).post('/api/forgot-password', { email: user.email });
    expect(lastLink(user.email)).toMatch(
      /^http:\/\/localhost:5000\/reset-password\?token=[A-Za-z0-9_-]{43}$/,
    );
  });

  it('builds links from configuration, never from a forged Host header', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    await new Agent(ctx.app, 'evil.example.com').post('/api/forgot-password', { email: user.email });
    expect(lastLink(user.email)).toMatch(new RegExp(`^http://${org.shortname}\\.localhost:5000/`));
  });

  it('refuses an invalid address with the spec message', async () => {
    for (const email of ['not-an-email', '', undefined]) {
      const res = await new Agent(ctx.app).post('/api/forgot-password', { email });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid email address');
    }
  });

  it('answers 429 after too many requests for one email address', async () => {
    const user = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await new Agent(ctx.app).post('/api/forgot-password', { email: user.email })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(ctx.mail.filter((m) => m.to === user.email)).toHaveLength(5);
  });

  it('answers 429 with Retry-After after too many requests from one address', async () => {
    const agent = new Agent(ctx.app, 'localhost', '10.9.9.8');
    let res = await agent.post('/api/forgot-password', { email: `a0_${Date.now()}@example.test` });
    for (let i = 1; i <= 40; i++) {
      expect(res.statusCode).toBe(200);
      res = await agent.post('/api/forgot-password', { email: `a${i}_${Date.now()}@example.test` });
    }
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/reset-password/validate', () => {
  it('says whether a token is usable, without caching or leaking the referrer', async () => {
    const user = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const token = await requestToken(user.email);
    const res = await new Agent(ctx.app).get(
      `/api/reset-password/validate?token=${encodeURIComponent(token)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/reset-password/validate', '/api/reset-password/validate?token=made-up']) {
      expect((await new Agent(ctx.app).get(url)).json()).toEqual({ valid: false });
    }
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, which then signs in (and the old one does not)', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const token = await requestToken(user.email);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your password has been updated. You can now login with your new password.',
    });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const agent = new Agent(ctx.app, org.host);
    expect(
      (await agent.post('/api/login', { username: user.username, password: user.password })).statusCode,
    ).toBe(401);
    expect(
      (await agent.post('/api/login', { username: user.username, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['password', 'Sh0rt!', 'Password must be at least 8 characters long'],
    ['password', 'lowercase-only-1', 'Password must contain at least one uppercase letter'],
    ['password', 'UPPERCASE-ONLY-1', 'Password must contain at least one lowercase letter'],
    ['password', 'No-digits-here', 'Password must contain at least one number'],
    ['password', 'NoSpecial123', 'Password must contain at least one special character'],
  ])('refuses a weak password: %s "%s"', async (field, password, message) => {
    const user = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const token = await requestToken(user.email);
    const res = await reset(token, password);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
    // A refused attempt does not spend the link.
    expect((await new Agent(ctx.app).get(`/api/reset-password/validate?token=${token}`)).json()).toEqual({
      valid: true,
    });
  });

  it('refuses mismatched, missing confirmations and a missing token with the spec messages', async () => {
    const mismatch = await reset('some-token', NEW_PASSWORD, 'Other-pass1!');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ confirmPassword: "Passwords don't match" });
    const unconfirmed = await new Agent(ctx.app).post('/api/reset-password', {
      token: 't',
      password: NEW_PASSWORD,
    });
    expect(unconfirmed.json().errors.confirmPassword).toBe('Please confirm your password');
    const tokenless = await new Agent(ctx.app).post('/api/reset-password', {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(tokenless.json()).toMatchObject({ message: 'Reset token is required' });
  });

  it('works once: the same link cannot be used twice', async () => {
    const user = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const token = await requestToken(user.email);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'Another-pass2!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await new Agent(ctx.app).get(`/api/reset-password/validate?token=${token}`)).json()).toEqual({
      valid: false,
    });
  });

  it('refuses an expired link', async () => {
    const user = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const token = await requestToken(user.email);
    await ctx.database.query(
      `update users set reset_token_expiry = now() - interval '1 second' where id = $1`,
      [user.id],
    );
    expect((await new Agent(ctx.app).get(`/api/reset-password/validate?token=${token}`)).json()).toEqual({
      valid: false,
    });
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
  });

  it('voids an older link when a newer one is requested', async () => {
    const user = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const older = await requestToken(user.email);
    const newer = await requestToken(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(older)).json()).toEqual(INVALID);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('stores only a digest of the token', async () => {
    const user = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const token = await requestToken(user.email);
    const [row] = await ctx.database.query<{ reset_token: string }>(
      'select reset_token from users where id = $1',
      [user.id],
    );
    expect(row.reset_token).toMatch(/^[0-9a-f]{64}$/);
    expect(row.reset_token).not.toContain(token);
  });

  it("ends the user's existing sessions", async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const first = await signedIn(ctx, user, org);
    const second = await signedIn(ctx, user, org);
    const bystander = await signedIn(ctx, await buildUser(ctx.database, { org }), org);
    expect((await reset(await requestToken(user.email))).statusCode).toBe(200);
    expect((await first.get('/api/me')).statusCode).toBe(401);
    expect((await second.get('/api/me')).statusCode).toBe(401);
    expect((await bystander.get('/api/me')).statusCode).toBe(200);
  });
});

describe('no secrets in password answers', () => {
  it('never returns password hashes, tokens or session ids', async () => {
    const org = await buildOrg(ctx.database);
    const user = await buildUser(ctx.database, { org });
    const agent = await signedIn(ctx, user, org);
    const bodies = [(await agent.post('/api/forgot-password', { email: user.email })).body];
    const token = tokenOf(lastLink(user.email));
    bodies.push((await agent.get(`/api/reset-password/validate?token=${token}`)).body);
    bodies.push((await reset(token, 'weak')).body);
    await expectNoSecrets(ctx, bodies, [token]);
    bodies.push((await reset(token)).body);
    await expectNoSecrets(ctx, bodies, [token]);
  });
});

describe('mail over SMTP', () => {
  it('delivers the reset link through the configured SMTP server and marks the outbox row sent', async () => {
    const received: { to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString(),
          });
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    const mailer = createMailer(
      ctx.database,
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      'Greenroom <no-reply@test>',
    );
    const app = await buildApp({ config: testConfig(), database: ctx.database, mailer });
    try {
      const org = await buildOrg(ctx.database);
      const user = await buildUser(ctx.database, { org });
      const res = await new Agent(app, org.host).post('/api/forgot-password', { email: user.email });
      expect(res.json()).toEqual(SENT);
      // The answer does not wait for the mail server (that would reveal which accounts exist).
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000 });
      expect(received[0].to).toEqual([user.email]);
      // Quoted-printable may wrap long lines with a soft break ("=\r\n").
      const body = received[0].data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
      expect(body).toContain('Subject: Reset your Greenroom password');
      const link = /http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(body)?.[0];
      expect(link).toMatch(new RegExp(`^http://${org.shortname}\\.localhost:5000/reset-password\\?token=`));
      await vi.waitFor(async () => {
        const [row] = await ctx.database.query<{ sent_at: Date | null; error: string | null }>(
          'select sent_at, error from mail_outbox where to_address = $1',
          [user.email],
        );
        expect(row.error).toBeNull();
        expect(row.sent_at).not.toBeNull();
      });
      // The link from the real mail works.
      expect((await reset(tokenOf(String(link)))).statusCode).toBe(200);
    } finally {
      await app.close();
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps the error in the outbox when the SMTP server cannot be reached, and still answers 200', async () => {
    const probe = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    probe.listen(0, '127.0.0.1');
    await once(probe.server, 'listening');
    const port = (probe.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const mailer = createMailer(
      ctx.database,
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      'Greenroom <no-reply@test>',
    );
    const app = await buildApp({ config: testConfig(), database: ctx.database, mailer });
    try {
      const user = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
      const res = await new Agent(app).post('/api/forgot-password', { email: user.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
      await vi.waitFor(
        async () => {
          const [row] = await ctx.database.query<{ sent_at: Date | null; error: string | null }>(
            'select sent_at, error from mail_outbox where to_address = $1',
            [user.email],
          );
          expect(row.sent_at).toBeNull();
          expect(row.error).toMatch(/ECONNREFUSED|connect/i);
        },
        { timeout: 5000 },
      );
    } finally {
      await app.close();
      mailer.close();
    }
  });
});
