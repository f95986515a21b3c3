// A theater signs up on the main site, a system administrator approves it,
// and its owner signs in at the organization's own address.
import { expect, test } from '@playwright/test';
import {
  BASE_URL,
  DEMO_ORG,
  linkIn,
  newPerson,
  orgUrl,
  SYSTEM,
  signIn,
  signOut,
  solveChallenge,
  waitForMail,
} from './support/app';

test('sign up an organization, get it approved, sign in on its address and sign out', async ({ page }) => {
  const owner = newPerson('owner');
  const shortname = owner.username.toLowerCase();
  const name = `Playhouse ${shortname}`;

  await page.goto(`${BASE_URL}/register`);
  await expect(page.getByRole('heading', { name: 'Register New Organization' })).toBeVisible();
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Verify Password').fill(owner.password);
  await page.getByLabel('Organization Name').fill(name);
  await page.getByLabel('Organization Shortname').fill(shortname);
  await expect(page.getByText(`Your address: ${shortname}.`)).toBeVisible();
  await solveChallenge(page);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await page.getByRole('button', { name: 'Create Organization' }).click();

  await expect(page).toHaveURL(/\/registration-pending$/);
  await expect(page.getByRole('heading', { name: 'Registration Submitted' })).toBeVisible();
  await expect(page.getByText('A system administrator is reviewing your organization.')).toBeVisible();
  // The support address from System Settings (by default the system user's), not the no-reply sender.
  await expect(page.getByRole('link', { name: 'system@greenroom.local' })).toHaveAttribute(
    'href',
    'mailto:system@greenroom.local',
  );
  // The success toast says it once.
  await expect(
    page
      .getByText(`${name} has been created and is pending approval by a system administrator.`, {
        exact: true,
      })
      .first(),
  ).toBeVisible();

  // Not approved yet: its address says so rather than "not found".
  await page.goto(orgUrl(shortname, '/'));
  await expect(page.getByRole('heading', { name: 'Organization Awaiting Approval' })).toBeVisible();

  // Nor can the owner sign in at the organization's address yet.
  await page.goto(orgUrl(shortname, '/login'));
  await expect(
    page.getByText('This organization is waiting for approval by a system administrator'),
  ).toBeVisible();
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login failed').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // A system administrator approves it from the queue.
  await signIn(page, SYSTEM);
  await page.goto(`${BASE_URL}/system/approval-queue`);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(card).toBeHidden();

  // The owner is told by e-mail, with the organization's own sign-in address.
  const mail = await waitForMail(owner.email, { subject: `${name} is approved` });
  const link = linkIn(mail, '/login');
  expect(link).toBe(orgUrl(shortname, '/login'));

  await page.goto(link);
  await expect(page.getByText(`Sign in to ${name} organization`)).toBeVisible();
  await signIn(page, { ...owner, org: shortname });
  await expect(page.getByRole('heading', { name: `Welcome to ${name}` })).toBeVisible();

  await signOut(page);
  await page.goto(orgUrl(shortname, '/dashboard'));
  await expect(page).toHaveURL(/\/login$/);

  // A join link for another organization on this address leads to that organization's own address.
  await page.goto(orgUrl(shortname, `/register/${DEMO_ORG}`));
  await expect(page.getByRole('heading', { name: 'Registered at Its Own Address' })).toBeVisible();
  await expect(page.getByRole('link', { name: new URL(orgUrl(DEMO_ORG, '/register')).host })).toHaveAttribute(
    'href',
    orgUrl(DEMO_ORG, '/register'),
  );
});
