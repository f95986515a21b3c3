// Owners and admins run their organization. Branding restyles the app for
// every member; a disabled member is out at once and back when enabled; an added user can sign in.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { brandColorFor } from '../../src/web/lib/branding';
import { BRANDING, DEMO, DEMO_ORG, newPerson, orgUrl, signIn } from './support/app';
import { putBranding, readBranding } from './support/branding';
import { createDemoMembers, loginOf } from './support/people';

const brandVar = (page: Page, name: string) =>
  page.evaluate((n) => document.documentElement.style.getPropertyValue(n).trim(), name);
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

async function signedInPage(browser: Browser, login: Parameters<typeof signIn>[1]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login);
  return { context, page };
}

test(
  'changing the primary colour and the theme restyles the app for every member',
  BRANDING,
  async ({ page, browser }) => {
    await signIn(page, DEMO.admin);
    const saved = await readBranding(page);
    try {
      await page.goto(orgUrl(DEMO_ORG, '/admin/branding'));
      await expect(page.getByRole('heading', { name: 'Branding', exact: true })).toBeVisible();

      const primary = page.getByLabel('Primary Color', { exact: true });
      await primary.fill('#0a7d3b');
      await page.getByRole('radio', { name: /Dark/ }).check();
      // The live preview follows before anything is saved; the app itself does not yet.
      const preview = page.getByTestId('branding-preview');
      await expect(preview).toHaveClass(/dark/);
      expect(await isDark(page)).toBe(false);

      await page.getByRole('button', { name: 'Save Branding' }).click();
      await expect(page.getByText('Branding updated').first()).toBeVisible();
      await expect.poll(() => brandVar(page, '--brand-primary-light')).toBe('#0a7d3b');
      await expect.poll(() => isDark(page)).toBe(true);
      // Buttons take the colour as the dark theme shows it: lifted just enough to read on its
      // surfaces (the mouse moved off, so no hover tint).
      await page.mouse.move(0, 0);
      const saveButton = page.getByRole('button', { name: 'Save Branding' });
      await expect(saveButton).toHaveCSS('background-color', rgb(brandColorFor('#0a7d3b', 'dark')));

      // Another member, in their own browser, sees the same.
      const other = await signedInPage(browser, DEMO.standard);
      await expect.poll(() => brandVar(other.page, '--brand-primary-light')).toBe('#0a7d3b');
      expect(await isDark(other.page)).toBe(true);
      await expect(other.page.locator('body')).toHaveCSS('background-color', 'rgb(15, 23, 42)');
      await other.context.close();
    } finally {
      // The demo organization is shared by every spec: put its look back.
      const status = await putBranding(page, saved);
      expect(status).toBe(200);
    }
  },
);

test('a disabled member is signed out at once and can sign in again when enabled', async ({
  page,
  browser,
}) => {
  const [member] = await createDemoMembers(browser, ['Dana']);
  const memberSession = await signedInPage(browser, loginOf(member));

  await signIn(page, DEMO.admin);
  await page.goto(orgUrl(DEMO_ORG, '/admin/users'));
  await page.getByLabel('Search users').fill(member.username);
  const row = page.getByTestId(`user-row-${member.username}`);
  await expect(row).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Disable Dana Tester' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable User' });
  await dialog.getByRole('button', { name: 'Disable User' }).click();
  await expect(dialog.getByText('Please provide a reason for disabling this user')).toBeVisible();
  await dialog.getByLabel('Reason for disabling').fill('Left the company');
  await dialog.getByRole('button', { name: 'Disable User' }).click();
  await expect(page.getByText('User disabled').first()).toBeVisible();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(row.getByText('Left the company')).toBeVisible();

  // Their open browser is signed out on its next request, and signing in is refused.
  await memberSession.page.reload();
  await expect(memberSession.page).toHaveURL(/\/login$/);
  await memberSession.page.getByLabel('Username').fill(member.username);
  await memberSession.page.getByLabel('Password', { exact: true }).fill(member.password);
  await memberSession.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(memberSession.page.getByText('Your account has been disabled').first()).toBeVisible();

  await row.getByRole('button', { name: 'Enable Dana Tester' }).click();
  await expect(page.getByText('User enabled').first()).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await memberSession.context.close();

  const back = await signedInPage(browser, loginOf(member));
  await expect(back.page).toHaveURL(/\/dashboard$/);
  await back.context.close();
});

test('an added user can sign in with the password they were given', async ({ page, browser }) => {
  const person = newPerson('added');
  await signIn(page, DEMO.admin);
  await page.goto(orgUrl(DEMO_ORG, '/admin/users'));
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });

  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();

  await dialog.getByLabel('First Name').fill('Ada');
  await dialog.getByLabel('Last Name').fill('Added');
  await dialog.getByLabel('Username').fill(person.username);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Password', { exact: true }).fill(person.password);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Team Lead' }).click();
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search users').fill(person.username);
  const row = page.getByTestId(`user-row-${person.username}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('combobox', { name: 'Role of Ada Added' })).toHaveText('Team Lead');

  const added = await signedInPage(browser, {
    username: person.username,
    password: person.password,
    org: 'demo',
  });
  await expect(added.page).toHaveURL(/\/dashboard$/);
  await added.context.close();
});

test('members without administration rights are sent to the dashboard', async ({ page }) => {
  await signIn(page, DEMO.standard);
  for (const path of ['/admin/users', '/admin/settings', '/admin/branding', '/admin/audit']) {
    await page.goto(orgUrl(DEMO_ORG, path));
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});
