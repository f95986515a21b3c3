// A system user signed in on an organization's address manages it like an
// owner: the Admin menu group, user management, settings, branding, teams and the calendar.
import { expect, test } from '@playwright/test';
import { DEMO_ORG, newPerson, orgUrl, SYSTEM, signIn, unique } from './support/app';

test('a system user on an organization address manages its users, settings, branding, teams and calendar', async ({
  page,
}) => {
  await signIn(page, { ...SYSTEM, org: DEMO_ORG });
  await expect(page.getByRole('heading', { name: 'Welcome System Administrator' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Organization figures' })).toBeVisible();

  // The spec's menu: the Admin group beside System Admin.
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: 'Admin', exact: true }).click();
  for (const entry of ['User Management', 'Organization Settings', 'Branding'])
    await expect(menu.getByRole('link', { name: entry })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Approval Queue' })).toBeVisible();

  // Users: the organization's members, and a new one added through the dialog.
  await menu.getByRole('link', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText('No organization selected')).toHaveCount(0);
  await page.getByLabel('Search users').fill('olivia');
  await expect(page.getByTestId('user-row-olivia')).toBeVisible();
  const person = newPerson('sysadd');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Username').fill(person.username);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Password', { exact: true }).fill(person.password);
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created').first()).toBeVisible();
  await page.getByLabel('Search users').fill(person.username);
  await expect(page.getByTestId(`user-row-${person.username}`)).toBeVisible();

  // Settings and branding load the organization's own values.
  await page.goto(orgUrl(DEMO_ORG, '/admin/settings'));
  await expect(page.getByLabel('Organization Name')).not.toHaveValue('');
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  await page.goto(orgUrl(DEMO_ORG, '/admin/branding'));
  await expect(page.getByRole('heading', { name: 'Branding', exact: true })).toBeVisible();
  await expect(page.getByLabel('Primary Color', { exact: true })).toHaveValue(/^#[0-9a-f]{6}$/i);

  // Teams: the list shows the demo teams, and a system user may create one.
  const team = `Crew ${unique('')}`;
  await page.goto(orgUrl(DEMO_ORG, '/directory/teams'));
  await expect(page.getByRole('heading', { name: 'Into the Woods Cast' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Team' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create Team' });
  await create.getByLabel('Team Name').fill(team);
  await create.getByRole('button', { name: 'Create Team' }).click();
  await expect(page.getByText('Team created', { exact: true }).first()).toBeVisible();
  await page
    .getByTestId('team-card')
    .filter({ hasText: team })
    .getByRole('link', { name: 'View Details' })
    .click();
  await expect(page.getByRole('heading', { name: team })).toBeVisible();

  // The calendar shows the organization's events.
  await page.goto(orgUrl(DEMO_ORG, '/calendar'));
  await expect(page.getByTestId('month-view')).toBeVisible();
  await expect(page.getByRole('button', { name: /Into the Woods rehearsal/ }).first()).toBeVisible();
});
