import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildOrgWithRoles } from '../../../../tests/support/factories';
import { expectNoSecrets } from '../../../../tests/support/secrets';
import { storeImage } from '../files';
import type { manifestFor } from './app-manifest';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

/** What the manifest route answers. */
type Manifest = ReturnType<typeof manifestFor>;

const manifestOn = (host: string) => new Agent(ctx.app, host).get('/manifest.webmanifest');

/** Each icon the manifest lists, fetched from the same address, with what sharp reads in it. */
async function iconsOf(host: string, manifest: Manifest) {
  const agent = new Agent(ctx.app, host);
  return Promise.all(
    manifest.icons.map(async (icon) => {
      const res = await agent.get(icon.src);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      const { data } = await sharp(res.rawPayload)
        .extract({ left: Math.floor(meta.width / 2), top: Math.floor(meta.height / 2), width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { icon, format: meta.format, width: meta.width, height: meta.height, centre: [...data] };
    }),
  );
}

/** A one-colour logo, stored as an upload of `organizationId` would be. */
async function logoOf(organizationId: number, background: string) {
  const png = await sharp({ create: { width: 300, height: 120, channels: 3, background } })
    .png()
    .toBuffer();
  return (await storeImage(ctx.database, png, { organizationId, createdBy: null })).url;
}

describe('web app manifest', () => {
  it('gives each organization its own name, colours and icons drawn from its logo', async () => {
    const a = await buildOrgWithRoles(ctx);
    const b = await buildOrg(ctx.database);
    const logoUrl = await logoOf(a.org.id, '#ff0000');
    const branded = await a.agents.owner.put(`/api/organizations/${a.org.id}/branding`, {
      primaryColor: '#0e7490',
      backgroundColor: '#fefce8',
      logoUrl,
    });
    expect(branded.statusCode).toBe(200);

    const resA = await manifestOn(a.org.host);
    expect(resA.statusCode).toBe(200);
    expect(resA.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(resA.headers['set-cookie']).toBeUndefined();
    const manifestA = resA.json<Manifest>();
    expect(manifestA).toMatchObject({
      name: a.org.name,
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#0e7490',
      background_color: '#fefce8',
    });
    expect(manifestA.short_name.length).toBeLessThanOrEqual(12);

    const manifestB = (await manifestOn(b.host)).json<Manifest>();
    expect(manifestB).toMatchObject({ name: b.name, theme_color: '#6b46c1', background_color: '#ffffff' });
    expect(manifestB.icons.map((i) => i.src)).not.toEqual(manifestA.icons.map((i) => i.src));

    // 192 and 512 for any use, and a maskable 512; all PNG of the size they claim.
    const iconsA = await iconsOf(a.org.host, manifestA);
    expect(iconsA.map(({ icon }) => [icon.sizes, icon.purpose, icon.type])).toEqual([
      ['192x192', 'any', 'image/png'],
      ['512x512', 'any', 'image/png'],
      ['512x512', 'maskable', 'image/png'],
    ]);
    for (const { icon, format, width, height } of iconsA) {
      expect(format).toBe('png');
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    // A's icons show its (red) logo; B has none, so its icons are Greenroom's mark on its primary.
    for (const { centre } of iconsA) expect(centre).toEqual([255, 0, 0]);
    const iconsB = await iconsOf(b.host, manifestB);
    for (const { centre, width } of iconsB) {
      expect(centre).not.toEqual([255, 0, 0]);
      expect([192, 512]).toContain(width);
    }
  });

  it('the main site gets Greenroom’s own manifest', async () => {
    const res = await manifestOn('localhost');
    expect(res.statusCode).toBe(200);
    const manifest = res.json<Manifest>();
    expect(manifest).toMatchObject({ name: 'Greenroom', short_name: 'Greenroom', start_url: '/' });
    const icons = await iconsOf('localhost', manifest);
    expect(icons.map((i) => `${i.width}x${i.height}`)).toEqual(['192x192', '512x512', '512x512']);
  });

  it('a dark organization starts on the dark page colour', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    await agents.owner.put(`/api/organizations/${org.id}/branding`, { theme: 'dark' });
    expect((await manifestOn(org.host)).json<Manifest>().background_color).toBe('#0f172a');
  });

  it('never draws another organization’s logo', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const other = await buildOrg(ctx.database);
    const foreignLogo = await logoOf(other.id, '#ff0000');
    expect(
      (await agents.owner.put(`/api/organizations/${org.id}/branding`, { logoUrl: foreignLogo })).statusCode,
    ).toBe(200);
    const icons = await iconsOf(org.host, (await manifestOn(org.host)).json<Manifest>());
    for (const { centre } of icons) expect(centre).not.toEqual([255, 0, 0]);
  });

  it('an unknown or unapproved organization has no manifest and no icons', async () => {
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    for (const host of ['no-such-theater.localhost', pending.host]) {
      const res = await manifestOn(host);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Organization not found' });
      expect((await new Agent(ctx.app, host).get('/app-icons/icon-192.png')).statusCode).toBe(404);
    }
  });

  it('refuses an icon it does not make', async () => {
    const org = await buildOrg(ctx.database);
    const res = await new Agent(ctx.app, org.host).get('/app-icons/icon-1024.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String), errors: { name: expect.any(String) } });
  });

  it('says nothing but the public look, and starts no session even for a signed-in member', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    await agents.owner.patch(`/api/organizations/${org.id}`, { contactEmail: 'box-office@secret.test' });
    await agents.owner.put(`/api/organizations/${org.id}/branding`, { customCss: '.x { color: red; }' });
    const res = await agents.standard_user.get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'background_color',
        'description',
        'display',
        'icons',
        'id',
        'name',
        'scope',
        'shortcuts',
        'short_name',
        'start_url',
        'theme_color',
      ].sort(),
    );
    expect(res.body).not.toContain('secret.test');
    expect(res.body).not.toContain('color: red');
    await expectNoSecrets(ctx, [res.body]);
  });
});
