// The calendar as a theater uses it: the owner books a weekly rehearsal for the crew, finds it in
// the month and week views and on the dashboard, subscribes to their schedule (the feed parses as
// iCalendar), unfollows and re-follows one date, and deletes the whole series.
import { expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { DEMO, DEMO_ORG, orgUrl, signIn, unique } from './support/app';

/** Today in the demo organization's zone, and the Monday after it ('YYYY-MM-DD'). */
function nextMonday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
}

async function openEvent(page: Page, date: string, name: string) {
  await page
    .locator(`[data-date="${date}"]`)
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  return page.getByTestId('event-dialog');
}

test('a weekly rehearsal: create, see it in every view and the feed, follow one date, delete the series', async ({
  page,
}) => {
  const name = `Crew call ${unique('')}`;
  const first = nextMonday();
  const add = (days: number) => {
    const d = new Date(`${first}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  await signIn(page, DEMO.owner);
  await page.goto(orgUrl(DEMO_ORG, '/calendar'));
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('month-view')).toBeVisible();

  await page.getByRole('button', { name: 'Add Event' }).click();
  const form = page.getByTestId('event-form');
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(form.getByText('Event name is required')).toBeVisible();
  await expect(form.getByText('At least one space must be selected')).toBeVisible();
  await form.getByLabel('Event Name').fill(name);
  await form.getByLabel('Description').fill('Set build and scene changes');
  await form.getByRole('checkbox', { name: 'Annex' }).click();
  await form.getByLabel('Start Date').fill(first);
  await form.getByLabel('Start Time').fill('17:00');
  await form.getByLabel('End Date').fill(first);
  await form.getByLabel('End Time').fill('18:30');
  await form.getByRole('checkbox', { name: 'Run Crew' }).click();
  await form.getByRole('switch', { name: 'Repeat' }).click();
  await form.getByLabel('Ends').click();
  await page.getByRole('option', { name: 'After a number of times' }).click();
  await form.getByLabel('Occurrences').fill('4');
  await expect(form.getByTestId('repeat-summary')).toHaveText('Repeats weekly on Monday, 4 times');
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully').first()).toBeVisible();
  await expect(form).toBeHidden();

  // Month view: go to the month of the first date if it is not this one.
  const title = page.getByTestId('calendar-title');
  const monthName = new Date(`${first}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  if ((await title.textContent()) !== monthName) await page.getByRole('button', { name: 'Next' }).click();
  await expect(title).toHaveText(monthName);
  await expect(page.locator(`[data-date="${first}"]`).getByText(name)).toBeVisible();

  // Week view of that date, with the rehearsal at 5:00 PM.
  await page.getByRole('button', { name: `Show ${first}` }).click();
  await expect(page.getByTestId('day-view').getByText(name)).toBeVisible();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const week = page.getByTestId('week-view');
  await expect(week.locator(`[data-date="${first}"]`).getByText('5:00 PM – 6:30 PM')).toBeVisible();

  // Dashboard: the owner follows what they reserved, so it is in My Rehearsals.
  await page.goto(orgUrl(DEMO_ORG, '/dashboard'));
  await expect(page.getByTestId('dashboard-my-rehearsals').getByText(name)).toHaveCount(3);

  // Subscribe: the address downloads a feed that parses, with the four dates in it.
  await page.goto(orgUrl(DEMO_ORG, '/calendar/my-schedule'));
  await expect(page.getByRole('region', { name: 'My Schedule' }).getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const url = await page.getByTestId('feed-url').inputValue();
  expect(url).toMatch(/\/api\/feeds\/[\w-]+\.ics$/);
  // Fetched without cookies, as a calendar app would (Chromium resolves *.localhost; Node does not).
  const feed = await page.evaluate(async (address) => {
    const res = await fetch(address, { credentials: 'omit' });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }, url);
  expect(feed.status).toBe(200);
  expect(feed.type).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(feed.text));
  const ours = calendar
    .getAllSubcomponents('vevent')
    .filter((v) => v.getFirstPropertyValue('summary') === name);
  expect(ours).toHaveLength(4);

  // Unfollow one date, then follow it again.
  await page.goto(orgUrl(DEMO_ORG, '/calendar/home'));
  if ((await title.textContent()) !== monthName) await page.getByRole('button', { name: 'Next' }).click();
  const second = add(7);
  const secondMonth = new Date(`${second}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  if (secondMonth !== monthName) await page.getByRole('button', { name: 'Next' }).click();
  let dialog = await openEvent(page, second, name);
  await expect(dialog.getByText('Repeats weekly')).toBeVisible();
  await dialog.getByRole('button', { name: 'Following Event' }).click();
  await page
    .getByRole('dialog', { name: 'Unfollow Options' })
    .getByRole('button', { name: 'This Event Date Only' })
    .click();
  await expect(page.getByText('Unfollowed this event').first()).toBeVisible();
  await page.keyboard.press('Escape');
  dialog = await openEvent(page, second, name);
  await dialog.getByRole('button', { name: 'Follow Event' }).click();
  await expect(page.getByText(`You are now following "${name}"`).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Following Event' })).toBeVisible();

  // Delete every date of the series.
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Event' })
    .getByRole('button', { name: 'All Dates for this Event' })
    .click();
  await expect(page.getByText('Event series deleted (4 events removed)').first()).toBeVisible();
  await expect(page.locator(`[data-date="${second}"]`).getByText(name)).toHaveCount(0);
});

test('the public calendar shows the organization and its upcoming events without signing in', async ({
  page,
}) => {
  await page.goto(orgUrl(DEMO_ORG, `/public/${DEMO_ORG}/calendar`));
  await expect(page.getByRole('heading', { name: 'Demo Community Theater' })).toBeVisible();
  await expect(page.getByText('Into the Woods', { exact: true }).first()).toBeVisible();
  await page.goto(orgUrl(DEMO_ORG, '/public/no-such-theater/calendar'));
  await expect(page.getByRole('heading', { name: 'Calendar Not Found' })).toBeVisible();
});
