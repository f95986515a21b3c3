// A member chooses how they hear about their schedule in /notification-settings, and the header's
// bell receives an announcement live, over the WebSocket, as an admin posts it on the dashboard.
import { expect, test } from '@playwright/test';
import { DEMO, signIn, unique } from './support/app';
import { createDemoMembers, loginOf } from './support/people';

test('set reminders in Notification Settings, then see the bell receive an announcement', async ({
  browser,
}) => {
  const [member] = await createDemoMembers(browser, [unique('Nora')]);
  const memberContext = await browser.newContext();
  const page = await memberContext.newPage();
  await signIn(page, loginOf(member));

  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Notification Settings' }).click();
  await expect(page).toHaveURL(/\/notification-settings$/);
  for (const section of ['Communication Preferences', 'Theater Updates', 'Timing & Frequency'])
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Schedule Reminders' })).toBeChecked();
  await page.getByRole('combobox', { name: 'Reminder Timing' }).click();
  await page.getByRole('option', { name: '1 day before' }).click();
  await page.getByRole('combobox', { name: 'Digest Frequency' }).click();
  await page.getByRole('option', { name: 'Immediately' }).click();
  await page.getByRole('switch', { name: 'Class & Workshop Announcements' }).click();
  await page.getByRole('button', { name: 'Save Notification Settings' }).click();
  await expect(page.getByText('Settings updated', { exact: true })).toBeVisible();

  // Kept on the server: a fresh load shows the saved choices.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Reminder Timing' })).toHaveText('1 day before');
  await expect(page.getByRole('combobox', { name: 'Digest Frequency' })).toHaveText('Immediately');
  await expect(page.getByRole('switch', { name: 'Class & Workshop Announcements' })).not.toBeChecked();

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Announcements' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Announcement' })).toHaveCount(0);

  // The admin posts a general announcement to the whole organization.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  const title = unique('Auditions ');
  await admin.getByRole('button', { name: 'New Announcement' }).click();
  await admin.getByLabel('Title').fill(title);
  await admin.getByLabel('Message').fill('Sign-up sheet is on the call board.');
  await admin.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(admin.getByText('Announcement posted', { exact: true })).toBeVisible();
  await expect(admin.getByText(title)).toBeVisible();

  // Nora's bell counts it without a reload, and opening it shows the announcement.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const item = page.getByRole('menuitem', { name: new RegExp(`General Theater Announcement: ${title}`) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();

  await adminContext.close();
  await memberContext.close();
});

test('a team lead is offered only the teams they lead as an announcement’s audience', async ({ page }) => {
  await signIn(page, DEMO.teamLead);
  await page.getByRole('button', { name: 'New Announcement' }).click();
  const audience = page.getByRole('combobox', { name: 'To' });
  await expect(audience).toHaveText('Into the Woods Cast');
  await audience.click();
  await expect(page.getByRole('option')).toHaveText(['Into the Woods Cast']);
  await page.keyboard.press('Escape');
  const title = unique('Notes ');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('Line notes are on the call board.');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Announcement posted', { exact: true })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
});
