// The calendar read at a glance: the month shows whole titles, the week and day open at the first
// event (the evening, in a theater) under sticky day headings with all-day events in their own
// row, a phone's first screen shows dates under one compact toolbar, and a day opened from the
// month with Enter takes the keyboard to that day.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_ORG, orgUrl, signIn, unique } from './support/app';

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Sunday of a week far from the demo data (and from other tests' weeks). */
function quietSunday(): string {
  const year = 2100 + Math.floor(Math.random() * 90);
  const start = `${year}-0${1 + Math.floor(Math.random() * 9)}-10`;
  return addDays(start, -new Date(`${start}T12:00:00Z`).getUTCDay());
}

interface NewEvent {
  name: string;
  space: string;
  start: string;
  end: string;
}

/** Books events as the signed-in member through the API, from the page (it sends the Origin). */
async function book(page: Page, events: NewEvent[]) {
  const answers = await page.evaluate(async (events) => {
    const me = await (await fetch('/api/me')).json();
    const out: { status: number; body: string }[] = [];
    for (const e of events) {
      const res = await fetch(`/api/organizations/${me.organization.id}/calendar/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: e.name,
          spaces: [e.space],
          startDateTime: e.start,
          endDateTime: e.end,
          eventType: 'rehearsal',
          reservedBy: me.user.id,
        }),
      });
      out.push({ status: res.status, body: await res.text() });
    }
    return out;
  }, events);
  for (const answer of answers) expect(answer.status, answer.body).toBe(201);
}

test('at 1280 px the month shows demo titles whole, not cut', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.owner);
  await page.goto(orgUrl(DEMO_ORG, '/calendar?view=month'));
  const chip = page
    .getByTestId('month-view')
    .locator('button[data-event-id]', { hasText: 'Youth Acting Class' })
    .first();
  await expect(chip).toBeVisible();
  const text = chip.locator('[data-chip-text]');
  await expect(text).toContainText('Youth Acting Class');
  const fits = await text.evaluate(
    (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
  );
  expect(fits).toBe(true);
});

test('the week opens at its evening event under sticky headings, with all-day events in their own row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.owner);
  const sunday = quietSunday();
  const [wednesday, thursday] = [addDays(sunday, 3), addDays(sunday, 4)];
  const evening = `Evening ${unique('')}`;
  const allDay = `Load-in ${unique('')}`;
  await book(page, [
    { name: evening, space: 'Main Stage', start: `${wednesday}T19:30`, end: `${wednesday}T22:00` },
    { name: allDay, space: 'Office', start: `${thursday}T00:00`, end: `${thursday}T23:59` },
  ]);

  await page.goto(orgUrl(DEMO_ORG, `/calendar?view=week&date=${wednesday}`));
  const week = page.getByTestId('week-view');
  const block = week.locator(`[data-date="${wednesday}"]`).getByRole('button', { name: evening });
  await expect(block).toBeInViewport();
  // The block reads from its top: its title is near the block's top edge, not mid-height.
  const [blockBox, titleBox] = [await block.boundingBox(), await block.getByText(evening).boundingBox()];
  expect((titleBox?.y ?? 0) - (blockBox?.y ?? 0)).toBeLessThan(8);
  // The all-day event is a bar in the all-day row, not a day-tall block.
  const bar = week.locator(`[data-all-day="${thursday}"]`).getByRole('button', { name: new RegExp(allDay) });
  await expect(bar).toBeVisible();
  await expect(week.locator(`[data-date="${thursday}"]`).getByRole('button')).toHaveCount(0);
  // Scrolled to the bottom, the day headings stay at the top of the schedule.
  await week.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const heading = week.getByRole('button', { name: /^Wed, / });
  await expect(heading).toBeInViewport();
  const [weekBox, headingBox] = [await week.boundingBox(), await heading.boundingBox()];
  expect((headingBox?.y ?? 0) - (weekBox?.y ?? 0)).toBeLessThan(40);

  // An empty week opens at 5 PM, the start of the theater's evening.
  await page.goto(orgUrl(DEMO_ORG, `/calendar?view=week&date=${addDays(sunday, 14)}`));
  await expect(page.getByTestId('week-view').getByText('5:00 PM', { exact: true })).toBeInViewport();
});

test('Enter on a day of the month opens that day with focus on its heading, named as the month names it', async ({
  page,
}) => {
  await signIn(page, DEMO.owner);
  const day = addDays(quietSunday(), 2);
  await page.goto(orgUrl(DEMO_ORG, `/calendar?view=month&date=${day}`));
  const button = page.getByTestId('month-view').locator(`[data-day-button="${day}"]`);
  // The app's long date, month first: 'Tuesday, March 5, 2147, no events'.
  await expect(button).toHaveAccessibleName(/^Tuesday, [A-Z][a-z]+ \d{1,2}, \d{4}, no events$/);
  const name = (await button.getAttribute('aria-label')) ?? '';
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`view=day&date=${day}$`));
  const title = page.getByTestId('calendar-title');
  await expect(title).toBeFocused();
  await expect(title).toHaveRole('heading');
  expect(name).toBe(`${await title.textContent()}, no events`);
  await expect(page.getByTestId('day-view')).toBeVisible();
});

test('at 320 × 640 the first screen shows the dates and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, DEMO.owner);
  const first = {
    month: (p: Page) => p.getByTestId('month-view').locator('[data-day-button]').first(),
    week: (p: Page) => p.getByTestId('list-view').locator('button[data-event-id]').first(),
    day: (p: Page) => p.getByTestId('day-view'),
    list: (p: Page) => p.getByTestId('list-view').locator('button[data-event-id]').first(),
  };
  for (const [view, locate] of Object.entries(first)) {
    await page.goto(orgUrl(DEMO_ORG, `/calendar?view=${view}`));
    const target = locate(page);
    await expect(target).toBeVisible();
    const box = await target.boundingBox();
    expect(box?.y, view).toBeLessThan(640);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, view).toBeLessThanOrEqual(320);
  }

  // The secondary actions and the type filter are one menu, opened and left with the keyboard.
  const more = page.getByRole('button', { name: 'More calendar options' });
  // The menu's code loads just after the page; until then its button waits, disabled.
  await expect(more).toBeEnabled();
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Attendance' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();
  await more.click();
  await menu.getByRole('menuitemradio', { name: 'Shows' }).click();
  await expect(page.getByTestId('type-filter-shown')).toHaveText('Shows only');
});
