// What signs in to an account changes only with proof: a session alone (someone else's open
// browser) can neither move the e-mail address nor rename the account.
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext, uniqueId } from '../../../../tests/support/app';
import {
  type BuiltOrg,
  type BuiltUser,
  buildOrg,
  buildSystemUser,
  buildUser,
  signedIn,
} from '../../../../tests/support/factories';
import { withNotificationsLate } from '../../../../tests/support/change-feed';
import { expectNoSecrets } from '../../../../tests/support/secrets';
import { LINK_REFUSALS } from './email-change';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

async function member(org?: BuiltOrg, role: 'standard_user' | 'admin' = 'standard_user') {
  const o = org ?? (await buildOrg(ctx.database));
  const user = await buildUser(ctx.database, { org: o, role });
  return { org: o, user, agent: await signedIn(ctx, user, o) };
}

const freshEmail = () => `new_${uniqueId()}@example.test`;
const changeUrl = (user: { id: number }) => `/api/users/${user.id}/email-change`;
const storedEmail = async (id: number) =>
  (await ctx.database.query<{ email: string }>('select email from users where id = $1', [id]))[0].email;
const mailTo = (address: string) => ctx.mail.filter((m) => m.to === address);

/** The confirmation link of the newest mail to this address. */
function linkTo(address: string) {
  const text = mailTo(address).at(-1)?.text ?? '';
  const link = /(http\S+\/confirm-email\?token=\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no confirmation link to ${address}: ${text}`);
  return link;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const confirm = (token: unknown) => new Agent(ctx.app).post('/api/email-change/confirm', { token });

async function requestChange(agent: Agent, user: BuiltUser, email = freshEmail()) {
  const res = await agent.post(changeUrl(user), { email, currentPassword: user.password });
  expect(res.statusCode).toBe(202);
  return { email, res, token: tokenOf(linkTo(email)) };
}

/** Turns two-step sign-in on directly; codes are then computed for the real clock. */
async function withTwoStep(user: { id: number }) {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  await ctx.database.query('update users set totp_secret = $2, totp_last_time_step = null where id = $1', [
    user.id,
    secret,
  ]);
  return () => generate({ secret });
}

describe('PATCH /api/users/:id/profile', () => {
  it('refuses a new email without the change flow, changing and mailing nothing', async () => {
    const { user, agent } = await member();
    const email = freshEmail();
    const res = await agent.patch(`/api/users/${user.id}/profile`, {
      email,
      username: user.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: 'Use Change email to change your email address' });
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(mailTo(email)).toEqual([]);
  });

  it('still changes names and bio without a password', async () => {
    const { user, agent } = await member();
    const res = await agent.patch(`/api/users/${user.id}/profile`, {
      email: user.email,
      username: user.username,
      firstName: 'Grace',
      lastName: 'Hopper',
      bio: 'Lights.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: user.email });
    expect(mailTo(user.email)).toEqual([]);
  });

  it('renames only with the current password, and tells the account’s address', async () => {
    const { org, user, agent } = await member();
    const renamed = `renamed_${uniqueId()}`;
    const body = { email: user.email, username: renamed, firstName: 'A', lastName: 'B' };
    const without = await agent.patch(`/api/users/${user.id}/profile`, body);
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual({
      currentPassword: 'Enter your current password to change your username',
    });
    const wrong = await agent.patch(`/api/users/${user.id}/profile`, { ...body, currentPassword: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
    const [before] = await ctx.database.query('select username from users where id = $1', [user.id]);
    expect(before).toEqual({ username: user.username });
    expect(mailTo(user.email)).toEqual([]);

    const ok = await agent.patch(`/api/users/${user.id}/profile`, {
      ...body,
      currentPassword: user.password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.username).toBe(renamed);
    const [notice] = mailTo(user.email);
    expect(notice.subject).toBe('Your Greenroom username was changed');
    expect(notice.text).toContain(`from "${user.username}" to "${renamed}"`);
    const login = await new Agent(ctx.app, org.host).post('/api/login', {
      username: renamed,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('asks for the two-step code too when two-step sign-in is on', async () => {
    const { user, agent } = await member();
    const code = await withTwoStep(user);
    const body = {
      email: user.email,
      username: `renamed_${uniqueId()}`,
      firstName: 'A',
      lastName: 'B',
      currentPassword: user.password,
    };
    const without = await agent.patch(`/api/users/${user.id}/profile`, body);
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual({ code: 'Please enter the code from your authenticator app' });
    const ok = await agent.patch(`/api/users/${user.id}/profile`, { ...body, code: await code() });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 403 for a member of one’s organization (admins too) and 404 for anyone else', async () => {
    const { org, user } = await member();
    const body = { email: user.email, username: user.username, firstName: 'X', lastName: 'Y' };
    for (const role of ['standard_user', 'admin'] as const) {
      const other = await member(org, role);
      const res = await other.agent.patch(`/api/users/${user.id}/profile`, body);
      expect(res.statusCode).toBe(403);
    }
    const foreign = await member();
    expect((await foreign.agent.patch(`/api/users/${user.id}/profile`, body)).statusCode).toBe(404);
    expect((await foreign.agent.patch('/api/users/2000000000/profile', body)).statusCode).toBe(404);
  });
});

describe('POST /api/users/:id/email-change', () => {
  it('changes nothing without the current password, or with a wrong one', async () => {
    const { user, agent } = await member();
    const email = freshEmail();
    const missing = await agent.post(changeUrl(user), { email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ currentPassword: 'Current password is required' });
    const wrong = await agent.post(changeUrl(user), { email, currentPassword: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(mailTo(email)).toEqual([]);
    expect(mailTo(user.email)).toEqual([]);
    expect((await agent.get(changeUrl(user))).json()).toEqual({ pending: null });
  });

  it('changes the address only once the link sent to it is followed, telling the old one each time', async () => {
    const { org, user, agent } = await member();
    const { email, res, token } = await requestChange(agent, user);
    expect(res.json()).toMatchObject({
      message: `We sent a confirmation link to ${email}`,
      pending: { email },
    });
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(linkTo(email)).toMatch(
      new RegExp(`^http://${org.shortname}\\.localhost:5000/confirm-email\\?token=[A-Za-z0-9_-]{43}$`),
    );
    const [requested] = mailTo(user.email);
    expect(requested.subject).toBe('A change of your Greenroom email address was requested');
    expect(requested.text).toContain(email);
    expect(requested.text).not.toContain(token);
    const pending = (await agent.get(changeUrl(user))).json().pending;
    expect(pending.email).toBe(email);
    expect(new Date(pending.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    // The member's open session shows the new address at once, before any notification of it.
    await withNotificationsLate(async () => {
      const confirmed = await confirm(token);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ message: `Your email address is now ${email}.`, email });
      expect(confirmed.headers['cache-control']).toBe('no-store');
      expect(await storedEmail(user.id)).toBe(email);
      expect((await agent.get('/api/me')).json().user.email).toBe(email);
    });
    expect((await agent.get(changeUrl(user))).json()).toEqual({ pending: null });
    const changed = mailTo(user.email).at(-1);
    expect(changed?.subject).toBe('Your Greenroom email address was changed');
    expect(changed?.text).toContain(email);
  });

  it('refuses a link used already, one expired, and one a newer request replaced', async () => {
    const { user, agent } = await member();
    const first = await requestChange(agent, user);
    const second = await requestChange(agent, user);
    const superseded = await confirm(first.token);
    expect(superseded.statusCode).toBe(400);
    expect(superseded.json()).toEqual({ message: LINK_REFUSALS.superseded, data: { reason: 'superseded' } });
    expect(await storedEmail(user.id)).toBe(user.email);

    expect((await confirm(second.token)).statusCode).toBe(200);
    const reused = await confirm(second.token);
    expect(reused.json()).toEqual({ message: LINK_REFUSALS.used, data: { reason: 'used' } });

    const third = await requestChange(agent, user);
    await ctx.database.query(
      `update email_changes set expires_at = now() - interval '1 second' where user_id = $1 and confirmed_at is null`,
      [user.id],
    );
    const expired = await confirm(third.token);
    expect(expired.json()).toEqual({ message: LINK_REFUSALS.expired, data: { reason: 'expired' } });
    expect((await agent.get(changeUrl(user))).json()).toEqual({ pending: null });
    expect(await storedEmail(user.id)).toBe(second.email);

    const made = await confirm('made-up-token');
    expect(made.statusCode).toBe(400);
    expect(made.json()).toEqual({ message: LINK_REFUSALS.invalid, data: { reason: 'invalid' } });
    expect((await confirm('')).statusCode).toBe(400);
    expect((await new Agent(ctx.app).post('/api/email-change/confirm', {})).statusCode).toBe(400);
  });

  it('checks the address is free when asked and again when confirmed', async () => {
    const { org, user, agent } = await member();
    const stranger = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const taken = await agent.post(changeUrl(user), {
      email: stranger.email.toUpperCase(),
      currentPassword: user.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'This email address is already in use' });
    expect(mailTo(stranger.email.toUpperCase())).toEqual([]);

    const { email, token } = await requestChange(agent, user);
    const racer = await buildUser(ctx.database, { org });
    await ctx.database.query('update users set email = $2 where id = $1', [racer.id, email]);
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This email address is already in use');
    expect(await storedEmail(user.id)).toBe(user.email);
  });

  it('answers 429 after a few requests for one account within the hour', async () => {
    const { user, agent } = await member();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await agent.post(changeUrl(user), { email: freshEmail(), currentPassword: user.password });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(mailTo(user.email)).toHaveLength(5);
  });

  it('refuses the address the account has and an invalid one', async () => {
    const { user, agent } = await member();
    const same = await agent.post(changeUrl(user), { email: user.email, currentPassword: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ email: 'This is already your email address' });
    const invalid = await agent.post(changeUrl(user), { email: 'nope', currentPassword: user.password });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ email: 'Invalid email address' });
  });

  it('asks for the two-step code when two-step sign-in is on', async () => {
    const { user, agent } = await member();
    const code = await withTwoStep(user);
    const email = freshEmail();
    const body = { email, currentPassword: user.password };
    const without = await agent.post(changeUrl(user), body);
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual({ code: 'Please enter the code from your authenticator app' });
    const wrongCode = String((Number(await code()) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await agent.post(changeUrl(user), { ...body, code: wrongCode });
    expect(wrong.json().errors).toEqual({ code: 'That code is not valid. Please try again.' });
    expect(mailTo(email)).toEqual([]);
    const ok = await agent.post(changeUrl(user), { ...body, code: await code() });
    expect(ok.statusCode).toBe(202);
  });

  it('answers 401 signed out, 403 for another member of the organization, 404 for another organization', async () => {
    const { org, user } = await member();
    const body = { email: freshEmail(), currentPassword: user.password };
    const anonymous = new Agent(ctx.app, org.host);
    expect((await anonymous.post(changeUrl(user), body)).statusCode).toBe(401);
    expect((await anonymous.get(changeUrl(user))).statusCode).toBe(401);
    const admin = await member(org, 'admin');
    const asAdmin = await admin.agent.post(changeUrl(user), {
      ...body,
      currentPassword: admin.user.password,
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ message: 'You can only edit your own profile' });
    expect((await admin.agent.get(changeUrl(user))).statusCode).toBe(403);
    const foreign = await member();
    const across = await foreign.agent.post(changeUrl(user), {
      ...body,
      currentPassword: foreign.user.password,
    });
    expect(across.statusCode).toBe(404);
    expect((await foreign.agent.get(changeUrl(user))).statusCode).toBe(404);
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(mailTo(body.email)).toEqual([]);
  });

  it('lets a system user ask for anyone’s change with their own password, confirmed by the new address', async () => {
    const { user } = await member();
    const system = await buildSystemUser(ctx);
    const email = freshEmail();
    const unproven = await system.agent.post(changeUrl(user), { email, currentPassword: 'Wrong-pass-1' });
    expect(unproven.statusCode).toBe(400);
    const res = await system.agent.post(changeUrl(user), { email, currentPassword: system.user.password });
    expect(res.statusCode).toBe(202);
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(mailTo(user.email).at(-1)?.text).toContain('A Greenroom system administrator asked');
    expect((await confirm(tokenOf(linkTo(email)))).statusCode).toBe(200);
    expect(await storedEmail(user.id)).toBe(email);
    expect(
      (await system.agent.post(changeUrl({ id: 2000000000 }), { email, currentPassword: 'x' })).statusCode,
    ).toBe(404);
  });

  it('keeps only a digest of the token, never answers with it, and hides it in the outbox once delivered', async () => {
    const { user, agent } = await member();
    const { email, res, token } = await requestChange(agent, user);
    const [row] = await ctx.database.query<{ token_hash: string }>(
      'select token_hash from email_changes where user_id = $1',
      [user.id],
    );
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
    const bodies = [res.body, (await agent.get(changeUrl(user))).body];
    bodies.push((await confirm(token)).body);
    await expectNoSecrets(ctx, bodies, [token, row.token_hash]);

    const [mail] = await ctx.database.query<{ id: number }>(
      'select id from mail_outbox where to_address = $1',
      [email],
    );
    await ctx.database.query('update mail_outbox set sent_at = now() where id = $1', [mail.id]);
    const system = await buildSystemUser(ctx);
    const read = await system.agent.get(`/api/system/outbox/${mail.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().textBody).toContain('confirm-email?token=[hidden: delivered]');
    expect(read.body).not.toContain(token);
  });
});
