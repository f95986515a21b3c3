// The embedded database's first boot (initdb, every migration, the first data) runs in a child
// process that exits when done. PGlite's WebAssembly memory can only grow: what initialising and
// seeding touched would otherwise stay resident for the life of the server. The server then opens
// the finished database fresh, exactly as on any later start.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** True while DATA_DIR holds no embedded database yet. */
export function needsFirstBoot(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'db', 'PG_VERSION'));
}

/** Runs first-boot.child.ts in a child process with this environment; rejects if it fails. */
export function runFirstBoot(): Promise<void> {
  const entry = path.join(import.meta.dirname, 'first-boot.child.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`first boot failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}
