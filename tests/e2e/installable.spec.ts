// Installable: an organization's address links its own web app manifest with
// icons, the service worker registers, and My Schedule opens offline from the last visit, for
// that member only: after they sign out, and for the next member, their schedule is gone.
// The spec makes its own organization, so its booking can clash with nobody's (nor with its own
// from a first attempt when the run retries it).
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, orgUrl, signIn, signOut, unique } from './support/app';
import { addMembers, newOrganization, type NewOrganization, ok } from './support/organization';
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

/** An event tomorrow in the organization's empty calendar, reserved (so followed) by the member. */
async function reserveEvent(org: NewOrganization, memberId: number, name: string) {
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await ok(
    await org.ownerApi.post(`/api/organizations/${org.id}/calendar/events`, {
      data: {
        name,
        spaces: ['Annex'],
        startDateTime: `${day}T18:00`,
        endDateTime: `${day}T19:00`,
        eventType: 'rehearsal',
        reservedBy: memberId,
      },
    }),
  );
}

test('an organization is installable, and My Schedule reads offline for its member only', async ({
  page,
  context,
}) => {
  // A whole journey: its own organization and two members, three sign-ins, offline reloads.
  test.setTimeout(240_000);
  const org = await newOrganization('inst');
  const [first, second] = await addMembers(org, ['Ona', 'Tobi']);
  const rehearsal = unique('Offline rehearsal ');
  await reserveEvent(org, first.id, rehearsal);
  await org.ownerApi.dispose();
  const at = (path: string) => orgUrl(org.shortname, path);

  // The main site links Greenroom's own manifest.
  await page.goto(`${BASE_URL}/login`);
  expect((await linkedManifest(page)).manifest.name).toBe('Greenroom');

  // The organization's address links the organization's: its name and colours, PNG icons.
  await signIn(page, first.login);
  const mine = await page.evaluate(async () => (await (await fetch('/api/me')).json()).organization);
  const { type, manifest, icons } = await linkedManifest(page);
  expect(type).toMatch(/^application\/manifest\+json/);
  expect(manifest).toMatchObject({
    name: org.name,
    display: 'standalone',
    start_url: '/dashboard',
    theme_color: mine.primaryColor,
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.icons.map((i) => i.purpose)).toEqual(['any', 'any', 'maskable']);
  expect(icons).toEqual(manifest.icons.map((i) => ({ type: 'image/png', size: i.sizes })));

  // The worker registers and takes over page loads.
  await serviceWorkerInControl(page);

  // A visit to My Schedule online keeps it for this member.
  await page.goto(at('/calendar/my-schedule'));
  await expect(schedule(page).getByText(rehearsal)).toBeVisible();
  await expect(offlineNotice(page)).toHaveCount(0);

  // Offline: the app still opens, and My Schedule shows the kept copy with its time.
  await context.setOffline(true);
  await page.goto(at('/calendar/my-schedule'));
  await expect(offlineNotice(page)).toBeVisible();
  await expect(schedule(page).getByText(rehearsal)).toBeVisible();
  await context.setOffline(false);

  // Signed out: nothing of theirs is left on the device; offline, nobody's schedule opens.
  await page.goto(at('/dashboard'));
  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('greenroom.offline'))).toBeNull();
  await context.setOffline(true);
  await page.goto(at('/calendar/my-schedule'));
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(rehearsal)).toHaveCount(0);
  await context.setOffline(false);

  // The next member sees their own schedule, online and offline, never the first member's.
  await signIn(page, second.login);
  await page.goto(at('/calendar/my-schedule'));
  await expect(schedule(page).getByText('You are not following any upcoming events')).toBeVisible();
  await expect(page.getByText(rehearsal)).toHaveCount(0);
  await context.setOffline(true);
  await page.goto(at('/calendar/my-schedule'));
  await expect(offlineNotice(page)).toBeVisible();
  await expect(schedule(page).getByText('You are not following any upcoming events')).toBeVisible();
  await expect(page.getByText(rehearsal)).toHaveCount(0);
  await context.setOffline(false);

  // Another member's session replacing this one without a sign-out on this page (say, signed in
  // from another tab): the first answer for the new member forgets the previous member's copy.
  await signOut(page);
  await signIn(page, first.login);
  await page.goto(at('/calendar/my-schedule'));
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
  await page.goto(at('/dashboard'));
  await expect(page.getByRole('button', { name: /^Account menu for Tobi/ })).toBeVisible();
  await context.setOffline(true);
  await page.goto(at('/calendar/my-schedule'));
  await expect(page.getByRole('button', { name: /^Account menu for Tobi/ })).toBeVisible();
  await expect(page.getByText(rehearsal)).toHaveCount(0);
  await context.setOffline(false);
});
