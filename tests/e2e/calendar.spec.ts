// The calendar as a theater uses it: the owner books a weekly rehearsal for the crew, finds it in
// the month and week views and on the dashboard, subscribes to their schedule (the feed parses as
// iCalendar), unfollows and re-follows one date, and deletes the whole series. A member of the
// crew, who did not book it, finds it on their own dashboard. The theater is one of the test's own,
// so no other booking (nor its own from a first attempt when the run retries) takes the slot.
import { expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { DEMO_ORG, orgUrl, signIn, unique } from './support/app';
import { addMembers, newOrganization, ok, ownerLogin } from './support/organization';

/** A new organization's zone (the default). */
const ORG_TIME_ZONE = 'America/New_York';

/** Today in the organization's zone, and the Monday after it ('YYYY-MM-DD'). */
function nextMonday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ORG_TIME_ZONE }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The 42 days the month view shows for a date's month: six weeks from the Sunday on or before the 1st. */
function monthGridOf(date: string): string[] {
  const firstOfMonth = `${date.slice(0, 8)}01`;
  const start = addDays(firstOfMonth, -new Date(`${firstOfMonth}T12:00:00Z`).getUTCDay());
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** 'March 2031', as the calendar's title shows a month. */
const monthTitle = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
/** 'Monday, March 3, 2031': how My Schedule names a day's group. */
const longDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
/** 'Mar 3, 2031': how the dashboard cards show a date. */
const shortDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: ORG_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** An instant as the organization's clock shows it: date 'YYYY-MM-DD' and time 'HH:MM'. */
function wall(instant: Date) {
  const p = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

interface FeedDate {
  date: string;
  start: string;
  end: string;
}

/**
 * Downloads a schedule feed as a calendar app would (no cookies; revalidated, so a copy the
 * browser cached earlier does not stand in), parses it with ical.js, resolving times through
 * the feed's own VTIMEZONE, and returns the dates and wall-clock times of the events named `name`.
 */
async function downloadFeed(page: Page, url: string, name: string): Promise<FeedDate[]> {
  // From the page: Chromium resolves *.localhost, Node does not.
  const feed = await page.evaluate(async (address) => {
    const res = await fetch(address, { credentials: 'omit', cache: 'no-cache' });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }, url);
  expect(feed.status).toBe(200);
  expect(feed.type).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(feed.text));
  for (const vtz of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  return calendar
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v))
    .filter((event) => event.summary === name)
    .map((event) => {
      const start = wall(event.startDate.toJSDate());
      return { date: start.date, start: start.time, end: wall(event.endDate.toJSDate()).time };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
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
  browser,
}) => {
  const name = `Crew call ${unique('')}`;
  const first = nextMonday();
  const series = [0, 7, 14, 21].map((days) => addDays(first, days));
  // Every date at 17:00–18:30 on the organization's clock.
  const inFeed = series.map((date) => ({ date, start: '17:00', end: '18:30' }));
  const org = await newOrganization('cal');
  const [crewMember] = await addMembers(org, ['Victor']);
  await ok(
    await org.ownerApi.post(`/api/organizations/${org.id}/teams`, {
      data: { name: 'Run Crew', handle: unique('crew-'), memberIds: [crewMember.id] },
    }),
  );
  await org.ownerApi.dispose();
  await signIn(page, ownerLogin(org));
  await page.goto(orgUrl(org.shortname, '/calendar'));
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('month-view')).toBeVisible();

  await page.getByRole('button', { name: 'Add Event' }).click();
  const form = page.getByTestId('event-form');
  // Leaving the name field for the save button saves at once and names every empty field.
  await form.getByLabel('Event Name').focus();
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(form.getByText('Event name is required')).toBeVisible();
  await expect(form.getByText('At least one space must be selected')).toBeVisible({ timeout: 500 });
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
  const monthName = monthTitle(first);
  if ((await title.textContent()) !== monthName) await page.getByRole('button', { name: 'Next' }).click();
  await expect(title).toHaveText(monthName);
  await expect(page.locator(`[data-date="${first}"]`).getByText(name)).toBeVisible();
  // Every date of the series the month shows (the grid's next-month days too) has it at 5:00 PM,
  // and no other day does.
  const monthView = page.getByTestId('month-view');
  const shown = series.filter((date) => monthGridOf(first).includes(date));
  for (const date of shown) {
    await expect(
      monthView.locator(`[data-date="${date}"]`).getByRole('button', { name: new RegExp(name) }),
    ).toContainText('5:00 PM');
  }
  await expect(monthView.getByRole('button', { name: new RegExp(name) })).toHaveCount(shown.length);

  // Week view of that date, with the rehearsal at 5:00 PM.
  await page.getByTestId('month-view').locator(`[data-day-button="${first}"]`).click();
  await expect(page.getByTestId('day-view').getByText(name)).toBeVisible();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const week = page.getByTestId('week-view');
  await expect(week.locator(`[data-date="${first}"]`).getByText('5:00 PM – 6:30 PM')).toBeVisible();

  // Dashboard: the owner follows what they reserved, so it is in My Rehearsals.
  await page.goto(orgUrl(org.shortname, '/dashboard'));
  await expect(page.getByTestId('dashboard-my-rehearsals').getByText(name)).toHaveCount(3);

  // A crew member who did not book it follows it through the team: it heads his rehearsals card.
  const crewContext = await browser.newContext();
  const crew = await crewContext.newPage();
  await signIn(crew, crewMember.login);
  const crewRehearsals = crew.getByTestId('dashboard-my-rehearsals');
  await expect(crewRehearsals.getByRole('button', { name: new RegExp(name) }).first()).toContainText(
    `${shortDate(first)} · 5:00 PM – 6:30 PM`,
  );

  // Subscribe: the address downloads a feed that parses, with the four dates at 17:00 New York time.
  await page.goto(orgUrl(org.shortname, '/calendar/my-schedule'));
  const schedule = page.getByRole('region', { name: 'My Schedule' });
  await expect(schedule.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const url = await page.getByTestId('feed-url').inputValue();
  expect(url).toMatch(/\/api\/feeds\/[\w-]+\.ics$/);
  expect(await downloadFeed(page, url, name)).toEqual(inFeed);

  // Unfollow one date, then follow it again.
  await page.goto(orgUrl(org.shortname, '/calendar/home'));
  if ((await title.textContent()) !== monthName) await page.getByRole('button', { name: 'Next' }).click();
  const second = series[1];
  const secondMonth = monthTitle(second);
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

  // That date leaves My Schedule and the feed; the other three stay in both.
  await page.getByRole('tab', { name: 'My Schedule' }).click();
  for (const date of series.filter((d) => d !== second))
    await expect(schedule.getByRole('region', { name: longDay(date) }).getByText(name)).toBeVisible();
  await expect(schedule.getByRole('region', { name: longDay(second) }).getByText(name)).toHaveCount(0);
  expect(await downloadFeed(page, url, name)).toEqual(inFeed.filter((e) => e.date !== second));
  // Back on the Calendar tab, which kept its month.
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(title).toHaveText(secondMonth);

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

  // Nothing of it is left: not in the month view of any of its dates, not in My Schedule, not on
  // the owner's or the crew member's dashboard. Each list is first seen loaded, then searched.
  for (const date of [first, series[series.length - 1]]) {
    await page.goto(orgUrl(org.shortname, `/calendar/home?view=month&date=${date}`));
    await expect(title).toHaveText(monthTitle(date));
    await expect(monthView).toBeVisible();
    await expect(monthView.getByText(name)).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'My Schedule' }).click();
  await expect(
    schedule.getByTestId('list-view').or(schedule.getByText('You are not following any upcoming events')),
  ).toBeVisible();
  await expect(schedule.getByText(name)).toHaveCount(0);
  await page.goto(orgUrl(org.shortname, '/dashboard'));
  await crew.reload();
  for (const card of [page.getByTestId('dashboard-my-rehearsals'), crewRehearsals]) {
    await expect(card.getByRole('list').or(card.getByText('No upcoming rehearsals'))).toBeVisible();
    await expect(card.getByText(name)).toHaveCount(0);
  }
  await crewContext.close();
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
