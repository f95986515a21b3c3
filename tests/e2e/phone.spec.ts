// Phones: at 320 and 375 px no page scrolls sideways, and the calendar shows event names (a
// compact month with a day agenda, the week as an agenda). One context per width and role.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { BASE_URL, DEMO, DEMO_ORG, orgUrl, signIn } from './support/app';

const REHEARSAL = 'Into the Woods rehearsal';

const PUBLIC = [
  `${BASE_URL}/`,
  `${BASE_URL}/login`,
  `${BASE_URL}/register`,
  orgUrl(DEMO_ORG, '/login'),
  orgUrl(DEMO_ORG, '/calls/respond?token=not-a-token&status=confirmed'),
];
const MEMBER = [
  '/dashboard',
  '/calendar',
  '/calendar?view=week',
  '/calendar?view=day',
  '/calendar?view=list',
  '/calendar/my-schedule',
  '/calendar/availability',
  '/calendar/call-sheet',
  '/directory',
  '/directory/teams',
  '/directory/people/@sam',
  '/account-settings',
  '/notification-settings',
];
const OWNER = [
  '/admin/users',
  '/admin/settings',
  '/admin/branding',
  '/admin/audit',
  '/calendar/availability',
  '/calendar/attendance',
];

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function phone(browser: Browser, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  return { context, page: await context.newPage() };
}

async function noSidewaysScroll(page: Page, urls: string[]) {
  const wide: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    const extra = await overflow(page);
    if (extra > 0) wide.push(`${url} is ${extra}px too wide`);
  }
  expect(wide).toEqual([]);
}

for (const width of [320, 375]) {
  test(`at ${width} px no page scrolls sideways and the calendar shows event names`, async ({ browser }) => {
    test.setTimeout(300_000);
    const visitor = await phone(browser, width);
    await noSidewaysScroll(visitor.page, [...PUBLIC, `${BASE_URL}/public/${DEMO_ORG}/calendar`]);
    await visitor.context.close();

    const member = await phone(browser, width);
    const page = member.page;
    await signIn(page, DEMO.standard);
    await noSidewaysScroll(
      page,
      MEMBER.map((path) => orgUrl(DEMO_ORG, path)),
    );

    // The month: a compact grid; choosing a day with events lists them by name below.
    await page.goto(orgUrl(DEMO_ORG, '/calendar'));
    const busyDay = page.locator('[data-day-button]', { hasText: /\d/ }).filter({
      has: page.locator('span[aria-hidden="true"]'),
    });
    await busyDay.first().click();
    const agenda = page.getByTestId('day-agenda');
    await expect(agenda.getByRole('button').first()).toBeVisible();
    await expect(agenda.getByRole('button').first()).toContainText(/\w{3,}/);
    // The week: a day-by-day agenda with the names.
    await page.goto(orgUrl(DEMO_ORG, '/calendar?view=week'));
    await expect(page.getByTestId('list-view').getByText(REHEARSAL).first()).toBeVisible();
    // Touch targets: the month's day buttons are at least 44 px tall.
    await page.goto(orgUrl(DEMO_ORG, '/calendar'));
    const box = await page.locator('[data-day-button]').first().boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await member.context.close();

    const owner = await phone(browser, width);
    await signIn(owner.page, DEMO.owner);
    await noSidewaysScroll(
      owner.page,
      OWNER.map((path) => orgUrl(DEMO_ORG, path)),
    );
    await owner.context.close();
  });
}
