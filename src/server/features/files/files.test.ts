import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { INVALID_IMAGE, storeFile, storeImage } from './store';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#6b46c1' } })
    .png()
    .toBuffer();

describe('stored images', () => {
  it('re-encodes and serves the bytes back with nosniff and long caching', async () => {
    const stored = await storeImage(ctx.database, await png(), { organizationId: null, createdBy: null });
    const res = await new Agent(ctx.app).get(stored.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(40);
  });

  it('refuses bytes that are not an image, whatever they claim', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    await expect(storeImage(ctx.database, html, { organizationId: null, createdBy: null })).rejects.toThrow(
      INVALID_IMAGE,
    );
  });

  it('answers 404 to a wrong key or unknown id', async () => {
    const stored = await storeImage(ctx.database, await png(), { organizationId: null, createdBy: null });
    const agent = new Agent(ctx.app);
    expect((await agent.get(stored.url.replace(/\/[^/]+$/, '/0000000000000000'))).statusCode).toBe(404);
    expect((await agent.get('/files/999999999/0000000000000000')).statusCode).toBe(404);
  });
});

describe('stored files that are not images', () => {
  it('are not served at /files/{id}/{key}, even with the right key (team files go to members only)', async () => {
    const data = Buffer.from('Act 1, scene 1: the script everyone has a copy of');
    const stored = await storeFile(ctx.database, data, { organizationId: 1, createdBy: null });
    const res = await new Agent(ctx.app).get(stored.url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Act 1');
  });
});
