// Browser tests against the real app as `npm start` runs it: built SPA, embedded PostgreSQL in a
// fresh directory, demo data, a known system password and a mail catcher (tests/e2e/support).
// Chromium is Debian's /usr/bin/chromium, never a downloaded one; organizations are {shortname}.localhost,
// which Chromium resolves to loopback with no set-up.
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, PORT, serverEnv } from './tests/e2e/support/env';

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two at once: each spec builds its own data or only reads the demo organization's, and spends
  // much of its time waiting on the browser or the server, so two share the two cores well.
  workers: 2,
  // Whole user journeys on a shared 2-core machine: generous, since a slow step is not a failure.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    headless: true,
    // Recording a trace films every step of every test, and on two cores the browsers' share of
    // that is a third of the suite's time: a test that fails is filmed on its retry instead
    // (`--trace on` films a run by hand).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The production build registers a service worker (vite.config.ts); specs run without it, so
    // every request reaches the server as they expect. installable.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    // What changes the demo organization's look runs first, one test at a time: an accessibility
    // walk or a screenshot beside it would read its colours halfway.
    { name: 'branding', grep: /@branding/, workers: 1, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'chromium',
      grepInvert: /@branding/,
      dependencies: ['branding'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    // Builds the web bundle when missing or stale (scripts/start.mjs), then serves it with the API.
    command: 'node --import tsx tests/e2e/support/web-server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    // A run owns its server: a reused one would have other data and no mail catcher.
    reuseExistingServer: false,
    timeout: 180_000,
    env: { ...serverEnv(), DATABASE_URL: '' },
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
