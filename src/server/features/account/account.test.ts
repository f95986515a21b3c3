import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import {
  type BuiltOrg,
  type BuiltUser,
  buildOrg,
  buildSystemUser,
  buildUser,
  signedIn,
} from '../../../../tests/support/factories';
import { expectNoSecrets } from '../../../../tests/support/secrets';
import { multipart } from '../../../../tests/support/teams';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

async function member(org?: BuiltOrg) {
  const o = org ?? (await buildOrg(ctx.database));
  const user = await buildUser(ctx.database, { org: o });
  return { org: o, user, agent: await signedIn(ctx, user, o) };
}

const profileOf = (user: BuiltUser, over: Record<string, unknown> = {}) => ({
  email: user.email,
  username: user.username,
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Stage manager.',
  ...over,
});

const storedUser = async (id: number) =>
  (
    await ctx.database.query<Record<string, unknown>>(
      `select username, email, first_name, last_name, bio, profile_picture, password from users where id = $1`,
      [id],
    )
  )[0];

describe('PATCH /api/users/:id/profile', () => {
  it('saves the member’s own profile and answers with the user, which /api/me then shows', async () => {
    const { user, agent } = await member();
    const newName = `${user.username}_x`;
    const res = await agent.patch(
      `/api/users/${user.id}/profile`,
      profileOf(user, { username: newName, currentPassword: user.password }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id: user.id,
      username: newName,
      email: user.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Stage manager.',
      profilePicture: null,
    });
    const me = (await agent.get('/api/me')).json();
    expect(me.user).toMatchObject({ username: newName, firstName: 'Ada', bio: 'Stage manager.' });
    await expectNoSecrets(ctx, [res.body]);
  });

  it('shows the change in the directory and on the person page', async () => {
    const { org, user, agent } = await member();
    await agent.patch(`/api/users/${user.id}/profile`, profileOf(user, { firstName: 'Zelda' }));
    const dir = (await agent.get(`/api/organizations/${org.id}/directory`)).json();
    expect(JSON.stringify(dir)).toContain('Zelda');
  });

  it('stores an empty bio as none', async () => {
    const { user, agent } = await member();
    const res = await agent.patch(`/api/users/${user.id}/profile`, profileOf(user, { bio: '  ' }));
    expect(res.json().user.bio).toBeNull();
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ firstName: ' ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ bio: 'x'.repeat(501) }, 'bio', 'Bio must be 500 characters or less'],
  ])('refuses %o with the spec’s message and changes nothing', async (over, field, message) => {
    const { user, agent } = await member();
    const before = await storedUser(user.id);
    const res = await agent.patch(`/api/users/${user.id}/profile`, profileOf(user, over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
    expect(await storedUser(user.id)).toEqual(before);
  });

  it('accepts a bio of exactly 500 characters', async () => {
    const { user, agent } = await member();
    const res = await agent.patch(`/api/users/${user.id}/profile`, profileOf(user, { bio: 'y'.repeat(500) }));
    expect(res.statusCode).toBe(200);
  });

  it('answers 409 for a username someone else has, in any case and any organization, and changes nothing', async () => {
    const { org, user, agent } = await member();
    const other = await buildUser(ctx.database, { org });
    const stranger = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const before = await storedUser(user.id);
    for (const taken of [other.username.toUpperCase(), stranger.username]) {
      const res = await agent.patch(
        `/api/users/${user.id}/profile`,
        profileOf(user, { username: taken, currentPassword: user.password }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This username is already taken' });
    }
    expect(await storedUser(user.id)).toEqual(before);
  });

  it('answers 401 signed out, 403 for another member (even an admin), 404 across organizations, before looking at the body', async () => {
    const { org, user } = await member();
    const before = await storedUser(user.id);
    const anonymous = await new Agent(ctx.app, org.host).patch(
      `/api/users/${user.id}/profile`,
      profileOf(user),
    );
    expect(anonymous.statusCode).toBe(401);
    const admin = await buildUser(ctx.database, { org, role: 'admin' });
    const adminAgent = await signedIn(ctx, admin, org);
    const res = await adminAgent.patch(`/api/users/${user.id}/profile`, { bio: 'x'.repeat(900) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You can only edit your own profile' });
    const foreign = await member();
    const across = await foreign.agent.patch(`/api/users/${user.id}/profile`, profileOf(user));
    expect(across.statusCode).toBe(404);
    expect(await storedUser(user.id)).toEqual(before);
  });

  it('lets a system user edit anyone’s profile, and answers 404 for no such user', async () => {
    const { user } = await member();
    const system = await buildSystemUser(ctx);
    const res = await system.agent.patch(
      `/api/users/${user.id}/profile`,
      profileOf(user, { lastName: 'Byron' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.lastName).toBe('Byron');
    const missing = await system.agent.patch('/api/users/2000000000/profile', profileOf(user));
    expect(missing.statusCode).toBe(404);
  });
});

describe('PATCH /api/me/password', () => {
  const NEW = 'Another-pass-42';
  const change = (agent: Agent, body: Record<string, unknown>) => agent.patch('/api/me/password', body);

  it('changes the password, keeps this session, ends the others and mails the member', async () => {
    const { org, user, agent } = await member();
    const otherBrowser = await signedIn(ctx, user, org);
    const res = await change(agent, {
      currentPassword: user.password,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password updated' });
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    expect((await otherBrowser.get('/api/me')).statusCode).toBe(401);
    const mail = ctx.mail.filter((m) => m.to === user.email).at(-1);
    expect(mail?.subject).toBe('Your Greenroom password was changed');
    expect(mail?.text).not.toContain(NEW);
    // The new password signs in; the old one no longer does.
    const fresh = new Agent(ctx.app, org.host);
    expect(
      (await fresh.post('/api/login', { username: user.username, password: user.password })).statusCode,
    ).toBe(401);
    expect((await fresh.post('/api/login', { username: user.username, password: NEW })).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: '', newPassword: NEW, confirmPassword: NEW }, 'Current password is required'],
    [
      { currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' },
      'Password must be at least 8 characters',
    ],
    [{ currentPassword: 'x', newPassword: NEW, confirmPassword: '' }, 'Please confirm your password'],
    [{ currentPassword: 'x', newPassword: NEW }, 'Please confirm your password'],
    [{ currentPassword: 'x', newPassword: NEW, confirmPassword: `${NEW}!` }, "Passwords don't match"],
  ])('refuses %o with 400 and its message, changing nothing', async (body, message) => {
    const { user, agent } = await member();
    const before = await storedUser(user.id);
    const res = await change(agent, { ...body, currentPassword: body.currentPassword && user.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await storedUser(user.id)).toEqual(before);
  });

  it('refuses a wrong current password, keeps every session and sends no mail', async () => {
    const { org, user, agent } = await member();
    const otherBrowser = await signedIn(ctx, user, org);
    const before = await storedUser(user.id);
    const mails = ctx.mail.length;
    const res = await change(agent, {
      currentPassword: 'wrong-password',
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Current password is incorrect');
    expect(await storedUser(user.id)).toEqual(before);
    expect((await otherBrowser.get('/api/me')).statusCode).toBe(200);
    expect(ctx.mail.length).toBe(mails);
  });

  it('counts wrong current passwords like sign-in failures (429 after ten)', async () => {
    const { user, agent } = await member();
    for (let i = 0; i < 10; i++) {
      const res = await change(agent, {
        currentPassword: `wrong-${i}`,
        newPassword: NEW,
        confirmPassword: NEW,
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await change(agent, {
      currentPassword: user.password,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('answers 401 signed out', async () => {
    const res = await new Agent(ctx.app).patch('/api/me/password', {
      currentPassword: 'a',
      newPassword: NEW,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('/api/me/profile-picture', () => {
  const png = (width = 900, height = 700) =>
    sharp({ create: { width, height, channels: 3, background: '#10b981' } })
      .png()
      .toBuffer();
  const upload = (
    agent: Agent,
    data: Buffer,
    type = 'image/png',
    name = 'me.png',
    field = 'profilePicture',
  ) => {
    const { body, headers } = multipart(field, name, type, data);
    return agent.post('/api/me/profile-picture', body, headers);
  };

  it('re-encodes the picture, sets it on the member and replaces the previous file', async () => {
    const { org, user, agent } = await member();
    const first = await upload(agent, await png());
    expect(first.statusCode).toBe(200);
    const url = first.json().profilePictureUrl as string;
    expect(url).toMatch(/^\/files\/\d+\/[0-9a-f]{16}$/);
    const served = await new Agent(ctx.app, org.host).get(url);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 600, format: 'png' });
    expect((await agent.get('/api/me')).json().user.profilePicture).toBe(url);

    const second = await upload(agent, await png(300, 300));
    const firstId = Number(url.split('/')[2]);
    expect(await ctx.database.query('select 1 from stored_files where id = $1', [firstId])).toHaveLength(0);
    expect((await storedUser(user.id)).profile_picture).toBe(second.json().profilePictureUrl);
  });

  it('checks the content, not the name: a text file called .png is refused, a JPEG called .txt is kept', async () => {
    const { user, agent } = await member();
    const fake = await upload(agent, Buffer.from('<script>alert(1)</script>'), 'image/png', 'evil.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ message: 'Please upload an image file (JPG, PNG, GIF, WebP).' });
    expect((await storedUser(user.id)).profile_picture).toBeNull();
    const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const res = await upload(agent, jpeg, 'text/plain', 'notes.txt');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a file over 5 MB with 413 and keeps the old picture', async () => {
    const { user, agent } = await member();
    const kept = (await upload(agent, await png(50, 50))).json().profilePictureUrl;
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const res = await upload(agent, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Profile picture must be smaller than 5MB.' });
    expect((await storedUser(user.id)).profile_picture).toBe(kept);
  });

  it('refuses a missing or misnamed file part', async () => {
    const { agent } = await member();
    expect((await upload(agent, await png(), 'image/png', 'a.png', 'picture')).statusCode).toBe(400);
    expect((await agent.post('/api/me/profile-picture', {})).statusCode).toBe(400);
  });

  it('removes the picture and its file', async () => {
    const { user, agent } = await member();
    const url = (await upload(agent, await png(40, 40))).json().profilePictureUrl as string;
    const res = await agent.delete('/api/me/profile-picture');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ profilePictureUrl: null });
    expect((await storedUser(user.id)).profile_picture).toBeNull();
    expect(
      await ctx.database.query('select 1 from stored_files where id = $1', [Number(url.split('/')[2])]),
    ).toHaveLength(0);
  });

  it('answers 401 signed out for both', async () => {
    const anonymous = new Agent(ctx.app);
    expect((await upload(anonymous, await png(10, 10))).statusCode).toBe(401);
    expect((await anonymous.delete('/api/me/profile-picture')).statusCode).toBe(401);
  });
});
