// Volunteering end to end on a phone: the volunteer coordinator adds an usher shift to a coming
// date; a member signs up in one click from the Volunteer page; she offers the place, another
// member takes it, and the coordinator's hours ledger lists the members against the target.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { addDays, instantToWallTime } from '../../src/common/zoned-time';
import { DEMO, DEMO_ORG, orgUrl, signIn, unique } from './support/app';

async function onPhone(browser: Browser, login: (typeof DEMO)[keyof typeof DEMO]) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await signIn(page, login);
  return { context, page };
}

/** Books a one-off event five days ahead (on the organization's clock) through the API. */
async function bookEvent(page: Page, name: string): Promise<void> {
  const timeZone = await page.evaluate(
    async () => (await (await fetch('/api/me')).json()).organization.timezone,
  );
  const day = addDays(instantToWallTime(Date.now(), timeZone).slice(0, 10), 5);
  const status = await page.evaluate(
    async ({ name, day }) => {
      const me = await (await fetch('/api/me')).json();
      const res = await fetch(`/api/organizations/${me.organization.id}/calendar/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          spaces: ['Office'],
          eventType: 'other',
          startDateTime: `${day}T08:00`,
          endDateTime: `${day}T09:00`,
          reservedBy: me.user.id,
        }),
      });
      return res.status;
    },
    { name, day },
  );
  expect(status).toBe(201);
}

test('coordinator adds a shift, a member signs up on a phone, swaps it, and the ledger lists everyone', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `Open house ${unique('')}`;
  const coordinator = await onPhone(browser, DEMO.volunteerCoordinator); // Victor
  const maya = await onPhone(browser, DEMO.standard2);
  const leo = await onPhone(browser, DEMO.standard3);

  await test.step('the coordinator adds an usher shift to a coming date', async () => {
    const page = coordinator.page;
    await bookEvent(page, name);
    await page.goto(orgUrl(DEMO_ORG, '/volunteer?tab=manage'));
    await expect(page.getByRole('heading', { name: 'Volunteer', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Show or event' }).click();
    await page.getByRole('option', { name: new RegExp(name) }).click();
    const form = page.getByRole('form', { name: 'Add a shift' });
    await form.getByRole('combobox', { name: 'Position' }).click();
    await page.getByRole('option', { name: 'Usher', exact: true }).click();
    await form.getByLabel('Places').fill('1');
    await form.getByLabel('Note for volunteers (optional)').fill('Greet at the door');
    await form.getByRole('button', { name: 'Add shift' }).click();
    await expect(page.getByRole('listitem', { name: `Usher, ${name}` })).toBeVisible();
    await expect(
      page.getByRole('listitem', { name: `Usher, ${name}` }).getByText('1 of 1 place left'),
    ).toBeVisible();
  });

  const card = (page: Page) => page.getByRole('listitem', { name: `Usher, ${name}` });

  await test.step('a member signs up in one click', async () => {
    const page = maya.page;
    await page.goto(orgUrl(DEMO_ORG, '/volunteer'));
    await card(page).getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('You are signed up', { exact: true })).toBeVisible();
    await page.goto(orgUrl(DEMO_ORG, '/volunteer?tab=mine'));
    await expect(card(page).getByText('Full')).toBeVisible();
    await expect(card(page).getByText('Maya Moreno')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  await test.step('she offers it; another member takes it', async () => {
    await card(maya.page).getByRole('button', { name: 'Offer for swap' }).click();
    await expect(card(maya.page).getByText('You offered this place')).toBeVisible();
    const page = leo.page;
    await page.goto(orgUrl(DEMO_ORG, '/volunteer'));
    await card(page).getByRole('button', { name: 'Take offered place' }).click();
    await expect(page.getByText('The place is yours', { exact: true })).toBeVisible();
    // Full again, it leaves the open shifts and is among his own.
    await expect(card(page)).toHaveCount(0);
    await page.goto(orgUrl(DEMO_ORG, '/volunteer?tab=mine'));
    await expect(card(page).getByText('Leo Lindqvist')).toBeVisible();
    await maya.page.reload();
    await expect(card(maya.page)).toHaveCount(0);
  });

  await test.step("the coordinator's hours ledger shows the members against the target", async () => {
    const page = coordinator.page;
    await page.goto(orgUrl(DEMO_ORG, '/volunteer?tab=hours'));
    await expect(page.getByText(/Target: 10 hours per member/)).toBeVisible();
    await expect(page.getByRole('row', { name: /Maya Moreno/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      /volunteer-hours\.csv/,
    );
  });

  for (const p of [coordinator, maya, leo]) await p.context.close();
});
