// An organization that requires e-mail verification: a person joins, is told to check their
// e-mail, opens the link, and only then can sign in. The organization is built through the API
// so the shared demo organization's settings stay as they are.
import { expect, test } from '@playwright/test';
import { linkIn, newPerson, orgUrl, signIn, waitForMail } from './support/app';
import { newOrganization, ok } from './support/organization';

async function organizationRequiringVerification() {
  const org = await newOrganization('vowner', 'Verified');
  await ok(
    await org.ownerApi.patch(`/api/organizations/${org.id}`, {
      data: { enablePublicRegistration: true, requireAdminApproval: false, requireEmailVerification: true },
    }),
  );
  await org.ownerApi.dispose();
  return org.shortname;
}

test('a new member verifies their email before signing in', async ({ page }) => {
  const shortname = await organizationRequiringVerification();
  const person = newPerson('verify');

  await page.goto(orgUrl(shortname, '/register'));
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(person.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await page.getByRole('button', { name: 'Join Organization' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const firstMail = await waitForMail(person.email, { subject: 'Confirm your email address' });

  // Signing in before verifying is refused and says why.
  const beforeSignIn = new Date();
  await page.goto(orgUrl(shortname, '/login'));
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(/Please verify your email address/).first()).toBeVisible();

  // Sign-in sent a fresh link: the first one now says so, and the newest verifies the address.
  const mail = await waitForMail(person.email, {
    subject: 'Confirm your email address',
    since: beforeSignIn,
  });
  expect(linkIn(mail, '/verify-email')).not.toBe(linkIn(firstMail, '/verify-email'));
  await page.goto(linkIn(firstMail, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'A Newer Link Was Sent' })).toBeVisible();
  await expect(page.getByText('Please open the link in the most recent email.')).toBeVisible();
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to login' }).click();

  await signIn(page, { ...person, org: shortname });
  await expect(page.getByRole('heading', { name: `Welcome to Verified ${shortname}` })).toBeVisible();
});
