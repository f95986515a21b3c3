// Changing one's e-mail in the browser: the current password is asked for, the old address is
// told, and the address changes only once the link mailed to the new one is opened (once).
import { expect, test } from '@playwright/test';
import { linkIn, newPerson, orgUrl, DEMO_ORG, signIn, waitForMail } from './support/app';
import { createDemoMembers, loginOf } from './support/people';

test('a member changes their email: link to the new address, notice to the old, confirmed page', async ({
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

  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email' });
  await dialog.getByLabel('New email').fill(newEmail);
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
    subject: 'change of your Greenroom email',
    since: requested,
  });
  expect(notice.text).toContain(newEmail);
  expect(notice.text).not.toContain('token=');
  const mail = await waitForMail(newEmail, { subject: 'Confirm your new Greenroom email address' });
  const link = linkIn(mail, '/confirm-email?token=');
  expect(link.startsWith(orgUrl(DEMO_ORG, '/confirm-email'))).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  await waitForMail(oldEmail, { subject: 'Your Greenroom email address was changed' });

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Link already used' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to Account Settings' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  await expect(page.getByText('Pending: confirm at')).toHaveCount(0);
});
