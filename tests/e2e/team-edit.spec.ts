// A team's name, website and handle are edited in Edit About; the old address
// still leads to the team; the dialog asks before throwing typed changes away and gives focus back.
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_ORG, orgUrl, signIn, unique } from './support/app';

test('editing a team renames it, fixes its website and moves its address; the old one still works', async ({
  page,
}) => {
  const handle = unique('crew-');
  await signIn(page, DEMO.admin);
  const created = await page.evaluate(async (h) => {
    const me = await (await fetch('/api/me')).json();
    const res = await fetch(`/api/organizations/${me.organization.id}/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Night Crew', handle: h, memberIds: [] }),
    });
    return res.status;
  }, handle);
  expect(created).toBe(201);

  await page.goto(orgUrl(DEMO_ORG, `/directory/teams/${handle}`));
  await expect(page.getByRole('heading', { name: 'Night Crew', level: 1 })).toBeVisible();

  // Unsaved changes: Escape asks first; keeping them keeps the dialog; discarding closes it and
  // focus returns to the button that opened it.
  const edit = page.getByRole('button', { name: 'Edit About' });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit About' });
  await dialog.getByLabel('Team Name').fill('Typed but not saved');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByLabel('Team Name')).toHaveValue('Typed but not saved');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  // A clean dialog closes at once.
  await edit.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await edit.click();
  await dialog.getByLabel('Team Name').fill('Night Crew Renamed');
  await dialog.getByLabel('Team URL').fill('example.org/night-crew');
  await dialog.getByLabel('Team Handle').fill(`${handle}-new`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Team updated successfully').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/directory/teams/${handle}-new$`));
  await expect(page.getByRole('heading', { name: 'Night Crew Renamed', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Team website' })).toHaveAttribute(
    'href',
    'https://example.org/night-crew',
  );

  // The old address, bookmarked before the change, moves to the new one.
  await page.goto(orgUrl(DEMO_ORG, `/directory/teams/${handle}`));
  await expect(page).toHaveURL(new RegExp(`/directory/teams/${handle}-new$`));
  await expect(page.getByRole('heading', { name: 'Night Crew Renamed', level: 1 })).toBeVisible();

  // Disabled everywhere: the page and the card say the same word.
  await page.getByRole('button', { name: 'Disable Team' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable Team' }).click();
  await expect(page.getByText('This team is disabled')).toBeVisible();
  await page.goto(orgUrl(DEMO_ORG, '/directory/teams'));
  await page.getByLabel('Show disabled teams').click();
  const card = page.getByTestId('team-card').filter({ hasText: 'Night Crew Renamed' });
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
});
