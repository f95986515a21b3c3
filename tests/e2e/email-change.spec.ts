// Changing one's e-mail in the browser: the current password is asked for, the old address is
// told, and the address changes only once the link mailed to the new one is opened (once).
import { expect, test } from '@playwright/test';
import { linkIn, newPerson, orgUrl, DEMO_ORG, signIn, waitForMail } from './support/app';
import { createDemoMembers, loginOf } from './support/people';

test('a member changes their e-mail: link to the new address, notice to the old, confirmed page', async ({
  page,
  browser,
}) => {
  const [member] = await createDemoMembers(browser, ['Robin']);
  await signIn(page, loginOf(member));
  await page.goto(orgUrl(DEMO_ORG, '/account-settings'));
  const emailField = page.getByLabel('Email', { exact: true });
  const oldEmail = await emailField.inputValue();
  expect(oldEmail).toContain('@');
  const newEmail = newPerson('moved').email;

  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
  await dialog.getByLabel('New e-mail').fill(newEmail);
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByText('Current password is required')).toBeVisible();
  await dialog.getByLabel('Current Password').fill('Not-my-password-1');
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();

  const requested = new Date();
  await dialog.getByLabel('Current Password').fill(member.password);
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Pending: confirm at ${newEmail}` })).toBeVisible();
  await expect(emailField).toHaveValue(oldEmail);

  const notice = await waitForMail(oldEmail, {
    subject: 'change of your Greenroom e-mail',
    since: requested,
  });
  expect(notice.text).toContain(newEmail);
  expect(notice.text).not.toContain('token=');
  const mail = await waitForMail(newEmail, { subject: 'Confirm your new Greenroom e-mail address' });
  const link = linkIn(mail, '/confirm-email?token=');
  expect(link.startsWith(orgUrl(DEMO_ORG, '/confirm-email'))).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  await expect(page.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible();
  await waitForMail(oldEmail, { subject: 'Your Greenroom e-mail address was changed' });

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Link already used' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to Account Settings' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  await expect(page.getByText('Pending: confirm at')).toHaveCount(0);
});
