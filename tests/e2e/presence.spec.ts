// Two people signed in from two browsers see each other on the dashboard's Team Collaboration
// card, live: online, a status change, and gone once one of them closes the browser.
import { expect, test } from '@playwright/test';
import { signIn, unique } from './support/app';
import { createDemoMembers, loginOf } from './support/people';

test('two signed-in members see each other online, their status, and a leave', async ({ browser }) => {
  // Names that sort first, so neither is hidden behind '+N more' by others signed in meanwhile.
  const tag = unique('').slice(-5);
  const [ada, ben] = await createDemoMembers(browser, [`Aa${tag}a`, `Aa${tag}b`]);

  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  await signIn(pageA, loginOf(ada));
  await signIn(pageB, loginOf(ben));

  const cardA = pageA
    .getByRole('heading', { name: 'Team Collaboration' })
    .locator('xpath=ancestor::div[contains(@class,"rounded-lg")][1]');
  await expect(pageA.getByText("See who's currently active and collaborate in real-time")).toBeVisible();
  await expect(cardA.getByRole('button', { name: `${ben.firstName} Tester, Online` })).toBeVisible();
  await expect(pageB.getByRole('button', { name: `${ada.firstName} Tester, Online` })).toBeVisible();

  // Ben says he is busy; Ada sees it without reloading.
  await pageB.getByRole('combobox', { name: 'My status' }).click();
  await pageB.getByRole('option', { name: 'Busy' }).click();
  await expect(pageA.getByRole('button', { name: `${ben.firstName} Tester, Busy` })).toBeVisible();

  // A page change within the app is not a leave: Ben stays listed, still busy, as he moves around.
  await pageB.getByRole('link', { name: 'Directory' }).first().click();
  await expect(pageB.getByRole('heading', { name: 'Directory' })).toBeVisible();
  await expect(pageA.getByRole('button', { name: `${ben.firstName} Tester, Busy` })).toBeVisible();

  // Ben closes his browser: after the short grace period he is gone from Ada's card.
  await contextB.close();
  await expect(pageA.getByRole('button', { name: new RegExp(`^${ben.firstName} Tester,`) })).toHaveCount(0, {
    timeout: 30_000,
  });
  await contextA.close();
});
