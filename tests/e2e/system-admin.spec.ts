// A system administrator registers an organization, edits it in the database manager
// (where its approval is read-only), suspends and restores it, and reads the analytics.
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, DEMO_ORG, linkIn, newPerson, orgUrl, SYSTEM, signIn, waitForMail } from './support/app';

/** Console errors and uncaught exceptions the page produced. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('register, edit in the database manager, suspend and restore', async ({ page }) => {
  const owner = newPerson('sysown');
  const shortname = owner.username.toLowerCase();
  const name = `Lantern ${shortname}`;
  await signIn(page, SYSTEM);
  // From here on (the sign-in page's own "not signed in yet" answer is expected).
  const errors = collectErrors(page);

  // Organization Registration, from the System Admin menu.
  await page.getByRole('link', { name: 'Organization Registration' }).click();
  await expect(page).toHaveURL(/\/system\/register-organization$/);
  await page.getByLabel('Organization Name').fill(name);
  await page.getByLabel('Organization Shortname').fill(shortname);
  // The new address on the real base domain, not a placeholder.
  await expect(page.getByText(`Its address: ${new URL(orgUrl(shortname)).host}`)).toBeVisible();
  await page.getByLabel('Owner Username').fill(owner.username);
  await page.getByLabel('Owner Email').fill(owner.email);
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByText(`${name} is ready`)).toBeVisible();
  const invitation = await waitForMail(owner.email, {
    subject: `Your Greenroom organization ${name} is ready`,
  });
  expect(linkIn(invitation, '/reset-password')).toContain(orgUrl(shortname, '/reset-password?token='));

  // The database manager: find the organization's record and edit its description; its approval
  // is shown but cannot be changed there.
  await page.goto(`${BASE_URL}/system/database?table=organizations`);
  await page.getByLabel('Search organizations').fill(shortname);
  const row = page.getByRole('row', { name: new RegExp(shortname) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Edit record/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('approval_status', { exact: true })).toHaveAttribute('readonly', '');
  // approval_status, approved_at, approved_by and rejection_reason each say so.
  await expect(dialog.getByText(/read-only: Approval cannot be changed here/).first()).toBeVisible();
  await dialog.getByLabel('description', { exact: true }).fill('Repaired in the manager');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Record updated successfully').first()).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Repaired in the manager', exact: true })).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: /^Copy record/ }).click();
  await expect(page.getByText('Copied to clipboard!').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`"shortname": "${shortname}"`);
  await page.getByRole('tab', { name: 'Schema' }).click();
  await expect(page.getByRole('cell', { name: 'approval_status' })).toBeVisible();

  // Registered by a system administrator, it is approved already: not in the queue, whose
  // sidebar offers System Settings.
  await page.goto(`${BASE_URL}/system/approval-queue`);
  await expect(
    page.getByRole('navigation', { name: 'System tools' }).getByRole('link', { name: 'System Settings' }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name })).toBeHidden();

  // Suspend it: its public page goes away; restore it: the page is back.
  await page.goto(`${BASE_URL}/system/organizations?search=${shortname}`);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Approved')).toBeVisible();
  await expect(card.getByText('1 user')).toBeVisible();
  await card.getByRole('button', { name: `Suspend ${name}` }).click();
  await page.getByLabel('Reason for suspension (optional)').fill('Testing suspension');
  await page.getByRole('button', { name: 'Suspend Organization' }).click();
  await expect(card.getByText('Suspended', { exact: true })).toBeVisible();
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${BASE_URL}/public/${shortname}/calendar`);
  await expect(visitor.getByText('Calendar Not Found')).toBeVisible();

  await card.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(card.getByText('Approved')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name })).toBeVisible();
  await visitor.close();

  // The status filter keeps its place in the address.
  await page.goto(`${BASE_URL}/system/organizations?search=${shortname}&status=rejected`);
  await expect(page.getByText('No Organizations Found')).toBeVisible();
  await expect(page.getByText('No organizations match your current filters.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('system settings show the status and test a connection; analytics draw charts without console errors', async ({
  page,
}) => {
  await signIn(page, SYSTEM);
  const errors = collectErrors(page);
  await page.goto(`${BASE_URL}/system/settings`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+d \d+h \d+m$/)).toBeVisible();
  await expect(page.getByText('Embedded PostgreSQL (PGlite) in DATA_DIR')).toBeVisible();
  await expect(page.getByLabel('Port', { exact: true })).toHaveValue('5432');
  // The support address: empty means the system user's own, which it names; saving keeps it.
  const support = page.getByLabel('Support Email');
  await expect(
    page.getByText("Left empty, people write to the system user's address: system@greenroom.local"),
  ).toBeVisible();
  await support.fill('not-an-address');
  await page.getByRole('button', { name: 'Save Support Address' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  // The same address as the default, so sign-ups tested meanwhile see no change.
  await support.fill('system@greenroom.local');
  await page.getByRole('button', { name: 'Save Support Address' }).click();
  await expect(page.getByText('Support address saved').first()).toBeVisible();
  await page.reload();
  await expect(support).toHaveValue('system@greenroom.local');
  await support.fill('');
  await page.getByRole('button', { name: 'Save Support Address' }).click();
  await expect(page.getByText('Support address saved').first()).toBeVisible();

  await page.getByLabel('Port', { exact: true }).fill('70000');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Port must be between 1 and 65535')).toBeVisible();

  // A real connection to the PostgreSQL server the machine runs (trust authentication).
  await page.getByLabel('Host').fill('127.0.0.1');
  await page.getByLabel('Port', { exact: true }).fill('5432');
  await page.getByLabel('Database Name').fill('postgres');
  await page.getByLabel('Username').fill('postgres');
  await page.getByLabel('Password', { exact: true }).fill('unused-with-trust');
  await page.getByRole('switch', { name: 'Use SSL' }).click();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText('Connection test successful').first()).toBeVisible();
  await expect(page.getByText(/Connected successfully in \d+ ms/).first()).toBeVisible();

  await page.goto(`${BASE_URL}/system/analytics`);
  for (const title of ['Organizations', 'Members', 'Events', 'Active Members']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('chart-members-chart').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('chart-members-chart').locator('.recharts-line-curve')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Per Organization' })).toBeVisible();
  // The range filter: its choice is kept in the address, and the tables follow it.
  await expect(
    page.getByRole('table', { name: 'Members by week', exact: true }).getByRole('row'),
  ).toHaveCount(13);
  await page.getByRole('combobox', { name: 'Time range' }).click();
  await page.getByRole('option', { name: 'Last 4 weeks' }).click();
  await expect(page).toHaveURL(/[?&]weeks=4\b/);
  await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 4 weeks');
  await expect(
    page.getByRole('table', { name: 'Members by week', exact: true }).getByRole('row'),
  ).toHaveCount(5);
  await expect(
    page.getByTestId('chart-events-chart').locator('.recharts-bar-rectangle').first(),
  ).toBeAttached();
  expect(errors).toEqual([]);
});

test("on the main site a system user's menu has no organization screens; their addresses lead to a picker", async ({
  page,
}) => {
  await signIn(page, SYSTEM);
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Open an Organization' })).toBeVisible();
  for (const name of ['Directory', 'Calendar', 'Library'])
    await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0);

  await page.goto(`${BASE_URL}/calendar`);
  await expect(page).toHaveURL(/\/system\/choose-organization\?next=%2Fcalendar$/);
  await expect(page.getByRole('heading', { name: 'Open an Organization' })).toBeVisible();
  await page.getByLabel('Search organizations').fill(DEMO_ORG);
  await expect(page.getByRole('link', { name: /Demo Community Theater/ })).toHaveAttribute(
    'href',
    orgUrl(DEMO_ORG, '/login?next=%2Fcalendar'),
  );
});
