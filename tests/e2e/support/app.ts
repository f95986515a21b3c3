// What browser tests share: who can sign in, how to sign in and out, how to get past the sign-up
// challenge, and unique names so every test builds its own organization and people.
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page } from '@playwright/test';
import { BASE_URL, orgUrl, PORT, SYSTEM_ADMIN_PASSWORD } from './env';

export { BASE_URL, orgUrl, PORT, SYSTEM_ADMIN_PASSWORD } from './env';
export { allMail, linkIn, waitForMail } from './mail';

/** The demo organization seeded at boot (src/server/seed/demo.ts); every demo user shares one password. */
export const DEMO_ORG = 'demo';

/**
 * The tag of a test that changes the demo organization's look, which every other spec may be
 * reading meanwhile: such tests run first, one at a time, before the rest (playwright.config.ts).
 */
export const BRANDING = { tag: '@branding' };
export const DEMO_PASSWORD = 'Greenroom-demo-2026';
export const DEMO = {
  owner: { username: 'olivia', password: DEMO_PASSWORD, org: DEMO_ORG },
  admin: { username: 'adam', password: DEMO_PASSWORD, org: DEMO_ORG },
  board: { username: 'beatrice', password: DEMO_PASSWORD, org: DEMO_ORG },
  volunteerCoordinator: { username: 'victor', password: DEMO_PASSWORD, org: DEMO_ORG },
  teamLead: { username: 'tara', password: DEMO_PASSWORD, org: DEMO_ORG },
  standard: { username: 'sam', password: DEMO_PASSWORD, org: DEMO_ORG },
  standard2: { username: 'maya', password: DEMO_PASSWORD, org: DEMO_ORG },
  standard3: { username: 'leo', password: DEMO_PASSWORD, org: DEMO_ORG },
} as const;

/** The system administrator, on the main site. */
export const SYSTEM = { username: 'system', password: SYSTEM_ADMIN_PASSWORD } as const;

/**
 * Demo users are shared by every spec: use them to read, or to change only what the change
 * itself creates. A test that changes a person (password, role, status) creates that person.
 */
export function unique(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

export interface Login {
  username: string;
  password: string;
  /** Organization shortname: sign in on {org}.localhost. Absent: the main site. */
  org?: string;
  /** Or the host name itself (`demo.localhost`, `localhost`); the port is added. */
  host?: string;
}

/** The origin a login uses. */
export function originOf(login: Pick<Login, 'org' | 'host'>): string {
  if (login.host) return `http://${login.host.replace(/:\d+$/, '')}:${PORT}`;
  return login.org ? orgUrl(login.org, '') : BASE_URL;
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, login: Login): Promise<void> {
  await page.goto(`${originOf(login)}/login`);
  await page.getByLabel('Username').fill(login.username);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectWelcomed(page);
}

/**
 * Signing in raises a toast, whose code loads with it (components/lazy-toaster.tsx). A toast is a
 * dismissable layer and Escape closes the layer opened last, so a dialog opened before the toast
 * showed would lose its Escape to it (on a busy machine, the phone drawer in keyboard.spec.ts did;
 * with the toaster's code held back 2.5 s, every time). Signed in means the toast is up.
 */
export async function expectWelcomed(page: Page): Promise<void> {
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
}

/** Signs out through the account menu and waits to leave the signed-in screens. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).not.toHaveURL(/\/dashboard/);
}

// Mirrors the server's trivia list (src/server/features/registration/challenge.ts); a question
// not listed here is skipped by asking for a new one.
const TRIVIA: Record<string, string> = {
  'What color is the sky on a clear day?': 'blue',
  'How many days are in a week?': '7',
  'What is the opposite of hot?': 'cold',
  'How many legs does a spider have?': '8',
  'What do bees make?': 'honey',
  'What is frozen water called?': 'ice',
  'How many months are in a year?': '12',
  'What animal says "moo"?': 'cow',
};

/** The answer to a challenge question as the page shows it ("12 + 7", "3 × 4", trivia), or null. */
export function answerChallenge(question: string): string | null {
  const math = /^\s*(\d+)\s*([+\-−×x*])\s*(\d+)\s*$/.exec(question);
  if (math) {
    const a = Number(math[1]);
    const b = Number(math[3]);
    const op = math[2];
    return String(op === '+' ? a + b : op === '-' || op === '−' ? a - b : a * b);
  }
  return TRIVIA[question.trim()] ?? null;
}

/**
 * Solves the sign-up security challenge the way a screen-reader user does: asks for the question
 * in words instead of the math picture (whose name does not give it away), reads it, types the
 * answer, presses Verify.
 */
export async function solveChallenge(page: Page): Promise<void> {
  const box = page.getByRole('group', { name: 'Security Verification' });
  const inWords = box.getByRole('button', { name: 'Question in words' });
  for (let attempt = 0; attempt < 5; attempt++) {
    const picture = box.getByRole('img');
    await expect(picture.or(box.locator('p').first())).toBeVisible();
    if (await inWords.isVisible()) {
      await expect(picture).toHaveAccessibleName(/Math question shown as a picture/);
      await inWords.click();
    }
    await expect(picture).toHaveCount(0);
    const question = (await box.locator('p').first().textContent()) ?? '';
    const answer = answerChallenge(question);
    if (answer === null) {
      await box.getByRole('button', { name: 'New question' }).click();
      continue;
    }
    await box.getByLabel('Your answer').fill(answer);
    await box.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Security verification completed').first()).toBeVisible();
    return;
  }
  throw new Error('Could not answer the security challenge');
}

export interface NewPerson {
  username: string;
  email: string;
  password: string;
}

/** A person nobody else uses: unique username and e-mail. */
export function newPerson(prefix = 'e2e'): NewPerson {
  const username = unique(prefix);
  return { username, email: `${username}@example.test`, password: `Pw-${username}-2026` };
}

/**
 * Joins an organization through its sign-up page ({org}.localhost/register) and lands on the
 * pending screen (the demo organization requires an administrator's approval).
 */
export async function joinOrganization(page: Page, org: string, person: NewPerson): Promise<void> {
  await page.goto(orgUrl(org, '/register'));
  await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible();
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(person.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await page.getByRole('button', { name: 'Join Organization' }).click();
  await expect(page).toHaveURL(/\/registration-pending(\?org=[a-z0-9-]+)?$/);
}

/** Approves a pending member as the demo administrator, on the User Management screen. */
export async function approveMember(browser: Browser, org: string, username: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, { ...DEMO.admin, org });
    await page.goto(orgUrl(org, '/admin/users'));
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.getByLabel('Search users').fill(username);
    const approve = page.getByRole('button', { name: `Approve ${username}` });
    await approve.click();
    await expect(approve).toBeHidden();
  } finally {
    await context.close();
  }
}
