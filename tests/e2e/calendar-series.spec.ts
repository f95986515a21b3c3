// A stage manager on a phone edits a series "from next week on, a day later": the weekday boxes,
// the summary and the count follow, the series keeps its six dates, and deleting "all dates"
// removes every part. And the calendar's view and date survive reload, back and the tabs.
// The specs that book do it in an organization of their own, so no other booking (nor their own
// from a first attempt when the run retries) can take the slot.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_ORG, orgUrl, signIn, unique } from './support/app';
import { newOrganization, ownerLogin } from './support/organization';

/** On a phone the month shows dots; a date's events are listed below the grid once it is chosen. */
async function chip(page: Page, date: string, name: string) {
  await page.getByTestId('month-view').locator(`[data-day-button="${date}"]`).click();
  return page.getByTestId('day-agenda').getByRole('button', { name: new RegExp(name) });
}

async function choose(page: Page, scope: ReturnType<Page['getByTestId']>, label: string, option: string) {
  await scope.getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

test('on a phone: a weekly series moved a day from one date on keeps its count and every part goes with "all dates"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const org = await newOrganization('series');
  await org.ownerApi.dispose();
  await signIn(page, ownerLogin(org));
  const name = `Fight call ${unique('')}`;
  await page.goto(orgUrl(org.shortname, '/calendar/home?view=month&date=2030-04-01'));
  await expect(page.getByTestId('calendar-title')).toHaveText('April 2030');

  // Closing a form with changes asks first.
  await page.getByRole('button', { name: 'Add Event' }).click();
  const form = page.getByTestId('event-form');
  await form.getByLabel('Event Name').fill(name);
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByLabel('Event Name')).toHaveValue(name);

  // Tuesdays and Thursdays, six times, from Tuesday 2 April 2030.
  await form.getByRole('checkbox', { name: 'Office' }).click();
  await form.getByLabel('Start Date').fill('2030-04-02');
  await form.getByLabel('Start Time').fill('07:00');
  await form.getByLabel('End Time').fill('08:00');
  await expect(form.getByLabel('End Date')).toHaveValue('2030-04-02');
  await form.getByRole('switch', { name: 'Repeat' }).click();
  await form.getByRole('checkbox', { name: 'Thu' }).click();
  await choose(page, form, 'Ends', 'After a number of times');
  await form.getByLabel('Occurrences').fill('6');
  await expect(form.getByTestId('repeat-summary')).toHaveText(
    'Repeats weekly on Tuesday and Thursday, 6 times',
  );
  await expect(form.getByRole('switch', { name: 'Show on the public calendar' })).toBeChecked();
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully').first()).toBeVisible();
  for (const date of ['2030-04-02', '2030-04-04', '2030-04-09', '2030-04-11', '2030-04-16', '2030-04-18'])
    await expect(await chip(page, date, name)).toBeVisible();

  // The third date: its details name the pattern in full.
  await (await chip(page, '2030-04-09', name)).click();
  const dialog = page.getByTestId('event-dialog');
  await expect(dialog.getByText('Repeats weekly on Tuesday and Thursday, 6 times')).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit' }).click();

  // "This and following": the count is what is left (4); moving the date a day moves the days.
  await choose(page, form, 'Apply changes to', 'This and following dates');
  await expect(form.getByLabel('Occurrences')).toHaveValue('4');
  await form.getByLabel('Start Date').fill('2030-04-10');
  for (const [day, checked] of [
    ['Tue', false],
    ['Wed', true],
    ['Thu', false],
    ['Fri', true],
  ] as const) {
    await expect(form.getByRole('checkbox', { name: day })).toBeChecked({ checked });
  }
  await expect(form.getByTestId('repeat-summary')).toHaveText(
    'Repeats weekly on Wednesday and Friday, 4 times',
  );
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully').first()).toBeVisible();
  for (const date of ['2030-04-02', '2030-04-04', '2030-04-10', '2030-04-12', '2030-04-17', '2030-04-19'])
    await expect(await chip(page, date, name)).toBeVisible();
  for (const date of ['2030-04-09', '2030-04-11', '2030-04-16', '2030-04-18', '2030-04-24'])
    await expect(await chip(page, date, name)).toHaveCount(0);
  // The first date still tells the whole series, and where it changed.
  await (await chip(page, '2030-04-02', name)).click();
  await expect(
    dialog.getByText('Repeats weekly on Tuesday and Thursday, 6 times · days changed from April 10'),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // "All dates" from the second part deletes the first part too, and the toast counts all six.
  await (await chip(page, '2030-04-19', name)).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Event' })
    .getByRole('button', { name: 'All Dates for this Event' })
    .click();
  await expect(page.getByText('Event series deleted (6 events removed)').first()).toBeVisible();
  for (const date of ['2030-04-02', '2030-04-19']) await expect(await chip(page, date, name)).toHaveCount(0);
});

test('a series split with new times reads as one series to its end, in its details and its "all dates" form', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const org = await newOrganization('series');
  await org.ownerApi.dispose();
  await signIn(page, ownerLogin(org));
  const name = `Tech rehearsal ${unique('')}`;
  await page.goto(orgUrl(org.shortname, '/calendar/home?view=month&date=2030-06-01'));
  await expect(page.getByTestId('calendar-title')).toHaveText('June 2030');

  // Tuesdays and Thursdays from Tuesday 4 June until Thursday 20 June 2030.
  await page.getByRole('button', { name: 'Add Event' }).click();
  const form = page.getByTestId('event-form');
  await form.getByLabel('Event Name').fill(name);
  await form.getByRole('checkbox', { name: 'Annex' }).click();
  await form.getByLabel('Start Date').fill('2030-06-04');
  await form.getByLabel('Start Time').fill('06:00');
  await form.getByLabel('End Time').fill('07:00');
  await form.getByRole('switch', { name: 'Repeat' }).click();
  await form.getByRole('checkbox', { name: 'Thu' }).click();
  await choose(page, form, 'Ends', 'On a date');
  await form.getByLabel('Repeat Until').fill('2030-06-20');
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully').first()).toBeVisible();

  // From Thursday 13 June on, half an hour later.
  await (await chip(page, '2030-06-13', name)).click();
  const dialog = page.getByTestId('event-dialog');
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await choose(page, form, 'Apply changes to', 'This and following dates');
  await form.getByLabel('Start Time').fill('06:30');
  await form.getByLabel('End Time').fill('07:30');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully').first()).toBeVisible();

  // The first date's details run to 20 June, not to the end of its own part.
  await (await chip(page, '2030-06-04', name)).click();
  await expect(
    dialog.getByText(
      'Repeats weekly on Tuesday and Thursday, until June 20, 2030 · times changed from June 13',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await choose(page, form, 'Apply changes to', 'All dates');
  await expect(form.getByTestId('repeat-summary')).toHaveText(
    'Repeats weekly on Tuesday and Thursday, until June 20, 2030',
  );
  // Renamed, every date stays, each at its own part's time.
  await form.getByLabel('Event Name').fill(`${name} (all)`);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully').first()).toBeVisible();
  await expect(await chip(page, '2030-06-20', `${name} \\(all\\)`)).toBeVisible();
  await expect(await chip(page, '2030-06-11', `${name} \\(all\\)`)).toBeVisible();
});

test('the view and date live in the address: reload, back and the tabs keep them', async ({ page }) => {
  await signIn(page, DEMO.standard);
  const title = page.getByTestId('calendar-title');
  await page.goto(orgUrl(DEMO_ORG, '/calendar?view=week&date=2027-01-13'));
  await expect(title).toHaveText('Sun, Jan 10 – Sat, Jan 16, 2027');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(title).toHaveText('Sun, Jan 17 – Sat, Jan 23, 2027');
  await expect(page).toHaveURL(/view=week&date=2027-01-20$/);
  await page.reload();
  await expect(title).toHaveText('Sun, Jan 17 – Sat, Jan 23, 2027');
  await page.goBack();
  await expect(title).toHaveText('Sun, Jan 10 – Sat, Jan 16, 2027');

  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(page).toHaveURL(/view=day&date=2027-01-13$/);
  await expect(title).toHaveText('Wednesday, January 13, 2027');
  await page.getByRole('tab', { name: 'My Schedule' }).click();
  await expect(page).toHaveURL(/\/calendar\/my-schedule\?view=day&date=2027-01-13$/);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await page.reload();
  await expect(title).toHaveText('Wednesday, January 13, 2027');
  // A week across New Year names both years.
  await page.goto(orgUrl(DEMO_ORG, '/calendar/home?view=week&date=2031-12-31'));
  await expect(title).toHaveText('Sun, Dec 28, 2031 – Sat, Jan 3, 2032');
});
