// Volunteering end to end on a phone: the volunteer coordinator adds an usher shift to a coming
// date; a member signs up in one click from the Volunteer page; she offers the place, another
// member takes it; at an event under way the coordinator checks him in, and the hours ledger
// lists the members against the target with his hours. It runs in an organization of its own:
// the demo's members are called to rehearsals and hold shifts at times that depend on the day the
// suite runs, and a shift under way must not clash with them.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { addDays, instantToWallTime } from '../../src/common/zoned-time';
import { type Login, orgUrl, signIn, unique } from './support/app';
import { addMembers, newOrganization, ok } from './support/organization';

async function onPhone(browser: Browser, login: Login) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await signIn(page, login);
  return { context, page };
}

const orgTimeZone = (page: Page): Promise<string> =>
  page.evaluate(async () => (await (await fetch('/api/me')).json()).organization.timezone);

/** Books a one-off event through the API, times on the organization's clock; its id. */
async function bookEvent(page: Page, name: string, start: string, end: string): Promise<number> {
  const { status, id } = await page.evaluate(
    async ({ name, start, end }) => {
      const me = await (await fetch('/api/me')).json();
      const res = await fetch(`/api/organizations/${me.organization.id}/calendar/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          spaces: ['Office'],
          eventType: 'other',
          startDateTime: start,
          endDateTime: end,
          reservedBy: me.user.id,
        }),
      });
      return { status: res.status, id: res.ok ? (await res.json()).event.id : 0 };
    },
    { name, start, end },
  );
  expect(status).toBe(201);
  return id;
}

/** Books a one-off event five days ahead. */
async function bookComingEvent(page: Page, name: string): Promise<void> {
  const day = addDays(instantToWallTime(Date.now(), await orgTimeZone(page)).slice(0, 10), 5);
  await bookEvent(page, name, `${day}T08:00`, `${day}T09:00`);
}

/**
 * An event that started an hour ago, with an usher shift over it held by `userId`, all through
 * the API (a member cannot sign up for a shift that has started; a coordinator can assign one).
 */
async function shiftUnderWay(page: Page, name: string, userId: number): Promise<void> {
  const timeZone = await orgTimeZone(page);
  const wall = (ms: number) => instantToWallTime(ms, timeZone).slice(0, 16);
  const start = wall(Date.now() - 3_600_000);
  const end = wall(Date.now() + 3_600_000);
  const eventId = await bookEvent(page, name, start, end);
  const statuses = await page.evaluate(
    async ({ eventId, start, end, userId }) => {
      const me = await (await fetch('/api/me')).json();
      const org = `/api/organizations/${me.organization.id}`;
      const positions: { id: number; name: string }[] = await (
        await fetch(`${org}/volunteer-positions`)
      ).json();
      const usher = positions.find((p) => p.name === 'Usher');
      const json = { 'content-type': 'application/json' };
      const created = await fetch(`${org}/calendar/events/${eventId}/shifts`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ positionId: usher?.id, places: 1, startDateTime: start, endDateTime: end }),
      });
      const shift = await created.json();
      const assigned = await fetch(`${org}/shifts/${shift.id}/volunteers`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ userIds: [userId] }),
      });
      return [created.status, assigned.status];
    },
    { eventId, start, end, userId },
  );
  expect(statuses).toEqual([201, 200]);
}

test('coordinator adds a shift, a member signs up on a phone, swaps it, is checked in, and the ledger lists everyone', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const org = await newOrganization('vol');
  const [victor] = await addMembers(org, ['Victor'], 'volunteer_coordinator');
  const [mayaMember, leoMember] = await addMembers(org, ['Maya', 'Leo']);
  await ok(
    await org.ownerApi.put(`/api/organizations/${org.id}/volunteer-positions`, { data: [{ name: 'Usher' }] }),
  );
  await ok(await org.ownerApi.patch(`/api/organizations/${org.id}`, { data: { volunteerHoursTarget: 10 } }));
  await org.ownerApi.dispose();
  const ORG = org.shortname;
  const name = `Open house ${unique('')}`;
  const coordinator = await onPhone(browser, victor.login);
  const maya = await onPhone(browser, mayaMember.login);
  const leo = await onPhone(browser, leoMember.login);

  await test.step('the coordinator adds an usher shift to a coming date', async () => {
    const page = coordinator.page;
    await bookComingEvent(page, name);
    await page.goto(orgUrl(ORG, '/volunteer?tab=manage'));
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
    await page.goto(orgUrl(ORG, '/volunteer'));
    await card(page).getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('You are signed up', { exact: true })).toBeVisible();
    await page.goto(orgUrl(ORG, '/volunteer?tab=mine'));
    await expect(card(page).getByText('Full')).toBeVisible();
    await expect(card(page).getByText('Maya Tester')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  await test.step('she offers it; another member takes it', async () => {
    await card(maya.page).getByRole('button', { name: 'Offer for swap' }).click();
    await expect(card(maya.page).getByText('You offered this place')).toBeVisible();
    const page = leo.page;
    await page.goto(orgUrl(ORG, '/volunteer'));
    await card(page).getByRole('button', { name: 'Take offered place' }).click();
    await expect(page.getByText('The place is yours', { exact: true })).toBeVisible();
    // Full again, it leaves the open shifts and is among his own.
    await expect(card(page)).toHaveCount(0);
    await page.goto(orgUrl(ORG, '/volunteer?tab=mine'));
    await expect(card(page).getByText('Leo Tester')).toBeVisible();
    await maya.page.reload();
    await expect(card(maya.page)).toHaveCount(0);
  });

  const doors = `Doors ${unique('')}`;
  await test.step('at an event under way, the coordinator checks the volunteer in', async () => {
    const page = coordinator.page;
    await shiftUnderWay(page, doors, leoMember.id);
    await page.goto(orgUrl(ORG, '/volunteer?tab=manage'));
    await page.getByRole('combobox', { name: 'Show or event' }).click();
    await page.getByRole('option', { name: new RegExp(doors) }).click();
    const checkIn = page
      .getByRole('listitem', { name: `Usher, ${doors}` })
      .getByRole('list', { name: 'Check-in' });
    const present = checkIn.getByRole('listitem').filter({ hasText: 'Leo Tester' }).getByRole('button', {
      name: 'Present',
    });
    await present.click();
    await expect(present).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step("the coordinator's hours ledger shows the members against the target", async () => {
    const page = coordinator.page;
    await page.goto(orgUrl(ORG, '/volunteer?tab=hours'));
    await expect(page.getByText(/Target: 10 hours per member/)).toBeVisible();
    await expect(page.getByRole('row', { name: /Maya Tester/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Leo Tester/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      /volunteer-hours\.csv/,
    );
  });

  for (const p of [coordinator, maya, leo]) await p.context.close();
});
