// A person joins an existing organization at its address, waits for an
// administrator's approval, then signs in.
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

test('join an organization, be approved, sign in', async ({ page, browser }) => {
  const person = newPerson('joiner');
  await joinOrganization(page, DEMO_ORG, person);
  await expect(page.getByRole('heading', { name: 'Registration Submitted' })).toBeVisible();

  // Pending: not signed in, and sign-in is refused until approval.
  await page.goto(orgUrl(DEMO_ORG, '/login'));
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login failed').first()).toBeVisible();

  await approveMember(browser, DEMO_ORG, person.username);
  // The member is told by e-mail, with the organization's own sign-in address.
  const mail = await waitForMail(person.email, {
    subject: 'Your membership of Demo Community Theater is approved',
  });
  expect(linkIn(mail, '/login')).toBe(orgUrl(DEMO_ORG, '/login'));

  await signIn(page, { ...person, org: DEMO_ORG });
  await expect(page.getByRole('heading', { name: 'Welcome to Demo Community Theater' })).toBeVisible();
});
