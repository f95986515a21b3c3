// An organization that requires e-mail verification: a person joins, is told to check their
// e-mail, opens the link, and only then can sign in. The organization is built through the API
// so the shared demo organization's settings stay as they are.
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import {
  answerChallenge,
  BASE_URL,
  linkIn,
  newPerson,
  orgUrl,
  SYSTEM,
  signIn,
  waitForMail,
} from './support/app';

async function api(origin: string) {
  return playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
}

async function ok<T = Record<string, unknown>>(
  res: Awaited<ReturnType<APIRequestContext['get']>>,
): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

type Challenge = { token: string; question: string };

async function organizationRequiringVerification() {
  const owner = newPerson('vowner');
  const shortname = owner.username.toLowerCase();
  const main = await api(BASE_URL);
  let challenge = await ok<Challenge>(await main.get('/api/security-challenge'));
  while (answerChallenge(challenge.question) === null)
    challenge = await ok<Challenge>(await main.get('/api/security-challenge'));
  const created = await ok<{ organization: { id: number } }>(
    await main.post('/api/register-organization', {
      data: {
        ...owner,
        confirmPassword: owner.password,
        organizationName: `Verified ${shortname}`,
        organizationShortname: shortname,
        agreeToTerms: true,
        challengeToken: challenge.token,
        challengeAnswer: answerChallenge(challenge.question),
      },
    }),
  );
  await ok(await main.post('/api/login', { data: SYSTEM }));
  await ok(await main.post(`/api/system/organizations/${created.organization.id}/approve`));

  // Node cannot resolve *.localhost as browsers do, so the owner signs in on the main site.
  const site = await api(BASE_URL);
  await ok(
    await site.post('/api/login', {
      data: { username: owner.username, password: owner.password, organizationShortname: shortname },
    }),
  );
  await ok(
    await site.patch(`/api/organizations/${created.organization.id}`, {
      data: { enablePublicRegistration: true, requireAdminApproval: false, requireEmailVerification: true },
    }),
  );
  await main.dispose();
  await site.dispose();
  return shortname;
}

test('a new member verifies their e-mail before signing in', async ({ page }) => {
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

  // Signing in before verifying is refused and says why.
  await page.goto(orgUrl(shortname, '/login'));
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(/Please verify your email address/).first()).toBeVisible();

  // The newest link (sign-in sent a fresh one) verifies the address.
  const mail = await waitForMail(person.email, { subject: 'Confirm your e-mail address' });
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to login' }).click();

  await signIn(page, { ...person, org: shortname });
  await expect(page.getByRole('heading', { name: `Welcome to Verified ${shortname}` })).toBeVisible();
});
