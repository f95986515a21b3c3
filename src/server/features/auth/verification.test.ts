import { beforeAll, describe, expect, it } from 'vitest';
import { SUPERSEDED_VERIFICATION_LINK } from '../../../common/email-verification';
import { Agent, getTestApp, type TestContext, uniqueId } from '../../../../tests/support/app';
import { buildOrg } from '../../../../tests/support/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

async function orgRequiringVerification(requireAdminApproval = false) {
  const org = await buildOrg(ctx.database, { enablePublicRegistration: true, requireAdminApproval });
  await ctx.database.query('update organizations set require_email_verification = true where id = $1', [
    org.id,
  ]);
  return org;
}

function joinBody() {
  const username = `joiner_${uniqueId()}`;
  return {
    username,
    email: `${username}@example.test`,
    password: 'Joiner-pass-1',
    confirmPassword: 'Joiner-pass-1',
    agreeToTerms: true,
  };
}

const linkTo = (email: string) => {
  const mail = ctx.mail.filter((m) => m.to === email).at(-1);
  const match = /(http:\/\/\S+\/verify-email\?token=(\S+))/.exec(mail?.text ?? '');
  return match ? { url: match[1], token: match[2] } : null;
};

const SUPERSEDED = SUPERSEDED_VERIFICATION_LINK;

describe('email verification', () => {
  it('asks a new member to verify, refuses sign-in until then, and lets them in after', async () => {
    const org = await orgRequiringVerification();
    const body = joinBody();
    const agent = new Agent(ctx.app, org.host);
    const joined = await agent.post('/api/register', body);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ requiresApproval: false, requiresEmailVerification: true });
    expect(agent.cookie).toBeUndefined();
    const first = linkTo(body.email);
    expect(first?.url).toMatch(new RegExp(`^http://${org.shortname}\\.localhost:5000/verify-email\\?token=`));

    const refused = await agent.post('/api/login', { username: body.username, password: body.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Please verify your email address before signing in. We have sent a new verification link to your email.',
    );
    const second = linkTo(body.email);
    expect(second?.token).not.toBe(first?.token);

    // The newer link replaces the older one, and the older one says so.
    const stale = await agent.post('/api/verify-email', { token: first?.token });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: SUPERSEDED });
    const verified = await agent.post('/api/verify-email', { token: second?.token });
    expect(verified.json()).toEqual({
      message: 'Your email address has been verified. You can now sign in.',
    });
    expect(
      (await agent.post('/api/login', { username: body.username, password: body.password })).statusCode,
    ).toBe(200);
  });

  it('names a link two sign-ins old as replaced too, and any old link as used once verified', async () => {
    const org = await orgRequiringVerification();
    const body = joinBody();
    const agent = new Agent(ctx.app, org.host);
    await agent.post('/api/register', body);
    const first = linkTo(body.email);
    await agent.post('/api/login', { username: body.username, password: body.password });
    await agent.post('/api/login', { username: body.username, password: body.password });
    const third = linkTo(body.email);
    expect((await agent.post('/api/verify-email', { token: first?.token })).json()).toEqual({
      message: SUPERSEDED,
    });
    expect((await agent.post('/api/verify-email', { token: third?.token })).statusCode).toBe(200);
    expect((await agent.post('/api/verify-email', { token: first?.token })).json()).toEqual({
      message: 'This verification link is invalid or has already been used.',
    });
  });

  it('still needs admin approval after verification when the organization asks for both', async () => {
    const org = await orgRequiringVerification(true);
    const body = joinBody();
    const agent = new Agent(ctx.app, org.host);
    expect((await agent.post('/api/register', body)).json()).toMatchObject({
      requiresApproval: true,
      requiresEmailVerification: true,
    });
    await agent.post('/api/verify-email', { token: linkTo(body.email)?.token });
    const res = await agent.post('/api/login', { username: body.username, password: body.password });
    expect(res.json().message).toBe('Your membership is pending approval by an administrator');
  });

  it('refuses unknown and used tokens, and a missing one with the field message', async () => {
    const agent = new Agent(ctx.app);
    const unknown = await agent.post('/api/verify-email', { token: 'not-a-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'This verification link is invalid or has already been used.',
    });
    const missing = await agent.post('/api/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Verification token is required');
  });

  it('sends no verification when the organization does not require it', async () => {
    const org = await buildOrg(ctx.database, { enablePublicRegistration: true, requireAdminApproval: false });
    const body = joinBody();
    const res = await new Agent(ctx.app, org.host).post('/api/register', body);
    expect(res.json()).toEqual({ message: `Welcome to ${org.name}!`, requiresApproval: false });
    expect(linkTo(body.email)).toBeNull();
  });

  it('stores only a digest of the token', async () => {
    const org = await orgRequiringVerification();
    const body = joinBody();
    await new Agent(ctx.app, org.host).post('/api/register', body);
    const [row] = await ctx.database.query<{ t: string }>(
      'select email_verification_token as t from users where username = $1',
      [body.username],
    );
    expect(row.t).toMatch(/^[0-9a-f]{64}$/);
    expect(row.t).not.toBe(linkTo(body.email)?.token);
    // A replaced link's token is kept only as a digest too.
    await new Agent(ctx.app, org.host).post('/api/login', {
      username: body.username,
      password: body.password,
    });
    const [after] = await ctx.database.query<{ old: string[] }>(
      'select email_verification_superseded as old from users where username = $1',
      [body.username],
    );
    expect(after.old).toEqual([row.t]);
  });
});
