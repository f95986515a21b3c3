import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildOrgWithRoles, buildSystemUser } from '../../../../tests/support/factories';
import { INVALID_IMAGE } from '../files/store';
import { ICO_REFUSED, SVG_REFUSED } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const png = (width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: '#10b981' } })
    .png()
    .toBuffer();

/** A browser-like multipart upload of one file. */
function upload(agent: Agent, url: string, field: string, data: Buffer, filename: string, type: string) {
  const boundary = `----greenroom${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return agent.request('POST', url, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

const SETTINGS = {
  name: 'Riverside Players',
  description: 'Community theater by the river',
  contactEmail: 'box-office@riverside.test',
  phone: '+1 555 0100',
  customDomain: 'tickets.riverside.test',
  enableCustomDomain: true,
  enablePublicRegistration: true,
  requireEmailVerification: true,
  requireAdminApproval: false,
  defaultRole: 'team_lead',
  timezone: 'Europe/London',
};

describe('organization settings', () => {
  it('reads and updates the settings; the shortname stays read-only', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const before = await agents.admin.get(`/api/organizations/${org.id}/settings`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      id: org.id,
      shortname: org.shortname,
      requireAdminApproval: true,
      defaultRole: 'standard_user',
      timezone: 'America/New_York',
      enableCustomDomain: false,
    });
    const res = await agents.owner.patch(`/api/organizations/${org.id}`, {
      ...SETTINGS,
      shortname: 'hijacked',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...SETTINGS, shortname: org.shortname });
    // The session's organization (what every screen reads) follows at once.
    expect((await agents.standard_user.get('/api/me')).json().organization).toMatchObject({
      name: 'Riverside Players',
      timezone: 'Europe/London',
      enablePublicRegistration: true,
    });
    const [log] = await ctx.database.query<{ details: { changes: Record<string, unknown> } }>(
      `select details from audit_log where organization_id = $1 and action = 'organization.settings_updated'`,
      [org.id],
    );
    expect(log.details.changes.timezone).toEqual({ from: 'America/New_York', to: 'Europe/London' });
  });

  it('has the notification worker look at its digests again when the zone changes', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const dueAt = async () =>
      (
        await ctx.database.query<{ due: string }>(
          'select digests_due_at::text as due from organizations where id = $1',
          [org.id],
        )
      )[0].due;
    await ctx.database.query(
      "update organizations set digests_due_at = now() + interval '1 day' where id = $1",
      [org.id],
    );
    expect(
      (await agents.owner.patch(`/api/organizations/${org.id}`, { description: 'Same zone' })).statusCode,
    ).toBe(200);
    expect(await dueAt()).not.toBe('-infinity');
    expect(
      (await agents.owner.patch(`/api/organizations/${org.id}`, { timezone: 'Asia/Tokyo' })).statusCode,
    ).toBe(200);
    expect(await dueAt()).toBe('-infinity');
  });

  it('accepts a partial change and leaves the rest alone', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const res = await agents.admin.patch(`/api/organizations/${org.id}`, { description: 'Just this' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'Just this',
      name: org.name,
      requireAdminApproval: true,
    });
  });

  it('gives the spec messages', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const url = `/api/organizations/${org.id}`;
    const res = await agents.owner.patch(url, {
      name: '  ',
      contactEmail: 'not-an-email',
      timezone: 'Mars/Olympus_Mons',
      defaultRole: 'owner',
      customDomain: 'not a domain',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Organization name is required',
      contactEmail: 'Invalid email',
      timezone: 'Please choose a valid time zone',
      defaultRole: 'This role cannot be assigned',
      customDomain: 'Please enter a valid domain, such as theater.example.com',
    });
    const noDomain = await agents.owner.patch(url, { enableCustomDomain: true });
    expect(noDomain.statusCode).toBe(400);
    expect(noDomain.json().message).toBe('Please enter the custom domain to enable it');
    expect((await agents.owner.patch(url, { contactEmail: '' })).json().contactEmail).toBeNull();
  });

  it('is refused to signed-out callers, lower roles and other organizations', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const url = `/api/organizations/${org.id}`;
    expect((await new Agent(ctx.app, org.host).patch(url, { name: 'x' })).statusCode).toBe(401);
    for (const role of ['board', 'volunteer_coordinator', 'team_lead', 'standard_user'] as const) {
      expect((await agents[role].patch(url, { name: 'x' })).statusCode).toBe(403);
      expect((await agents[role].get(`${url}/settings`)).statusCode).toBe(403);
    }
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.patch(url, { name: 'x' })).statusCode).toBe(404);
    expect((await other.agents.owner.get(`${url}/settings`)).statusCode).toBe(404);
    const { agent: system } = await buildSystemUser(ctx);
    expect((await system.patch(url, { phone: '123' })).json().phone).toBe('123');
  });
});

describe('branding', () => {
  it('starts at the spec defaults and is readable by every member', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const res = await agents.standard_user.get(`/api/organizations/${org.id}/branding`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      logoUrl: null,
      favicon: null,
      primaryColor: '#6b46c1',
      secondaryColor: '#f0594f',
      accentColor: '#10b981',
      backgroundColor: '#ffffff',
      textColor: '#111827',
      theme: 'light',
      customCss: null,
    });
  });

  it('saves colours, theme and CSS, and every member sees them in their session', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const css = '.card { border-radius: 0; background: url("data:image/png;base64,iVBORw0KGgo=") }';
    const res = await agents.admin.put(`/api/organizations/${org.id}/branding`, {
      primaryColor: '#0055AA',
      theme: 'dark',
      customCss: css,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      primaryColor: '#0055AA',
      theme: 'dark',
      customCss: css,
      accentColor: '#10b981',
    });
    const me = (await agents.standard_user.get('/api/me')).json();
    expect(me.organization).toMatchObject({ primaryColor: '#0055AA', theme: 'dark' });
    // The stylesheet link is versioned by this time, so a save reaches every browser at once.
    expect(new Date(me.organization.updatedAt).toISOString()).toBe(res.json().updatedAt);

    const sheet = await agents.standard_user.get(`/api/organizations/${org.id}/custom.css?v=1`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.headers['x-content-type-options']).toBe('nosniff');
    expect(sheet.headers['content-security-policy']).toContain("default-src 'none'");
    expect(sheet.body).toBe(css);
  });

  it('refuses CSS that could load from elsewhere or run script, with a clear message', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const url = `/api/organizations/${org.id}/branding`;
    const cases: [string, RegExp][] = [
      ['body { background: url(https://tracker.example/p.png) }', /url\(\) with embedded images/],
      ["body { background: url('//evil.example/x') }", /url\(\) with embedded images/],
      ['@import "https://evil.example/x.css";', /@import/],
      ['@imp/**/ort url(x);', /@import|url/],
      ['body { width: expression(alert(1)) }', /expression/],
      ['a { background: u\\72l(https://x) }', /backslash/],
      ['</style><script>alert(1)</script>', /HTML/],
      ['div { behavior: url(x.htc) }', /behavior|url/],
      ['div { background: image-set("https://x.example/a.png" 1x) }', /image-set/],
      ['div { background: url(data:image/svg+xml;base64,PHN2Zz4=) }', /embedded images/],
    ];
    for (const [css, message] of cases) {
      const res = await agents.owner.put(url, { customCss: css });
      expect(res.statusCode, css).toBe(400);
      expect(res.json().message, css).toMatch(message);
    }
    expect((await agents.owner.get(url)).json().customCss).toBeNull();
  });

  it('withholds stored CSS that fails the check, however it got there', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    await ctx.database.query(`update organizations set custom_css = $2 where id = $1`, [
      org.id,
      'body{background:url(https://evil.example/x.png)}',
    ]);
    const sheet = await agents.standard_user.get(`/api/organizations/${org.id}/custom.css`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.body).not.toContain('evil.example');
    expect(sheet.body).toMatch(/^\/\* Custom CSS withheld/);
  });

  it('gives the spec messages for colours, theme and image addresses', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const res = await agents.owner.put(`/api/organizations/${org.id}/branding`, {
      primaryColor: 'purple',
      textColor: '#12345',
      theme: 'neon',
      logoUrl: 'javascript:alert(1)',
      favicon: 'http://insecure.example/f.png',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      primaryColor: 'Must be a valid hex color',
      textColor: 'Must be a valid hex color',
      theme: 'Theme must be light, dark or auto',
      logoUrl: 'Must be a valid URL',
      favicon: 'Must be a valid URL',
    });
    const ok = await agents.owner.put(`/api/organizations/${org.id}/branding`, {
      logoUrl: 'https://cdn.example.org/logo.png',
      favicon: '',
    });
    expect(ok.json()).toMatchObject({ logoUrl: 'https://cdn.example.org/logo.png', favicon: null });
  });

  it('is changed only by owners, admins and system users; other organizations get 404', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const url = `/api/organizations/${org.id}/branding`;
    expect((await new Agent(ctx.app, org.host).put(url, { theme: 'dark' })).statusCode).toBe(401);
    for (const role of ['board', 'volunteer_coordinator', 'team_lead', 'standard_user'] as const) {
      expect((await agents[role].put(url, { theme: 'dark' })).statusCode).toBe(403);
    }
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.put(url, { theme: 'dark' })).statusCode).toBe(404);
    expect((await other.agents.owner.get(url)).statusCode).toBe(404);
    expect((await other.agents.owner.get(`/api/organizations/${org.id}/custom.css`)).statusCode).toBe(404);
  });
});

describe('logo and favicon uploads', () => {
  it('re-encodes an uploaded logo, applies it and serves it', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const res = await upload(
      agents.admin,
      `/api/organizations/${org.id}/upload-logo`,
      'logo',
      await png(),
      'logo.png',
      'image/png',
    );
    expect(res.statusCode).toBe(200);
    const { logoUrl } = res.json();
    expect(logoUrl).toMatch(/^\/files\/\d+\/[0-9a-f]{16}$/);
    expect((await agents.standard_user.get('/api/me')).json().organization.logoUrl).toBe(logoUrl);
    const image = await agents.standard_user.get(logoUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // A replaced logo's file is removed.
    const second = await upload(
      agents.admin,
      `/api/organizations/${org.id}/upload-logo`,
      'logo',
      await png(80, 40),
      'l2.png',
      'image/png',
    );
    expect(second.json().logoUrl).not.toBe(logoUrl);
    expect((await agents.standard_user.get(logoUrl)).statusCode).toBe(404);
  });

  it('uploads a favicon, scaled down', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const res = await upload(
      agents.owner,
      `/api/organizations/${org.id}/upload-favicon`,
      'favicon',
      await png(1024, 1024),
      'f.png',
      'image/png',
    );
    expect(res.statusCode).toBe(200);
    const image = await agents.owner.get(res.json().favicon);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(256);
  });

  it('refuses SVG, ICO and anything that is not an image', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const logo = `/api/organizations/${org.id}/upload-logo`;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svgRes = await upload(agents.owner, logo, 'logo', svg, 'logo.png', 'image/png');
    expect(svgRes.statusCode).toBe(400);
    expect(svgRes.json().message).toBe(SVG_REFUSED);
    const ico = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(40)]);
    const icoRes = await upload(
      agents.owner,
      `/api/organizations/${org.id}/upload-favicon`,
      'favicon',
      ico,
      'favicon.ico',
      'image/x-icon',
    );
    expect(icoRes.json().message).toBe(ICO_REFUSED);
    const text = await upload(agents.owner, logo, 'logo', Buffer.from('hello'), 'a.png', 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(INVALID_IMAGE);
    const wrongField = await upload(agents.owner, logo, 'picture', await png(), 'a.png', 'image/png');
    expect(wrongField.json().message).toBe('Please choose an image to upload');
    expect((await agents.owner.get(`/api/organizations/${org.id}/branding`)).json().logoUrl).toBeNull();
  });

  it('refuses lower roles (403) and other organizations (404)', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const url = `/api/organizations/${org.id}/upload-logo`;
    expect((await upload(agents.team_lead, url, 'logo', await png(), 'a.png', 'image/png')).statusCode).toBe(
      403,
    );
    const other = await buildOrgWithRoles(ctx);
    expect(
      (await upload(other.agents.admin, url, 'logo', await png(), 'a.png', 'image/png')).statusCode,
    ).toBe(404);
  });
});

describe('public branding and stylesheet', () => {
  it('serves an approved organization without sign-in, and nothing for a pending one', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    await agents.owner.put(`/api/organizations/${org.id}/branding`, {
      primaryColor: '#123456',
      customCss: 'h1{color:red}',
    });
    const anon = new Agent(ctx.app);
    const branding = await anon.get(`/api/public/${org.shortname}/branding`);
    expect(branding.statusCode).toBe(200);
    expect(branding.json()).toMatchObject({ name: org.name, primaryColor: '#123456' });
    expect(branding.json()).not.toHaveProperty('id');
    const sheet = await anon.get(`/api/public/${org.shortname}/custom.css`);
    expect(sheet.body).toBe('h1{color:red}');
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    expect((await anon.get(`/api/public/${pending.shortname}/branding`)).statusCode).toBe(404);
    expect((await anon.get(`/api/public/${pending.shortname}/custom.css`)).statusCode).toBe(404);
  });
});

describe('GET /api/organizations/{orgId}/audit', () => {
  it('shows owners and admins who did what, newest first, in pages', async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    await agents.admin.post(`/api/organizations/${org.id}/users/${people.board.id}/disable`, {
      reason: 'On leave',
    });
    await agents.owner.put(`/api/organizations/${org.id}/branding`, { theme: 'auto' });
    const res = await agents.owner.get(`/api/organizations/${org.id}/audit?pageSize=1`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(body.items[0]).toMatchObject({
      action: 'organization.branding_updated',
      actor: { id: people.owner.id, username: people.owner.username },
      details: { changes: { theme: { from: 'light', to: 'auto' } } },
    });
    const page2 = (await agents.admin.get(`/api/organizations/${org.id}/audit?pageSize=1&page=2`)).json();
    expect(page2.items[0]).toMatchObject({
      action: 'user.disabled',
      targetType: 'user',
      targetId: people.board.id,
      targetUsername: people.board.username,
      details: { reason: 'On leave', username: people.board.username },
    });
    const filtered = (
      await agents.admin.get(`/api/organizations/${org.id}/audit?action=user.disabled`)
    ).json();
    expect(filtered.total).toBe(1);
  });

  it('is for owners, admins and system users only', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const url = `/api/organizations/${org.id}/audit`;
    expect((await new Agent(ctx.app, org.host).get(url)).statusCode).toBe(401);
    expect((await agents.board.get(url)).statusCode).toBe(403);
    expect((await agents.standard_user.get(url)).statusCode).toBe(403);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.get(url)).statusCode).toBe(404);
    const { agent: system } = await buildSystemUser(ctx);
    expect((await system.get(url)).statusCode).toBe(200);
  });
});
