// The browser's side of the month view: a member opens /calendar on a month with
// 500 events, and the time runs until those events are painted. Headless Chromium through
// playwright-core, against the bench's server serving a production build of the web app.
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';

export const BROWSER_EVENTS = 500;
export const BROWSER_MONTH = '2031-09';
const MID_MONTH = `${BROWSER_MONTH}-15`;
const RUNS = 5;

export interface MonthViewTiming {
  /** Page load of /calendar?view=month on the month, to its events painted (bundle cached). */
  navigateMs: number[];
  /** First load with an empty browser cache. */
  coldNavigateMs: number;
  /** From the month before it, a click on Next to the month's events painted. */
  clickMs: number[];
}

export async function timeMonthView(opts: {
  origin: string;
  cookie: { name: string; value: string };
}): Promise<MonthViewTiming> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // bypassCSP: the app's CSP forbids eval, which the timing probes below are.
    // The production build's service worker serves repeat visits, as a member's browser would;
    // BENCH_SERVICE_WORKER=block measures without it (what the worker costs or saves).
    const context = await browser.newContext({
      viewport: { width: 1440, height: 1000 },
      bypassCSP: true,
      serviceWorkers: process.env.BENCH_SERVICE_WORKER === 'block' ? 'block' : 'allow',
    });
    const { hostname } = new URL(opts.origin);
    await context.addCookies([
      { ...opts.cookie, domain: hostname, path: '/', httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    // Timed inside the page: a mid-month day's chips appear (the whole grid is rendered in one
    // commit, so the month's events are then in the page), checked on every animation frame; two
    // frames later they are painted. Times are from the navigation's start, or from the click.
    // Script text, not functions: tsx would hand its name helpers to the page.
    const selector = JSON.stringify(`[data-date="${MID_MONTH}"] [data-event-id]`);
    const painted = async () => {
      await page.waitForFunction(`!!document.querySelector(${selector})`, undefined, {
        polling: 'raf',
        timeout: 30_000,
      });
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    };
    const navigate = async () => {
      const t0 = performance.now();
      await page.goto(`${opts.origin}/calendar?view=month&date=${MID_MONTH}`, { waitUntil: 'commit' });
      await painted();
      return performance.now() - t0;
    };

    const coldNavigateMs = await navigate();
    const navigateMs: number[] = [];
    for (let i = 0; i < RUNS; i++) navigateMs.push(await navigate());

    const clickMs: number[] = [];
    const previous = `${BROWSER_MONTH.slice(0, 5)}${String(Number(BROWSER_MONTH.slice(5)) - 1).padStart(2, '0')}-15`;
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${opts.origin}/calendar?view=month&date=${previous}`);
      await page.locator(`[data-date="${previous}"]`).waitFor();
      await page.waitForLoadState('networkidle');
      const t0 = performance.now();
      await page.getByRole('button', { name: 'Next' }).click();
      await painted();
      clickMs.push(performance.now() - t0);
    }
    return { navigateMs, coldNavigateMs, clickMs };
  } finally {
    await browser.close();
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
