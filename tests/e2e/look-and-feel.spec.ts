// How the app looks to a demanding user at 1280, 375 and 320 px: no ring on a heading nobody
// tabbed to, harmless buttons that do not look destructive, addresses on one line, tables whose
// rows keep their shape, toasts clear of a form's buttons, terms and privacy that can be read,
// and no page that scrolls sideways.
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  BASE_URL,
  DEMO,
  DEMO_ORG,
  joinOrganization,
  newPerson,
  orgUrl,
  SYSTEM,
  signIn,
  unique,
} from './support/app';

const SHOTS = 'test-results/look-and-feel';

async function sized(browser: Browser, width: number, height = 800) {
  const phone = width < 640;
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: phone, isMobile: phone });
  return { context, page: await context.newPage() };
}

/** A team of the demo organization nobody else uses, made through the API as the admin. */
async function newTeam(page: Page): Promise<string> {
  const handle = unique('look-');
  const status = await page.evaluate(async (h) => {
    const me = await (await fetch('/api/me')).json();
    const res = await fetch(`/api/organizations/${me.organization.id}/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Lighting and Sound Department',
        handle: h,
        memberIds: [],
        description:
          'Everything that glows or hums. Plot: https://example.org/productions/2026/into-the-woods/lighting-plot-final-v3',
        teamUrl: 'https://example.org/productions/2026/into-the-woods/lighting-and-sound-department',
      }),
    });
    return res.status;
  }, handle);
  expect(status).toBe(201);
  return handle;
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** How many lines an element's text takes: one line box per line for inline text. */
const lineCount = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return tops.size;
  });

test('a full page load puts focus on the heading for screen readers without drawing a ring', async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const { context, page } = await sized(browser, width);
    await signIn(page, DEMO.standard);
    await page.goto(orgUrl(DEMO_ORG, '/directory'));
    await page.reload();
    const heading = page.locator('main h1');
    await expect(heading).toBeVisible();
    // Focus may land on the heading once the organization's name arrives; give it the chance.
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { tag: el.tagName, style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    if (ring.tag === 'H1') expect(ring.style === 'none' || ring.width === 0, JSON.stringify(ring)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/reload-${width}.png` });
    await context.close();
  }
});

test('harmless secondary actions are neutral, not the brand colour and not red', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const handle = await newTeam(page);
  await page.goto(orgUrl(DEMO_ORG, `/directory/teams/${handle}`));
  const upload = page.getByRole('button', { name: 'Upload header image' });
  await expect(upload).toBeVisible();
  const colours = await upload.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--brand-secondary)';
    document.body.append(probe);
    const brand = getComputedStyle(probe).color;
    probe.remove();
    return { background: getComputedStyle(el).backgroundColor, brand };
  });
  expect(colours.background).not.toBe(colours.brand);
  const [r, g, b] = colours.background.match(/\d+(\.\d+)?/g)?.map(Number) ?? [];
  // Red-ish: red well above both green and blue.
  expect(r - Math.max(g, b), colours.background).toBeLessThan(40);
});

test('at 320 px the organization address and the sign-up address hint stay on one line', async ({
  browser,
}) => {
  const { context, page } = await sized(browser, 320, 640);
  await signIn(page, DEMO.owner);
  await expect(page.getByTestId('organization-address')).toBeVisible();
  expect(await lineCount(page, 'organization-address')).toBe(1);
  await page.screenshot({ path: `${SHOTS}/address-320.png`, fullPage: true });

  await page.goto(`${BASE_URL}/register`);
  await page.getByLabel('Organization Shortname').fill('riverside-players');
  await expect(page.getByTestId('signup-address')).toBeVisible();
  expect(await lineCount(page, 'signup-address')).toBe(1);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await context.close();
});

test('user rows keep their actions on one line and their status badges whole; table names are read whole', async ({
  browser,
  page,
}) => {
  const person = newPerson('look');
  const joiner = await browser.newContext();
  await joinOrganization(await joiner.newPage(), DEMO_ORG, person);
  await joiner.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.admin);
  await page.goto(orgUrl(DEMO_ORG, '/admin/users'));
  await page.getByLabel('Search users').fill(person.username);
  const pending = page.getByTestId(`user-row-${person.username}`).getByText('Pending Approval');
  await expect(pending).toBeVisible();
  const badge = await pending.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: Number.parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(badge.height).toBeLessThan(badge.line * 2);

  // Every column heading ('Last Active' the longest to fit) keeps to one line.
  const headings = await page
    .getByRole('table', { name: 'Organization members' })
    .locator('thead th')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => cell.getBoundingClientRect().width > 0)
        .map((cell) => {
          const style = getComputedStyle(cell);
          const range = document.createRange();
          range.selectNodeContents(cell);
          const inner =
            cell.getBoundingClientRect().height -
            Number.parseFloat(style.paddingTop) -
            Number.parseFloat(style.paddingBottom);
          return {
            text: cell.textContent,
            lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
            inner: Math.round(inner),
            line: Number.parseFloat(style.lineHeight),
          };
        }),
    );
  expect(headings.map((h) => h.text)).toContain('Last Active');
  for (const h of headings) {
    expect(h.lines, JSON.stringify(h)).toBe(1);
    expect(h.inner, JSON.stringify(h)).toBeLessThan(h.line * 1.5);
  }
  // The whole row fits beside the side menu: no action hides behind a sideways scroll.
  const scroll = await page.getByRole('table', { name: 'Organization members' }).evaluate((table) => {
    const box = table.parentElement as HTMLElement;
    return box.scrollWidth - box.clientWidth;
  });
  expect(scroll).toBeLessThanOrEqual(0);

  await page.getByLabel('Search users').fill(DEMO.standard.username);
  const actions = page.getByTestId(`user-row-${DEMO.standard.username}`).getByTestId('user-actions');
  await expect(actions.getByRole('button', { name: /^Delete / })).toBeVisible();
  const tops = await actions
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
  expect(new Set(tops).size, `button tops ${tops}`).toBe(1);
  await page.screenshot({ path: `${SHOTS}/users-1280.png` });

  const system = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await system.newPage();
  await signIn(admin, SYSTEM);
  await admin.goto(`${BASE_URL}/system/database`);
  const names = admin.getByTestId('table-name');
  await expect(names.first()).toBeVisible();
  const cut = await names.evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
  await admin.screenshot({ path: `${SHOTS}/database-1280.png`, fullPage: true });
  await system.close();
});

test('the subscribe card is as tall as what it holds, and notices are set apart', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.standard);
  await page.goto(orgUrl(DEMO_ORG, '/calendar/my-schedule'));
  const card = page.locator('div', { has: page.getByText('Subscribe', { exact: true }) }).filter({
    has: page.getByRole('button'),
  });
  const subscribe = card.last();
  await expect(subscribe).toBeVisible();
  const slack = await subscribe.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const last = el.lastElementChild?.getBoundingClientRect();
    return last ? box.bottom - last.bottom : 0;
  });
  expect(slack).toBeLessThan(64);
  await page.screenshot({ path: `${SHOTS}/my-schedule-1280.png`, fullPage: true });

  await page.getByRole('button', { name: /^Notifications/ }).click();
  const notices = page.getByTestId('notice');
  if ((await notices.count()) > 1) {
    const rule = await notices
      .first()
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).borderBottomWidth));
    expect(rule).toBeGreaterThan(0);
  }
});

test('a toast shows at the top right, clear of the buttons that end a form', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.standard);
  const toast = page.getByText('Welcome back!', { exact: true });
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.y ?? 800).toBeLessThan(200);
  expect(box?.x ?? 0).toBeGreaterThan(640);
});

test('sign-up links to terms and privacy pages whose text the system user writes', async ({
  browser,
  page,
}) => {
  await page.goto(orgUrl(DEMO_ORG, '/register'));
  const terms = page.getByRole('link', { name: 'Terms of Service' });
  await expect(terms).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

  const marker = unique('policy');
  const system = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await system.newPage();
  await signIn(admin, SYSTEM);
  await admin.goto(`${BASE_URL}/system/settings`);
  const privacy = admin.getByLabel('Privacy Policy');
  await expect(privacy).toBeVisible();
  await privacy.fill(`We keep **${marker}** and nothing else.`);
  await admin.getByRole('button', { name: 'Save Terms and Privacy Policy' }).click();
  await expect(admin.getByText('Terms and privacy policy saved').first()).toBeVisible();
  await system.close();

  await page.goto(orgUrl(DEMO_ORG, '/privacy'));
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.locator('strong', { hasText: marker })).toBeVisible();
  await page.goto(orgUrl(DEMO_ORG, '/terms'));
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
});

test('at 320 px the team page and analytics do not scroll sideways; scroll regions take focus', async ({
  browser,
}) => {
  const { context, page } = await sized(browser, 320, 640);
  await signIn(page, DEMO.admin);
  const handle = await newTeam(page);
  await page.goto(orgUrl(DEMO_ORG, `/directory/teams/${handle}`));
  await expect(page.getByRole('button', { name: 'Edit About' })).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/team-320.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await context.close();

  const system = await sized(browser, 320, 640);
  await signIn(system.page, SYSTEM);
  await system.page.goto(`${BASE_URL}/system/analytics`);
  await expect(system.page.getByRole('heading', { name: 'Per Organization' })).toBeVisible();
  await system.page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await system.page.screenshot({ path: `${SHOTS}/analytics-320.png`, fullPage: true });
  expect(await system.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const unreachable = await system.page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        return /(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth;
      })
      .filter((el) => el.tabIndex < 0 || !el.getAttribute('aria-label'))
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  expect(unreachable).toEqual([]);
  await system.context.close();
});

/** The demo's next rehearsal of the musical: a series with teams, a description and a space. */
async function nextRehearsal(page: Page): Promise<{ id: number; startDateTime: string }> {
  const event = await page.evaluate(async () => {
    const me = await (await fetch('/api/me')).json();
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const url = `/api/organizations/${me.organization.id}/calendar/events?from=${from}&to=${to}`;
    const events: { id: number; name: string; startDateTime: string }[] = await (await fetch(url)).json();
    return events.find(
      (e) => e.name === 'Into the Woods rehearsal' && Date.parse(e.startDateTime) > Date.now(),
    );
  });
  expect(event, 'an upcoming demo rehearsal').toBeTruthy();
  return event as { id: number; startDateTime: string };
}

/** Waits for the network to settle and every animation on the page to end, then takes a picture. */
async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  // An animation cancelled meanwhile (its element gone) rejects `finished`: it is over all the same.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

// Pictures of the calendar and the event dialog as the owner sees them (light theme), to compare
// with the same pictures of an earlier version; the checks only make sure each picture shows what
// its name says.
test('the month, the week and the event dialog at 1280 × 800 and 375 × 812, pictured', async ({
  browser,
}) => {
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ]) {
    const { context, page } = await sized(browser, width, height);
    await signIn(page, DEMO.owner);
    const event = await nextRehearsal(page);
    const date = event.startDateTime.slice(0, 10);
    const chip = page.locator(`button[data-event-id="${event.id}"]`).first();

    await page.goto(orgUrl(DEMO_ORG, `/calendar?view=week&date=${date}`));
    await expect(chip).toBeVisible();
    await shot(page, `calendar-week-${width}`);

    await page.goto(orgUrl(DEMO_ORG, `/calendar?view=month&date=${date}`));
    await expect(chip).toBeVisible();
    await shot(page, `calendar-month-${width}`);

    await chip.click();
    const dialog = page.getByTestId('event-dialog');
    await expect(dialog).toContainText('Into the Woods rehearsal');
    await shot(page, `event-dialog-${width}`);
    // The dialog's end, where its actions are.
    await dialog.evaluate((el) => {
      for (const box of [el, ...el.querySelectorAll('*')])
        if (box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY))
          box.scrollTop = box.scrollHeight;
    });
    await expect(dialog.getByRole('button', { name: 'Edit', exact: true })).toBeInViewport();
    await shot(page, `event-dialog-end-${width}`);
    if (width === 1280) {
      // Followed, the follow button sits beside Delete: a harmless action, and it looks it.
      await dialog.getByRole('button', { name: 'Follow Event' }).click();
      const following = dialog.getByRole('button', { name: 'Following Event' });
      await expect(following).toBeVisible();
      await shot(page, 'event-dialog-following-1280');
      await following.click();
      await page.getByRole('button', { name: 'This Event Date Only' }).click();
      await expect(dialog.getByRole('button', { name: 'Follow Event' })).toBeVisible();
    }
    await context.close();
  }
});
