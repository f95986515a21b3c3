// Moving in: an owner imports members from a CSV and a season from an .ics through the
// Admin → Import screens; the new member sets a password from the mail and signs in.
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_ORG, linkIn, orgUrl, signIn, unique, waitForMail } from './support/app';

test('an owner previews and imports members from a CSV; a new member sets a password and signs in', async ({
  page,
  browser,
}) => {
  const name = unique('mover');
  const email = `${name}@example.test`;
  await signIn(page, DEMO.owner);
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: 'Admin', exact: true }).click();
  await menu.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible();

  const csv = `email,firstName,lastName,role\n${email},Moving,In,Board\nnot-an-email,Bad,Row,\n`;
  const input = page.getByLabel('Members CSV file');
  await input.setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();

  // Fixed file: the preview allows the import.
  await input.setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,firstName,lastName,role\n${email},Moving,In,Board\n`),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(preview.getByText('Would create 1, skipped 0, errors 0.')).toBeVisible();
  const since = new Date();
  await page.getByRole('button', { name: 'Import' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Created 1, skipped 0, errors 0.')).toBeVisible();
  await expect(result.getByRole('link', { name })).toBeVisible();
  // A new preview does not keep the earlier import's result beneath it.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(preview.getByText('Already a member')).toBeVisible();
  await expect(result).toHaveCount(0);

  const mail = await waitForMail(email, { since, subject: 'You have been added' });
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await newcomer.goto(linkIn(mail, '/reset-password'));
  const password = 'Moving-in-2026!';
  await newcomer.getByLabel('New Password', { exact: true }).fill(password);
  await newcomer.getByLabel('Confirm New Password').fill(password);
  await newcomer.getByRole('button', { name: 'Reset password' }).click();
  await expect(newcomer.getByRole('heading', { name: 'Password reset successful' })).toBeVisible();
  await signIn(newcomer, { username: name, password, org: DEMO_ORG });
  await context.close();
});

test('an owner imports a calendar file and finds the events in the calendar', async ({ page }) => {
  const title = unique('Season opener ');
  const uid = `${unique('uid')}@example.test`;
  const ics = (hour: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTART:20270510T${hour}0000Z`,
      `DTEND:20270510T${Number(hour) + 1}0000Z`,
      'RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO',
      `SUMMARY:${title}`,
      'LOCATION:Annex',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  await signIn(page, DEMO.owner);
  await page.goto(orgUrl(DEMO_ORG, '/admin/import?kind=calendar'));
  await page.getByLabel('Calendar file (.ics)').setInputFiles({
    name: 'season.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics('10')),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText(title)).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText(/^Created 1,/)).toBeVisible();
  await result.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/calendar\?view=week&date=2027-05-10/);
  await expect(page.getByText(title).first()).toBeVisible();

  // The same season an hour later: the preview says what changes, and the import updates it.
  await page.goto(orgUrl(DEMO_ORG, '/admin/import?kind=calendar'));
  await page.getByLabel('Calendar file (.ics)').setInputFiles({
    name: 'season.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics('11')),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  const row = preview.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Update (time)')).toBeVisible();
  await expect(row.getByText('Annex')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(result.getByText(/^Created 0, updated 1,/)).toBeVisible();
});
