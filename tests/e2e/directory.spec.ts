// The directory as members use it: find people, open a person's page; and as a manager: change a
// member's organization roles and access from the same grid.
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_ORG, orgUrl, signIn } from './support/app';
import { createDemoMembers, loginOf } from './support/people';

test('a member searches the directory and opens a person page', async ({ page }) => {
  await signIn(page, DEMO.standard);
  await page.getByRole('link', { name: 'Directory' }).first().click();
  await expect(page.getByRole('heading', { name: 'Directory', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ members$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Teams' })).toHaveAttribute('href', '/directory/teams');

  const search = page.getByPlaceholder('Search by name, role, or team...');
  await search.fill('LINDQVIST');
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.locator(':scope > li')).toHaveCount(1);
  // The count follows the search.
  await expect(page.getByText(/^1 of \d+ members$/)).toBeVisible();
  await expect(members.getByText('@leo')).toBeVisible();
  // Organization roles and permission levels are searchable too.
  await search.fill('volunteer coordinator');
  await expect(members.getByText('@victor')).toBeVisible();
  await search.fill('no such person at all');
  await expect(page.getByText('No members found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms')).toBeVisible();

  // A member without manage_users gets no edit buttons.
  await search.fill('leo');
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await members.getByRole('link', { name: /^Leo L\./ }).click();
  await expect(page).toHaveURL(/\/directory\/people\/@leo$/);
  await expect(page.getByRole('heading', { name: 'Leo Lindqvist' })).toBeVisible();
  await expect(page.getByText('leo@demo.greenroom.local')).toBeVisible();
  await expect(page.getByText('standard user', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to People' }).click();
  await expect(page).toHaveURL(/\/directory\/people$/);

  await page.goto(orgUrl(DEMO_ORG, '/directory/people/@nobody-here'));
  await expect(page.getByRole('heading', { name: 'Person Not Found' })).toBeVisible();
  await expect(
    page.getByText("The person you're looking for doesn't exist or you don't have permission to view them."),
  ).toBeVisible();
});

test('the directory asks the server as the member types, and the address holds the search', async ({
  page,
}) => {
  await signIn(page, DEMO.standard);
  await page.goto(orgUrl(DEMO_ORG, '/directory'));
  await expect(page.getByText(/^\d+ members$/)).toBeVisible();
  const members = page.getByRole('list', { name: 'Members' });

  // Typed quickly: the server is asked once typing pauses, not at every keystroke.
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/directory') && url.searchParams.get('limit') === '50')
      asked.push(url.searchParams.get('search') ?? '');
  });
  await page.getByPlaceholder('Search by name, role, or team...').pressSequentially('lindq');
  await expect(page).toHaveURL(/\/directory\?search=lindq$/);
  await expect(members.locator(':scope > li')).toHaveCount(1);
  await expect(members.getByText('@leo')).toBeVisible();
  expect(asked.at(-1)).toBe('lindq');
  expect(asked.filter((q) => q.startsWith('l')).length).toBeLessThan(5);

  // The address brings the same search back, in a reload or a shared link.
  await page.reload();
  await expect(page.getByPlaceholder('Search by name, role, or team...')).toHaveValue('lindq');
  await expect(members.getByText('@leo')).toBeVisible();
  await expect(page.getByText(/^1 of \d+ members$/)).toBeVisible();

  // A filter joins the search in the address, chosen from the keyboard.
  await page.goto(orgUrl(DEMO_ORG, '/directory?role=volunteer_coordinator'));
  await expect(members.getByText('@victor')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by permission level' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'All roles' }).press('Enter');
  await expect(page).toHaveURL(/\/directory$/);
  await expect(page.getByText(/^\d+ members$/)).toBeVisible();
});

test('a manager changes a member’s roles and disables them from the directory', async ({ browser, page }) => {
  const [member] = await createDemoMembers(browser, ['Dora']);
  await signIn(page, DEMO.admin);
  await page.goto(orgUrl(DEMO_ORG, '/directory'));
  await page.getByPlaceholder('Search by name, role, or team...').fill(member.username);
  const card = page.getByRole('list', { name: 'Members' }).locator(':scope > li');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('No additional information')).toBeVisible();
  await card.hover();
  await card.getByRole('button', { name: 'Edit Dora T.' }).click();

  const dialog = page.getByRole('dialog', { name: 'User Details' });
  await expect(dialog.getByText('Manage user permissions and organization roles')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Add organization role' }).click();
  await page.getByRole('option', { name: 'Coach' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove Coach' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Permission Level' }).click();
  await expect(page.getByRole('option', { name: 'Owner' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Team Lead' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User details have been updated successfully.').first()).toBeVisible();

  await page.goto(orgUrl(DEMO_ORG, `/directory/people/@${member.username}`));
  await expect(page.getByRole('heading', { name: 'Dora Tester' })).toBeVisible();
  await expect(page.getByText('team lead', { exact: true })).toBeVisible();
  await expect(page.getByText('Coach', { exact: true })).toBeVisible();

  // Disabled: the member's own browser loses its session and they leave the directory.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, loginOf(member));
  await page.goto(orgUrl(DEMO_ORG, '/directory'));
  await page.getByPlaceholder('Search by name, role, or team...').fill(member.username);
  // The search is the server's, asked once typing pauses.
  await expect(card).toHaveCount(1);
  await card.hover();
  await card.getByRole('button', { name: 'Edit Dora T.' }).click();
  await dialog.getByRole('switch', { name: 'Active Status' }).click();
  await expect(dialog.getByText('User access is disabled')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('No members found')).toBeVisible();
  await expect(memberPage).toHaveURL(/\/login$/, { timeout: 30_000 });
  await memberContext.close();
});
