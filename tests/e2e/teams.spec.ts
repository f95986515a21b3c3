// Teams as a theater uses them: an administrator creates a cast with members, adds a link,
// crops and uploads a header image and finds the card in the list; a member only browses.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, DEMO_ORG, orgUrl, signIn, unique } from './support/app';

/** A 1200x600 PNG with a band of colour, so a crop visibly changes what is kept. */
const headerFixture = () =>
  sharp({ create: { width: 1200, height: 600, channels: 4, background: '#6b46c1' } })
    .composite([
      {
        input: { create: { width: 1200, height: 200, channels: 4, background: '#10b981' } },
        top: 400,
        left: 0,
      },
    ])
    .png()
    .toBuffer();

test('an admin creates a team with members, adds a link, makes a lead, crops a header image and sees the card', async ({
  page,
}) => {
  const name = `Cast ${unique('')}`;
  const handle = unique('cast-');
  await signIn(page, DEMO.admin);
  await page.goto(orgUrl(DEMO_ORG, '/directory/teams'));
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Into the Woods Cast' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Team' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Team' });
  await dialog.getByLabel('Team Name').fill(name);
  // The handle follows the name until it is edited.
  await expect(dialog.getByLabel('Team Handle')).toHaveValue(name.toLowerCase().replace(/ /g, '-'));
  await dialog.getByLabel('Team Handle').fill('has spaces');
  await dialog.getByLabel('Team URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Create Team' }).click();
  await expect(
    dialog.getByText('Handle can only contain letters, numbers, underscores, and hyphens'),
  ).toBeVisible();
  await expect(dialog.getByText('Must be a valid URL')).toBeVisible();

  await dialog.getByLabel('Team Handle').fill(handle);
  await dialog.getByLabel('Team URL').fill('https://example.org/cast');
  await dialog.getByLabel('Description').fill('The company of our fall play.');
  const filter = dialog.getByLabel('Filter members');
  await filter.fill('maya');
  await dialog.getByLabel(/Maya Moreno/).check();
  await filter.fill('sam');
  await dialog.getByLabel(/Sam Singh/).check();
  await expect(dialog.getByText('2 selected')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Team' }).click();
  await expect(page.getByText('Team created', { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('team-card').filter({ hasText: name });
  await expect(card.getByText('Members (2)')).toBeVisible();
  await expect(card.getByText('The company of our fall play.')).toBeVisible();
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/directory/teams/${handle}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const members = page.getByRole('list', { name: 'Team members' });
  await expect(members.getByText('@maya')).toBeVisible();
  await expect(members.getByText('@sam')).toBeVisible();

  // Add Member: the picker asks the server as the filter is typed, and offers only non-members.
  await page.getByRole('button', { name: 'Add Member' }).click();
  const adding = page.getByRole('dialog', { name: 'Add Member' });
  await adding.getByLabel('Filter members').fill('maya');
  await expect(adding.getByText('No members found')).toBeVisible();
  await adding.getByLabel('Filter members').fill('lindq');
  await adding.getByRole('radio', { name: /Leo Lindqvist/ }).check();
  await adding.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByText('Member added successfully').first()).toBeVisible();
  await expect(members.getByText('@leo')).toBeVisible();

  // Links: the spec's message for a bad address, then a YouTube link labelled by its site.
  const linkForm = page.getByRole('form', { name: 'Add link' });
  await linkForm.getByLabel('URL').fill('youtube dot com');
  await linkForm.getByRole('button', { name: 'Add Link' }).click();
  await expect(linkForm.getByText('Please enter a valid URL')).toBeVisible();
  await linkForm.getByLabel('URL').fill('https://www.youtube.com/watch?v=cast');
  await linkForm.getByRole('button', { name: 'Add Link' }).click();
  await expect(page.getByText('Link added successfully').first()).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Links', exact: true }).getByRole('link', { name: 'YouTube' }),
  ).toBeVisible();

  // A member's actions menu and the confirm prompt, by keyboard: focus comes back to the menu's
  // button once the prompt closes.
  const mayaRow = members.getByRole('listitem').filter({ hasText: '@maya' });
  const actions = mayaRow.getByRole('button', { name: /^Actions for Maya/ });
  await actions.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Set as lead' }).press('Enter');
  const prompt = page.getByRole('alertdialog', { name: 'Set as team lead?' });
  await prompt.getByRole('button', { name: 'Set as lead' }).press('Enter');
  await expect(page.getByText('Team updated successfully').first()).toBeVisible();
  await expect(prompt).toBeHidden();
  await expect(mayaRow.getByText('Team Lead')).toBeVisible();
  await expect(actions).toBeFocused();
  // Escape cancels a prompt and gives focus back to what opened it.
  const deleteLink = page.getByRole('button', { name: 'Delete link YouTube' });
  await deleteLink.click();
  await expect(page.getByRole('alertdialog', { name: 'Delete link?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(deleteLink).toBeFocused();

  // Header image: choose, crop with the keyboard, upload.
  await page.getByTestId('header-file').setInputFiles({
    name: 'header.png',
    mimeType: 'image/png',
    buffer: await headerFixture(),
  });
  const crop = page.getByRole('dialog', { name: 'Crop Header Image' });
  const area = crop.getByRole('application', { name: 'Crop area' });
  await area.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowUp');
  await expect(crop.getByText('110%')).toBeVisible();
  await crop.getByRole('button', { name: 'Crop & Save' }).click();
  await expect(page.getByText('Header image uploaded successfully').first()).toBeVisible();
  const banner = page.getByRole('img', { name: `${name} header` });
  await expect(banner).toHaveAttribute('src', /^\/files\/\d+\/[0-9a-f]{16}$/);
  const src = (await banner.getAttribute('src')) ?? '';
  const served = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return {
      type: res.headers.get('content-type'),
      bytes: Array.from(new Uint8Array(await res.arrayBuffer())),
    };
  }, src);
  expect(served.type).toBe('image/png');
  const meta = await sharp(Buffer.from(served.bytes)).metadata();
  expect(meta.width).toBe(800);
  expect(meta.height).toBe(Math.round(800 / 3.73));

  // Back in the list, the card shows the header image, the members and no assets yet.
  await page.getByRole('link', { name: 'Back to Teams' }).click();
  const listed = page.getByTestId('team-card').filter({ hasText: name });
  await expect(listed.locator('img').first()).toHaveAttribute('src', src);
  await expect(listed.getByText('Members (3)')).toBeVisible();
  await expect(listed.getByText('0 assets')).toBeVisible();
  await expect(listed.getByRole('link', { name: /Team website/ })).toHaveAttribute(
    'href',
    'https://example.org/cast',
  );
});

test('a member browses a team without management controls', async ({ page }) => {
  await signIn(page, DEMO.standard);
  await page.goto(orgUrl(DEMO_ORG, '/directory/teams'));
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Team' })).toHaveCount(0);
  await page
    .getByTestId('team-card')
    .filter({ hasText: 'Run Crew' })
    .getByRole('link', { name: 'View Details' })
    .click();
  await expect(page.getByRole('heading', { name: 'Run Crew', level: 1 })).toBeVisible();
  const members = page.getByRole('list', { name: 'Team members' });
  await expect(members.getByText('Team Lead')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crew handbook' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Member' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Disable Team' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Upload header image/ })).toHaveCount(0);

  await page.goto(orgUrl(DEMO_ORG, '/directory/teams/no-such-team'));
  await expect(page.getByRole('heading', { name: 'Team Not Found' })).toBeVisible();
  await expect(
    page.getByText("The team you're looking for doesn't exist or you don't have permission to view it."),
  ).toBeVisible();
});
