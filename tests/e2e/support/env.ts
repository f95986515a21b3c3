// Where the browser tests find the app and its captured mail. The Playwright runner evaluates its
// config in the main process and again in every worker: the main process decides (free ports, a
// fresh run directory) and records the decision in the environment, which workers inherit, so
// every process agrees without files or globals.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The system administrator created at first boot of the e2e server (username `system`). */
export const SYSTEM_ADMIN_PASSWORD = 'E2e-system-Admin-2026';

// Prints a free loopback port: `preferred` when it is free, else one the OS picks.
const FREE_PORT = `
const net = require('node:net');
const tryPort = (port) => new Promise((resolve) => {
  const s = net.createServer();
  s.once('error', () => resolve(null));
  s.listen(port, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});
(async () => {
  const preferred = Number(process.argv[1]);
  process.stdout.write(String((preferred && (await tryPort(preferred))) || (await tryPort(0))));
})();`;

function freePort(preferred: number): string {
  return execFileSync(process.execPath, ['-e', FREE_PORT, String(preferred)], { encoding: 'utf8' }).trim();
}

if (!process.env.E2E_RUN_DIR) {
  process.env.E2E_PORT ||= freePort(5055);
  process.env.E2E_SMTP_PORT ||= freePort(0);
  process.env.E2E_RUN_DIR = mkdtempSync(path.join(tmpdir(), 'greenroom-e2e-'));
  mkdirSync(path.join(process.env.E2E_RUN_DIR, 'mail'), { recursive: true });
}

export const PORT = Number(process.env.E2E_PORT);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
/** Holds the server's embedded database (data/) and every captured message (mail/). */
export const RUN_DIR = process.env.E2E_RUN_DIR;
export const MAIL_DIR = path.join(RUN_DIR, 'mail');
/** The main site. */
export const BASE_URL = `http://localhost:${PORT}`;

/** An organization's address: http://{shortname}.localhost:{port}{path} (Chromium resolves *.localhost to loopback). */
export function orgUrl(shortname: string, pathname = '/'): string {
  return `http://${shortname}.localhost:${PORT}${pathname}`;
}

/** The environment the e2e server runs with. */
export function serverEnv(): Record<string, string> {
  return {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(RUN_DIR, 'data'),
    SEED_DEMO: '1',
    SYSTEM_ADMIN_PASSWORD,
    ENABLE_TEMP_LOGIN: '1',
    BASE_DOMAIN: 'localhost',
    PUBLIC_URL: BASE_URL,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: 'Greenroom <no-reply@greenroom.test>',
    SESSION_SECRET: 'e2e-session-secret',
    LOG_LEVEL: 'warn',
    E2E_RUN_DIR: RUN_DIR,
    E2E_MAIL_DIR: MAIL_DIR,
    E2E_SMTP_PORT: String(SMTP_PORT),
  };
}
