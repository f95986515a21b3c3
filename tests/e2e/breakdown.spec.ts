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
