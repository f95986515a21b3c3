// A production by its scenes, end to end: the stage manager builds a team's breakdown on its page
// (characters, scenes, a tick in the French-scene grid), books a rehearsal by ticking a scene the
// form says everyone can make, finds only that scene's cast in the event and in Call People,
// writes and publishes the rehearsal report, and closes its note in the department's list.
import { expect, test } from '@playwright/test';
import { addDays, todayIn } from '../../src/common/zoned-time';
import { DEMO, DEMO_ORG, orgUrl, signIn, unique } from './support/app';

test('build a breakdown, book a rehearsal by scenes, report and close a note', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.owner);
  const handle = unique('cast-').replace(/[^A-Za-z0-9_-]/g, '');
  const me = await page.evaluate(async () => (await fetch('/api/me')).json());
  const orgId = me.organization.id as number;
  const day = addDays(todayIn(me.organization.timezone), 3);
  // A team of its own (Sam and Leo), so other specs' demo data stays as it was.
  const people = await page.evaluate(
    async (id) => (await fetch(`/api/organizations/${id}/calendar/options`)).json(),
    orgId,
  );
  const idOf = (username: string) =>
    (people.people as { id: number; username: string }[]).find((p) => p.username === username)?.id;
  const created = await page.evaluate(
    async ([id, body]) =>
      (
        await fetch(`/api/organizations/${id}/teams`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    [orgId, { name: `Scenes ${handle}`, handle, memberIds: [idOf('sam'), idOf('leo')] }] as const,
  );
  expect(created).toBe(201);
  const sceneName = `Scene ${unique('')}`;
  const note = `Baker needs a longer loaf ${unique('')}`;

  await test.step('the breakdown: two characters, a scene, one tick in the grid', async () => {
    await page.goto(orgUrl(DEMO_ORG, `/directory/teams/${handle}`));
    const card = page.getByTestId('breakdown');
    await expect(card.getByText('No characters or scenes yet.')).toBeVisible();
    for (const [character, actor] of [
      ['Baker', 'Sam Singh'],
      ['Jack', 'Leo Lindqvist'],
    ]) {
      await card.getByRole('button', { name: 'Add Character' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Character' });
      await dialog.getByLabel('Name').fill(character);
      await dialog.getByRole('checkbox', { name: actor }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
    }
    await card.getByRole('button', { name: 'Add Scene' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Scene' });
    await dialog.getByLabel('Name').fill(sceneName);
    await dialog.getByLabel('Act').fill('1');
    await dialog.getByLabel('Pages').fill('1 3/8');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const grid = card.getByRole('table', { name: 'French-scene grid' });
    await expect(grid.getByRole('row', { name: new RegExp(sceneName) })).toContainText('1 3/8');
    // Keyboard: the Baker's box, then Space.
    const baker = grid.getByRole('checkbox', { name: `Baker in ${sceneName}` });
    await baker.focus();
    await page.keyboard.press('Space');
    await expect(baker).toBeChecked();
    const totals = card.getByRole('table', { name: 'Totals per actor' });
    await expect(totals.getByRole('row', { name: /Sam Singh/ })).toContainText('1 3/8');
  });

  await test.step('a rehearsal booked by the scene, its cast free then', async () => {
    await page.goto(orgUrl(DEMO_ORG, `/calendar/home?view=day&date=${day}`));
    await page.getByRole('button', { name: 'Add Event' }).click();
    const form = page.getByTestId('event-form');
    await form.getByLabel('Event Name').fill(`Work ${sceneName}`);
    await form.getByRole('checkbox', { name: 'Office' }).click();
    await form.getByLabel('Start Date').fill(day);
    await form.getByLabel('Start Time').fill('10:00');
    await form.getByLabel('End Date').fill(day);
    await form.getByLabel('End Time').fill('11:00');
    await form.getByRole('checkbox', { name: `Scenes ${handle}` }).click();
    const picker = form.getByTestId('scene-picker');
    await expect(picker.getByText('Everyone free')).toBeVisible();
    await picker.getByRole('checkbox', { name: new RegExp(sceneName) }).click();
    await form.getByRole('button', { name: 'Create Event' }).click();
    const done = page.getByText('Event created successfully').first();
    const anyway = form.getByRole('button', { name: 'Book anyway' });
    await expect(done.or(anyway)).toBeVisible();
    if (await anyway.isVisible()) await anyway.click();
    await expect(done).toBeVisible();
  });

  await test.step("the event lists the scene's people; Call People starts with them", async () => {
    await page
      .getByRole('button', { name: new RegExp(`Work ${sceneName}`) })
      .first()
      .click();
    const details = page.getByTestId('event-dialog');
    await expect(details.getByTestId('event-scenes')).toContainText('Sam Singh (Baker)');
    await expect(details.getByTestId('event-scenes')).not.toContainText('Leo');
    await details.getByTestId('calls-panel').getByRole('button', { name: 'Call People' }).click();
    const dialog = page.getByRole('dialog', { name: 'Call People' });
    await expect(dialog.getByText('Called (1)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Calls' }).click();
    await expect(dialog).toBeHidden();
    await details.getByRole('link', { name: 'Rehearsal report' }).click();
  });

  await test.step('the report is written and published; its department closes the note', async () => {
    await expect(page.getByRole('heading', { name: new RegExp(`Report: Work ${sceneName}`) })).toBeVisible();
    await page.getByLabel('Started').fill('10:02');
    await page.getByLabel('Ended').fill('10:58');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await page.getByLabel('Note 1', { exact: true }).fill(note);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Report published').first()).toBeVisible();
    await page.goto(orgUrl(DEMO_ORG, '/calendar/report-notes?department=Direction'));
    const item = page.getByTestId('report-note-item').filter({ hasText: note });
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Mark done' }).click();
    await expect(page.getByText('Note marked done').first()).toBeVisible();
    await expect(item).toBeHidden();
  });
});

// The printable area of the smaller of A4 and Letter, with the 12 mm margins the print style sets,
// at 96 CSS pixels to the inch.
const PRINTED_PAGE = {
  width: Math.floor(((210 - 24) / 25.4) * 96),
  height: Math.floor((11 - 24 / 25.4) * 96),
};

/** Whether the page scrolls sideways (wider content than the screen). */
const scrollsSideways = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('on a phone: tick the French-scene grid and read a report that prints on one page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, DEMO.owner);
  const handle = unique('phone-').replace(/[^A-Za-z0-9_-]/g, '');
  const me = await page.evaluate(async () => (await fetch('/api/me')).json());
  const orgId = me.organization.id as number;
  const post = (url: string, body: unknown) =>
    page.evaluate(
      async ([u, b]) =>
        (
          await fetch(u as string, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(b),
          })
        ).json(),
      [url, body] as const,
    );
  const team = await post(`/api/organizations/${orgId}/teams`, {
    name: `Phone ${handle}`,
    handle,
    memberIds: [],
  });
  // A cast wider than a phone: eight characters across the grid.
  for (const name of [
    'Narrator',
    'Baker',
    "Baker's Wife",
    'Witch',
    'Jack',
    'Little Red',
    'Cinderella',
    'Wolf',
  ])
    await post(`/api/teams/${team.id}/characters`, { name, memberIds: [] });
  await post(`/api/teams/${team.id}/scenes`, { name: 'Into the Woods', act: '1', characterIds: [] });

  await test.step('the grid scrolls inside its own named region, not the page', async () => {
    await page.goto(orgUrl(DEMO_ORG, `/directory/teams/${handle}`));
    const region = page.getByRole('region', { name: 'French-scene grid, scrolls sideways' });
    await expect(region).toBeVisible();
    await region.focus();
    await expect(region).toBeFocused();
    const box = region.getByRole('checkbox', { name: 'Wolf in Into the Woods' });
    await box.click();
    await expect(box).toBeChecked();
    expect(await scrollsSideways(page)).toBe(false);
  });

  await test.step('a rehearsal report reads on the phone and prints on one page', async () => {
    const notes = await page.evaluate(
      async (id) => (await fetch(`/api/organizations/${id}/report-notes`)).json(),
      orgId,
    );
    const eventId = (notes as { eventId: number }[])[0].eventId;
    await page.goto(orgUrl(DEMO_ORG, `/calendar/events/${eventId}/report`));
    await page.getByRole('button', { name: 'Preview and print' }).click();
    const report = page.getByTestId('report');
    await expect(report).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await page.setViewportSize(PRINTED_PAGE);
    await page.emulateMedia({ media: 'print' });
    const bottom = await page.evaluate(() => {
      let max = 0;
      for (const el of document.body.querySelectorAll('*')) {
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden' || style.position === 'fixed') continue;
        max = Math.max(max, el.getBoundingClientRect().bottom + window.scrollY);
      }
      return max;
    });
    // The report itself is on the paper (not hidden by the print style), and all of it on one page.
    expect(bottom).toBeGreaterThan(200);
    expect(bottom).toBeLessThanOrEqual(PRINTED_PAGE.height);
    expect(await scrollsSideways(page)).toBe(false);
  });
});
