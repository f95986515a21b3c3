// Forgot password → e-mailed link on the member's organization address → new
// password works, the old one no longer does, and the link works once.
import { expect, test } from '@playwright/test';
import {
  approveMember,
  DEMO_ORG,
  joinOrganization,
  linkIn,
  newPerson,
  orgUrl,
  signIn,
  waitForMail,
} from './support/app';

test('reset a forgotten password through the emailed link', async ({ page, browser }) => {
  const person = newPerson('forgetful');
  await joinOrganization(page, DEMO_ORG, person);
  await approveMember(browser, DEMO_ORG, person.username);

  const requested = new Date();
  await page.goto(orgUrl(DEMO_ORG, '/login'));
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await waitForMail(person.email, {
    subject: 'Reset your Greenroom password',
    since: requested,
  });
  const link = linkIn(mail, '/reset-password?token=');
  expect(link.startsWith(orgUrl(DEMO_ORG, '/reset-password'))).toBe(true);

  const newPassword = `New-${person.password}`;
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password reset successful' })).toBeVisible();

  // The old password is refused, the new one works.
  await page.getByRole('link', { name: 'Continue to login' }).click();
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login failed').first()).toBeVisible();
  await signIn(page, { username: person.username, password: newPassword, org: DEMO_ORG });

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
});
