import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildTeamWorld, multipart } from '../../../../tests/support/teams';
import { INVALID_IMAGE } from '../files/store';
import { attachmentDisposition } from './assets-routes';
import { cleanFileName } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const png = (width = 1600, height = 429) =>
  sharp({ create: { width, height, channels: 3, background: '#6b46c1' } })
    .png()
    .toBuffer();

const upload = (
  agent: Agent,
  teamId: number,
  data: Buffer,
  type = 'image/png',
  field = 'headerImage',
  name = 'h.png',
) => {
  const { body, headers } = multipart(field, name, type, data);
  return agent.post(`/api/teams/${teamId}/header-image`, body, headers);
};

const storedIds = async (orgId: number) =>
  (
    await ctx.database.query<{ id: number }>('select id from stored_files where organization_id = $1', [
      orgId,
    ])
  ).map((r) => r.id);

describe('POST /api/teams/:teamId/header-image', () => {
  it('re-encodes the image at most 800 px wide and serves those bytes back exactly', async () => {
    const w = await buildTeamWorld(ctx);
    const res = await upload(w.agents.team_lead, w.team.id, await png());
    expect(res.statusCode).toBe(200);
    const { headerImage } = res.json();
    expect(headerImage).toMatch(/^\/files\/\d+\/[0-9a-f]{16}$/);
    const [stored] = await ctx.database.query<{ data: Uint8Array }>(
      'select data from stored_files where id = $1',
      [Number(headerImage.split('/')[2])],
    );
    const served = await new Agent(ctx.app, w.org.host).get(headerImage);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age');
    expect(Buffer.compare(served.rawPayload, Buffer.from(stored.data))).toBe(0);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 800, format: 'png' });
    const team = await w.agents.standard_user.get(
      `/api/organizations/${w.org.id}/teams/handle/${w.team.handle}`,
    );
    expect(team.json().headerImage).toBe(headerImage);
  });

  it('drops the old stored image on replace and on remove', async () => {
    const w = await buildTeamWorld(ctx);
    const first = (await upload(w.agents.admin, w.team.id, await png(400, 107))).json().headerImage;
    const second = (await upload(w.agents.admin, w.team.id, await png(500, 134))).json().headerImage;
    expect(second).not.toBe(first);
    expect((await new Agent(ctx.app).get(first)).statusCode).toBe(404);
    const removed = await w.agents.team_lead.delete(`/api/teams/${w.team.id}/header-image`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ headerImage: null });
    expect((await new Agent(ctx.app).get(second)).statusCode).toBe(404);
    expect(await storedIds(w.org.id)).toEqual([]);
  });

  it('refuses non-images and spoofed types by content, keeping nothing', async () => {
    const w = await buildTeamWorld(ctx);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [data, type] of [
      [html, 'image/png'],
      [Buffer.from('%PDF-1.4 fake'), 'application/pdf'],
      [Buffer.concat([Buffer.from('GIF89a'), html]), 'image/gif'],
    ] as const) {
      const res = await upload(w.agents.admin, w.team.id, data, type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INVALID_IMAGE });
    }
    // A real image sent with a wrong claimed type is judged by its bytes and accepted.
    expect((await upload(w.agents.admin, w.team.id, await png(300, 80), 'text/plain')).statusCode).toBe(200);
    expect(await storedIds(w.org.id)).toHaveLength(1);
  });

  it('refuses files over the limit with 413, and requests without the field', async () => {
    const w = await buildTeamWorld(ctx);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const tooBig = await upload(w.agents.admin, w.team.id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'File too large' });
    const wrongField = await upload(w.agents.admin, w.team.id, await png(), 'image/png', 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect((await w.agents.admin.post(`/api/teams/${w.team.id}/header-image`, {})).statusCode).toBe(400);
    expect(await storedIds(w.org.id)).toEqual([]);
  });

  it('answers 403 to members and other leads, 404 to other organizations, 401 signed out', async () => {
    const w = await buildTeamWorld(ctx);
    const image = await png(100, 27);
    expect((await upload(w.agents.standard_user, w.team.id, image)).statusCode).toBe(403);
    expect((await upload(w.otherLead.agent, w.team.id, image)).statusCode).toBe(403);
    expect((await upload(w.foreign.agent, w.team.id, image)).statusCode).toBe(404);
    expect((await upload(new Agent(ctx.app, w.org.host), w.team.id, image)).statusCode).toBe(401);
    expect((await w.agents.standard_user.delete(`/api/teams/${w.team.id}/header-image`)).statusCode).toBe(
      403,
    );
    expect((await w.foreign.agent.delete(`/api/teams/${w.team.id}/header-image`)).statusCode).toBe(404);
    expect(await storedIds(w.org.id)).toEqual([]);
  });
});

const uploadAsset = (
  agent: Agent,
  teamId: number,
  data: Buffer,
  name = 'script.pdf',
  type = 'application/pdf',
) => {
  const { body, headers } = multipart('file', name, type, data);
  return agent.post(`/api/teams/${teamId}/assets`, body, headers);
};

describe('team assets', () => {
  it('uploads any file, lists it and downloads it as an attachment to members', async () => {
    const w = await buildTeamWorld(ctx);
    const data = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await uploadAsset(
      w.agents.team_lead,
      w.team.id,
      data,
      '..\\..\\Script; final é.html',
      'text/html',
    );
    expect(res.statusCode).toBe(201);
    const asset = res.json();
    expect(asset).toMatchObject({
      teamId: w.team.id,
      originalName: 'Script; final é.html',
      mimeType: 'text/html',
      fileSize: data.length,
      uploadedBy: w.people.team_lead.id,
      filePath: `/api/teams/${w.team.id}/assets/${asset.id}/download`,
    });
    const detail = await w.agents.standard_user.get(
      `/api/organizations/${w.org.id}/teams/handle/${w.team.handle}`,
    );
    expect(detail.json().assets).toEqual([asset]);
    const dl = await w.agents.board.get(asset.filePath);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/octet-stream');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="Script; final _.html"; filename*=UTF-8''Script%3B%20final%20%C3%A9.html`,
    );
    expect(Buffer.compare(dl.rawPayload, data)).toBe(0);
    expect((await w.foreign.agent.get(asset.filePath)).statusCode).toBe(404);
    expect((await new Agent(ctx.app, w.org.host).get(asset.filePath)).statusCode).toBe(401);
  });

  it('refuses files over 10 MB and empty ones, keeping nothing', async () => {
    const w = await buildTeamWorld(ctx);
    const tooBig = await uploadAsset(w.agents.admin, w.team.id, Buffer.alloc(10 * 1024 * 1024 + 1, 7));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'File too large' });
    expect((await uploadAsset(w.agents.admin, w.team.id, Buffer.alloc(0))).statusCode).toBe(400);
    const ok = await uploadAsset(w.agents.admin, w.team.id, Buffer.alloc(10 * 1024 * 1024, 7));
    expect(ok.statusCode).toBe(201);
    expect(await storedIds(w.org.id)).toHaveLength(1);
  });

  it('deletes an asset and its bytes; members and outsiders cannot', async () => {
    const w = await buildTeamWorld(ctx);
    const asset = (await uploadAsset(w.agents.admin, w.team.id, Buffer.from('hello'))).json();
    const url = `/api/teams/${w.team.id}/assets/${asset.id}`;
    expect((await w.agents.standard_user.delete(url)).statusCode).toBe(403);
    expect((await w.otherLead.agent.delete(url)).statusCode).toBe(403);
    expect((await w.foreign.agent.delete(url)).statusCode).toBe(404);
    expect((await uploadAsset(w.agents.standard_user, w.team.id, Buffer.from('x'))).statusCode).toBe(403);
    expect((await w.agents.team_lead.delete(url)).statusCode).toBe(200);
    expect((await w.agents.team_lead.get(asset.filePath)).statusCode).toBe(404);
    expect((await w.agents.team_lead.delete(url)).statusCode).toBe(404);
    expect(await storedIds(w.org.id)).toEqual([]);
  });
});

describe('download names', () => {
  it('never lets a name break out of its header or into a folder', () => {
    expect(attachmentDisposition('a "b"\\c.txt')).toBe(
      `attachment; filename="a _b__c.txt"; filename*=UTF-8''a%20%22b%22%5Cc.txt`,
    );
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\x\\evil\r\nSet-Cookie: a.txt')).toBe('evilSet-Cookie: a.txt');
    expect(cleanFileName('///')).toBe('file');
  });
});
