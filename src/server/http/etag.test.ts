import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { KeptBody } from './etag';

describe('a kept body compressed', () => {
  // Sent often (quality 7) a small body is compressed on the event loop and a large one on the
  // thread pool; sent once (quality 1), both on the event loop.
  it.each([
    ['small, sent often', 5_000, 'often'],
    ['small, sent once', 5_000, 'once'],
    ['large, sent often', 200_000, 'often'],
    ['large, sent once', 200_000, 'once'],
  ] as const)('decodes to the same bytes (%s)', async (_, length, sent) => {
    const body = JSON.stringify(
      Array.from({ length: length / 20 }, (_, i) => ({ id: i, n: `row ${i % 97}` })),
    );
    const kept = new KeptBody(body, sent);
    expect(brotliDecompressSync(await kept.encode('br')).toString()).toBe(body);
    expect(gunzipSync(await kept.encode('gzip')).toString()).toBe(body);
    expect((await kept.encode('br')).length).toBeLessThan(body.length / 4);
  });

  it('compresses a body sent once on the event loop up to 1 MB, and a large one sent often on the pool', async () => {
    // Its reader would otherwise wait a turn of the event loop for the pool's answer.
    const bodyOf = (bytes: number) =>
      JSON.stringify('x'.repeat(bytes)).replace(/x/g, (_, i) => String(i % 7));
    const inLine = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      const month = bodyOf(600_000);
      await new KeptBody(month, 'once').encode('br');
      expect(inLine).toHaveBeenCalledTimes(1);
      await new KeptBody(month, 'often').encode('br');
      await new KeptBody(bodyOf(1_100_000), 'once').encode('br');
      expect(inLine).toHaveBeenCalledTimes(1);
    } finally {
      inLine.mockRestore();
    }
  });

  it('compresses a body made to be sent once tightly when it is asked for again', async () => {
    const body = JSON.stringify(
      Array.from({ length: 10_000 }, (_, i) => ({ id: i, name: `Rehearsal ${i % 13}`, space: 'Main Stage' })),
    );
    const kept = new KeptBody(body, 'once');
    const quick = await kept.encode('br');
    // The second read still gets the quick form, and starts the tight one.
    expect(await kept.encode('br')).toBe(quick);
    await expect.poll(async () => (await kept.encode('br')).length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(await kept.encode('br')).toString()).toBe(body);
  });
});
