// Disk full under the embedded database: DATA_DIR on a small tmpfs (this suite runs as root and
// mounts it), filled with a ballast file while the app runs. Writes must answer a clear 503, the
// store must not be corrupted, and once space is back the app restarts on the same DATA_DIR with
// everything it had committed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, type Reply, startApp, stopAllApps } from './support/app';
import { DISK_FULL } from '../../src/server/app';
import { round } from './support/load';

const DEMO_PASSWORD = 'Greenroom-demo-2026';
const mountPoint = mkdtempSync(path.join(tmpdir(), 'greenroom-ops-full-'));
const mounted =
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=160m,mode=0755', 'tmpfs', mountPoint]).status === 0;
if (!mounted)
  console.log(
    'Disk full: SKIPPED, this machine cannot mount a tmpfs (not root, or no CAP_SYS_ADMIN). Run the ops suite as root.',
  );

afterAll(async () => {
  await stopAllApps();
  if (mounted) spawnSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const df = () =>
  spawnSync('df', ['-k', '--output=avail', mountPoint], { encoding: 'utf8' }).stdout.split('\n')[1]?.trim();

describe.skipIf(!mounted)('disk full on the embedded database', () => {
  it('answers writes with a clear 503, keeps serving reads, and restarts on the same DATA_DIR with all committed data', async () => {
    const dataDir = path.join(mountPoint, 'data');
    const env = { DATA_DIR: dataDir, SEED_DEMO: '1' };
    let app = await startApp(env);
    const owner = new Client(app.port, 'demo');
    const { organization } = await owner.login('olivia', DEMO_PASSWORD);
    const base = `/api/organizations/${organization.id}/wiki`;
    const stored: string[] = [];
    const write = async (title: string, content = 'Kept') => {
      const res = await owner.post(base, { title, content, tags: [] }, 30_000);
      if (res.status === 201) stored.push(res.json().slug);
      return res;
    };
    for (let i = 0; i < 5; i++) expect((await write(`Before full ${i}`)).status).toBe(201);
    const freeKb = df();

    // Fill the filesystem to the last block.
    const ballast = path.join(mountPoint, 'ballast');
    spawnSync('dd', ['if=/dev/zero', `of=${ballast}`, 'bs=1M'], { encoding: 'utf8' });
    expect(df()).toBe('0');

    // Pages of 50 KB: the first may still fit in free room inside the data files, then none does.
    const attempts: Reply[] = [];
    const refused: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await write(`While full ${i}`, `${'A long page. '.repeat(4000)}${i}`);
      attempts.push(res);
      if (res.status !== 201) refused.push(`while-full-${i}`);
    }
    const statuses = attempts.map((r) => r.status);
    expect(
      statuses.every((s) => s === 201 || s === 503),
      statuses.join(),
    ).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of attempts.filter((r) => r.status === 503)) {
      expect(res.json()).toEqual({ message: DISK_FULL });
      expect(res.headers['retry-after']).toBe('60');
      expect(res.ms).toBeLessThan(5000);
    }
    // Reads go on.
    expect((await owner.get(`${base}/${stored[0]}`)).status).toBe(200);
    expect((await owner.get('/api/me')).status).toBe(200);

    // Space back: writes work again without a restart, and the store is whole after one.
    rmSync(ballast);
    expect((await write('After space')).status).toBe(201);
    expect(await app.stop()).toBe(0);
    const restartAt = performance.now();
    app = await startApp(env);
    const restartMs = round(performance.now() - restartAt);
    const again = new Client(app.port, 'demo');
    await again.login('olivia', DEMO_PASSWORD);
    for (const slug of stored) expect((await again.get(`${base}/${slug}`)).status, slug).toBe(200);
    for (const slug of refused) expect((await again.get(`${base}/${slug}`)).status, slug).toBe(404);
    expect((await again.post(base, { title: 'After restart', content: 'Fine', tags: [] })).status).toBe(201);
    const latencies = attempts.filter((r) => r.status === 503).map((r) => round(r.ms));
    console.log(
      [
        `Disk full on the embedded database (DATA_DIR on a 160 MB tmpfs, ${freeKb} KB free before the ballast):`,
        `  ${attempts.length} writes of 50 KB while full: ${attempts.length - refused.length} fitted in free room inside the data files, ${refused.length} answered 503 "${DISK_FULL.slice(0, 45)}…" in ${Math.min(...latencies)}-${Math.max(...latencies)} ms`,
        `  reads answered 200 while full; after space returned a write succeeded without a restart`,
        `  restart on the same DATA_DIR: healthy in ${restartMs} ms, ${stored.length} stored pages all there, ${refused.length} refused ones absent`,
      ].join('\n'),
    );
  });
});
