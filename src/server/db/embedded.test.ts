// The embedded database as the server opens it (a data directory, not the tests' in-memory one):
// PostgreSQL's memory settings are the small ones, and a committed write survives the process
// being killed outright.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SETTINGS, openDatabase } from './client';

const dataDir = mkdtempSync(path.join(tmpdir(), 'greenroom-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(process.env.DATABASE_URL)('the embedded database', () => {
  it('runs with the small memory settings', async () => {
    const database = await openDatabase({ dataDir });
    try {
      for (const [name, value] of Object.entries(EMBEDDED_SETTINGS)) {
        const [row] = await database.query<Record<string, string>>(`show ${name}`);
        expect([name, row[name]]).toEqual([name, value]);
      }
      expect(EMBEDDED_SETTINGS.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  }, 60_000);

  it('keeps a committed write when the process is killed with SIGKILL', async () => {
    const client = path.join(import.meta.dirname, 'client.ts');
    const script = `
      const { openDatabase } = await import(${JSON.stringify(client)});
      const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      await database.query("insert into app_secrets (name, value) values ('durability-test', 'kept')");
      console.log('committed');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('committed')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`child exited (${code}) before committing`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.query<{ value: string }>(
        "select value from app_secrets where name = 'durability-test'",
      );
      expect(rows).toEqual([{ value: 'kept' }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
