// Installable: an organization's address links its own web app manifest with
// icons, the service worker registers, and My Schedule opens offline from the last visit, for
// that member only: after they sign out, and for the next member, their schedule is gone.
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, DEMO_ORG, orgUrl, signIn, signOut, unique } from './support/app';
import { createDemoMembers, loginOf } from './support/people';
import type { manifestFor } from '../../src/server/features/org-settings/app-manifest';

// Every other spec blocks the worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });

/** What the manifest route answers. */
type Manifest = ReturnType<typeof manifestFor>;

/** The manifest the page links, and each icon's type and decoded size, read by the browser. */
async function linkedManifest(page: Page) {
  return page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
    if (!href) throw new Error('no manifest link');
    const res = await fetch(href);
    const manifest = (await res.json()) as Manifest;
    const icons = await Promise.all(
      manifest.icons.map(async (icon) => {
        const r = await fetch(new URL(icon.src, href));
        const bitmap = await createImageBitmap(await r.blob());
        return { type: r.headers.get('content-type'), size: `${bitmap.width}x${bitmap.height}` };
      }),
    );
    return { type: res.headers.get('content-type'), manifest, icons };
  });
}

/** Resolves once the service worker is active and this page's loads go through it. */
async function serviceWorkerInControl(page: Page) {
  await expect
    .poll(
      () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  // The first visit is not taken over mid-page (no clientsClaim: updates wait, vite.config.ts);
  // the next load is the worker's.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const schedule = (page: Page) => page.getByRole('region', { name: 'My Schedule' });
const offlineNotice = (page: Page) => page.getByText(/^Offline — showing your schedule as of /);

/** An event tomorrow, reserved (so followed) by the signed-in member. */
async function reserveEvent(page: Page, name: string) {
  const answer = await page.evaluate(async (name) => {
    const me = await (await fetch('/api/me')).json();
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`/api/organizations/${me.organization.id}/calendar/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        spaces: ['Annex'],
        startDateTime: `${day}T18:00`,
        endDateTime: `${day}T19:00`,
        eventType: 'rehearsal',
        reservedBy: me.user.id,
      }),
    });
    return { status: res.status, body: await res.text() };
  }, name);
  expect(answer.status, answer.body).toBe(201);
}

test('an organization is installable, and My Schedule reads offline for its member only', async ({
  page,
  context,
  browser,
}) => {
  const [first, second] = await createDemoMembers(browser, ['Ona', 'Tobi']);

  // The main site links Greenroom's own manifest.
  await page.goto(`${BASE_URL}/login`);
  expect((await linkedManifest(page)).manifest.name).toBe('Greenroom');

  // The organization's address links the organization's: its name and colours, PNG icons.
  await signIn(page, loginOf(first));
  const org = await page.evaluate(async () => (await (await fetch('/api/me')).json()).organization);
  const { type, manifest, icons } = await linkedManifest(page);
  expect(type).toMatch(/^application\/manifest\+json/);
  expect(manifest).toMatchObject({
    name: org.name,
    display: 'standalone',
    start_url: '/dashboard',
    theme_color: org.primaryColor,
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.icons.map((i) => i.purpose)).toEqual(['any', 'any', 'maskable']);
  expect(icons).toEqual(manifest.icons.map((i) => ({ type: 'image/png', size: i.sizes })));

  // The worker registers and takes over page loads.
  await serviceWorkerInControl(page);

  // A visit to My Schedule online keeps it for this member.
  const rehearsal = unique('Offline rehearsal ');
  await reserveEvent(page, rehearsal);
  await page.goto(orgUrl(DEMO_ORG, '/calendar/my-schedule'));
  await expect(schedule(page).getByText(rehearsal)).toBeVisible();
  await expect(offlineNotice(page)).toHaveCount(0);

  // Offline: the app still opens, and My Schedule shows the kept copy with its time.
  await context.setOffline(true);
  await page.goto(orgUrl(DEMO_ORG, '/calendar/my-schedule'));
  await expect(offlineNotice(page)).toBeVisible();
  await expect(schedule(page).getByText(rehearsal)).toBeVisible();
  await context.setOffline(false);

  // Signed out: nothing of theirs is left on the device; offline, nobody's schedule opens.
  await page.goto(orgUrl(DEMO_ORG, '/dashboard'));
  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('greenroom.offline'))).toBeNull();
  await context.setOffline(true);
  await page.goto(orgUrl(DEMO_ORG, '/calendar/my-schedule'));
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(rehearsal)).toHaveCount(0);
  await context.setOffline(false);

  // The next member sees their own schedule, online and offline, never the first member's.
  await signIn(page, loginOf(second));
  await page.goto(orgUrl(DEMO_ORG, '/calendar/my-schedule'));
  await expect(schedule(page).getByText('You are not following any upcoming events')).toBeVisible();
  await expect(page.getByText(rehearsal)).toHaveCount(0);
  await context.setOffline(true);
  await page.goto(orgUrl(DEMO_ORG, '/calendar/my-schedule'));
  await expect(offlineNotice(page)).toBeVisible();
  await expect(schedule(page).getByText('You are not following any upcoming events')).toBeVisible();
  await expect(page.getByText(rehearsal)).toHaveCount(0);
  await context.setOffline(false);

  // Another member's session replacing this one without a sign-out on this page (say, signed in
  // from another tab): the first answer for the new member forgets the previous member's copy.
  await signOut(page);
  await signIn(page, loginOf(first));
  await page.goto(orgUrl(DEMO_ORG, '/calendar/my-schedule'));
  await expect(schedule(page).getByText(rehearsal)).toBeVisible();
  const status = await page.evaluate(
    async (login) =>
      (
        await fetch('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(login),
        })
      ).status,
    { username: second.username, password: second.password },
  );
  expect(status).toBe(200);
  await page.goto(orgUrl(DEMO_ORG, '/dashboard'));
  await expect(page.getByRole('button', { name: /^Account menu for Tobi/ })).toBeVisible();
  await context.setOffline(true);
  await page.goto(orgUrl(DEMO_ORG, '/calendar/my-schedule'));
  await expect(page.getByRole('button', { name: /^Account menu for Tobi/ })).toBeVisible();
  await expect(page.getByText(rehearsal)).toHaveCount(0);
  await context.setOffline(false);
});
