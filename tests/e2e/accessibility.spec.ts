// axe-core on every screen a person can reach, per role, in the light and the dark theme, with the
// main dialogs open: no serious or critical violation anywhere. One browser context per role (one
// sign-in each), so the whole walk stays around a minute or two.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { contrastRatio } from '../../src/common/contrast';
import { BASE_URL, BRANDING, DEMO, DEMO_ORG, type Login, orgUrl, SYSTEM, signIn } from './support/app';
import { putBranding, readBranding } from './support/branding';

interface Finding {
  state: string;
  rule: string;
  impact: string;
  targets: string[];
}

const findings: Finding[] = [];
let statesChecked = 0;

/**
 * Puts the page in one theme the way the branding provider does (class and colour scheme). Buttons
 * and badges fade their colours over 150 ms (`transition-colors`), so axe run straight after the
 * switch could read a colour halfway between the themes and report a contrast a person never
 * sees: transitions are switched off and animations cut to 1 ms first, and axe waits two frames.
 */
async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(async (t) => {
    const id = 'axe-no-motion';
    if (!document.getElementById(id)) {
      const style = document.createElement('style');
      style.id = id;
      style.textContent =
        // 1 ms, not none: dialogs wait for their closing animation to end before they go.
        '*, *::before, *::after { transition: none !important; animation-duration: 1ms !important; animation-delay: 0s !important; }';
      document.head.append(style);
    }
    document.documentElement.classList.toggle('dark', t === 'dark');
    document.documentElement.style.colorScheme = t;
    // Two frames: the shortened animations finish and the new colours are computed.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, theme);
}

/**
 * axe for the page as it is now. By default the builder merges its results in a fresh blank tab
 * with axe injected a second time, so that cross-origin frames can be tested; the app has no
 * frames, and running axe in the page itself makes the walk about twice as fast.
 */
function axeOn(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode();
}

/** Runs axe on what the page shows now, in both themes, and records the serious findings. */
async function check(page: Page, state: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    const result = await axeOn(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      // Only violations are read: axe then skips describing every element that passed.
      .options({ resultTypes: ['violations'] })
      .analyze();
    statesChecked++;
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      findings.push({
        state: `${state} (${theme})`,
        rule: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')),
      });
    }
  }
  await setTheme(page, 'light');
}

/** Records a state that could not be reached as a finding, and goes on with the others. */
async function attempt(state: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    findings.push({
      state,
      rule: 'could-not-check',
      impact: 'serious',
      targets: [String(error).split('\n')[0]],
    });
  }
}

/** Opens a page and waits until its main heading is in, so axe sees the finished screen. */
function visit(page: Page, url: string, state: string) {
  return attempt(state, () => visitNow(page, url, state));
}

async function visitNow(page: Page, url: string, state: string) {
  await page.goto(url);
  await expect(page.locator('h1').first()).toBeVisible();
  // Lists and cards arrive after the heading: wait (briefly: live updates keep a socket open) for
  // the network to settle and for loading placeholders to go.
  await page.waitForLoadState('networkidle', { timeout: 4_000 }).catch(() => undefined);
  await expect(page.locator('main .animate-pulse')).toHaveCount(0);
  await check(page, state);
}

function withDialog(page: Page, state: string, open: () => Promise<void>) {
  return attempt(state, async () => {
    await open();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    await check(page, state);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

const member = (path: string) => orgUrl(DEMO_ORG, path);

async function signedIn(browser: Browser, login: Login) {
  const context = await browser.newContext();
  // A control that is not there fails its step (a finding) instead of holding the walk.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  await signIn(page, login);
  return { context, page };
}

/** Prints what was found and fails on any serious or critical violation, then starts afresh. */
function report(atLeast: number) {
  const elements = findings.reduce((n, f) => n + f.targets.length, 0);
  console.log(
    `axe: ${statesChecked} states checked (light and dark), ` +
      `${findings.length} serious or critical violations over ${elements} elements`,
  );
  for (const f of findings)
    console.log(`  ${f.state}: ${f.rule} (${f.impact}) ${f.targets.slice(0, 4).join(', ')}`);
  const checked = statesChecked;
  const found = findings.map((f) => `${f.state}: ${f.rule} ${f.targets.join(', ')}`);
  findings.length = 0;
  statesChecked = 0;
  expect(checked).toBeGreaterThan(atLeast);
  expect(found).toEqual([]);
}

// One test per walk, so one worker holds its findings; a role is a step, a state that fails is a
// finding.
test('every page and main dialog, for every role, in light and dark: no serious violation', async ({
  browser,
}) => {
  // Around a hundred axe runs on a shared two-core machine.
  test.setTimeout(900_000);
  await test.step('public pages', () => publicPages(browser));
  await test.step('a standard member', () => standardMember(browser));
  await test.step('an owner, with the main dialogs open', () => owner(browser));
  await test.step('the system user', () => systemUser(browser));
  report(60);
});

// What a page walk does not reach: a menu, popover or list open over the page (the rest of the
// page must then hold nothing focusable that assistive technology was told is hidden), a toast,
// and the library and system screens at phone width.
test('open menus, popovers, selects and toasts, and phone-width pages: no serious violation', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  await test.step('signed-out pages and the sign-in error toast', () => signedOut(browser));
  await test.step('a standard member', () => memberOverlays(browser));
  await test.step('an owner', () => ownerOverlays(browser));
  await test.step('the system user', () => systemAtPhoneWidth(browser));
  report(20);
});

/** Opens a menu, popover or select with `open`, checks the page with it open, and closes it. */
function withOverlay(page: Page, state: string, role: 'menu' | 'listbox', open: () => Promise<void>) {
  return attempt(state, async () => {
    await open();
    await expect(page.getByRole(role).first()).toBeVisible();
    await check(page, state);
    await page.keyboard.press('Escape');
    await expect(page.getByRole(role)).toHaveCount(0);
  });
}

const PHONE = { width: 375, height: 812 };

/** Page structure axe rates moderate: content outside landmarks, skipped heading levels, no main. */
const STRUCTURE = ['region', 'heading-order', 'landmark-one-main'];

/** Opens `url` and records any structure finding there, whatever its impact. */
function structure(page: Page, url: string, state: string) {
  return attempt(state, async () => {
    await page.goto(url);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle', { timeout: 4_000 }).catch(() => undefined);
    await expect(page.locator('main .animate-pulse')).toHaveCount(0);
    const result = await axeOn(page)
      .withRules(STRUCTURE)
      .options({ resultTypes: ['violations'] })
      .analyze();
    statesChecked++;
    for (const v of result.violations)
      findings.push({
        state,
        rule: v.id,
        impact: v.impact ?? 'moderate',
        targets: v.nodes.map((n) => n.target.join(' ')),
      });
  });
}

/** The signed-out pages' structure, then the toast a failed sign-in raises. */
async function signedOut(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const [path, state] of [
    ['/login', 'login'],
    ['/register', 'join organization'],
    ['/forgot-password', 'forgot password'],
    ['/no-such-page', 'not found'],
  ] as const) {
    await structure(page, member(path), `structure: ${state}`);
  }
  await attempt('sign-in error toast', async () => {
    await page.goto(member('/login'));
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.locator('li[data-state="open"]').first()).toBeVisible();
    await check(page, 'sign-in error toast');
  });
  await context.close();
}

async function memberOverlays(browser: Browser) {
  const { context, page } = await signedIn(browser, DEMO.standard);
  // Signed in means the welcome toast is up.
  await attempt('member: welcome toast', () => check(page, 'member: welcome toast'));
  await withOverlay(page, 'member: account menu', 'menu', () =>
    page.getByRole('button', { name: /^Account menu for / }).click(),
  );
  await withOverlay(page, 'member: notifications', 'menu', () =>
    page.getByRole('button', { name: /^Notifications/ }).click(),
  );
  await visit(page, member('/calendar'), 'member: calendar');
  await withOverlay(page, 'member: event type filter', 'listbox', () =>
    page.getByRole('combobox', { name: 'Event type' }).click(),
  );
  await page.setViewportSize(PHONE);
  for (const [path, state] of [
    ['/library/home', 'library home'],
    ['/library/into-the-woods-show-bible', 'library page with contents'],
  ] as const) {
    await visit(page, member(path), `member at 375 px: ${state}`);
  }
  // Search results mark the words found (a yellow highlight in both themes).
  await attempt('member at 375 px: library search', async () => {
    await page.goto(member('/library-search?search=rehearsal'));
    await expect(page.locator('main mark').first()).toBeVisible();
    await check(page, 'member at 375 px: library search');
  });
  await context.close();
}

async function ownerOverlays(browser: Browser) {
  const { context, page } = await signedIn(browser, DEMO.owner);
  await structure(page, member('/dashboard'), 'structure: owner dashboard');
  // The narrowest phone: the menu button keeps a full target and the colours dialog fits.
  await attempt('owner at 320 px: calendar colours', async () => {
    await page.goto(member('/calendar'));
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    const menu = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
    expect(menu?.width ?? 0).toBeGreaterThanOrEqual(40);
    // On a phone the calendar's secondary actions sit in one overflow menu.
    await page.getByRole('button', { name: 'More calendar options' }).click();
    await page.getByRole('menuitem', { name: /Config/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Calendar Colors' });
    await expect(dialog).toBeVisible();
    const fits = await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits, 'the dialog has no sideways scroll').toBe(true);
    await check(page, 'owner at 320 px: calendar colours');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await structure(page, member('/calendar/attendance'), 'structure: attendance report');
  await visit(page, member('/directory/teams'), 'owner: teams');
  await attempt('owner: team member actions', async () => {
    await page.locator('main a[href^="/directory/teams/"]').first().click();
    await expect(page.locator('h1').first()).toBeVisible();
    await withOverlay(page, 'owner: team member actions', 'menu', () =>
      page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click(),
    );
  });
  // The live preview in the dark theme, chosen but not saved (the rest of the page stays light).
  await attempt('owner: branding preview in dark', async () => {
    await page.goto(member('/admin/branding'));
    await page.getByRole('radio', { name: /Dark/ }).check();
    await expect(page.getByTestId('branding-preview')).toHaveClass(/dark/);
    await check(page, 'owner: branding preview in dark');
  });
  await visit(page, member('/admin/users'), 'owner: user management');
  await withOverlay(page, 'owner: role select', 'listbox', () =>
    page
      .getByRole('combobox', { name: /^Role of / })
      .first()
      .click(),
  );
  await context.close();
}

async function systemAtPhoneWidth(browser: Browser) {
  const { context, page } = await signedIn(browser, SYSTEM);
  await page.setViewportSize(PHONE);
  await visit(page, `${BASE_URL}/system/analytics`, 'system at 375 px: analytics');
  await context.close();
}

async function publicPages(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await visit(page, `${BASE_URL}/`, 'landing');
  await visit(page, `${BASE_URL}/login`, 'main-site login');
  await visit(page, `${BASE_URL}/register`, 'register organization');
  await visit(page, member('/login'), 'organization login');
  await visit(page, member('/register'), 'join organization');
  await visit(page, member('/forgot-password'), 'forgot password');
  await visit(page, `${BASE_URL}/public/${DEMO_ORG}/calendar`, 'public calendar');
  await visit(page, member('/no-such-page'), 'not found');
  // The call mail's one-click page with a link that is not (any more) good: the server's words.
  await visit(page, member('/calls/respond?token=not-a-token&status=confirmed'), 'call answer link');
  await context.close();
}

async function standardMember(browser: Browser) {
  const { context, page } = await signedIn(browser, DEMO.standard);
  for (const [path, state] of [
    ['/dashboard', 'dashboard'],
    ['/calendar', 'calendar month'],
    ['/calendar?view=week', 'calendar week'],
    ['/calendar?view=day', 'calendar day'],
    ['/calendar?view=list', 'calendar list'],
    ['/calendar/home', 'calendar home'],
    ['/calendar/my-schedule', 'my schedule'],
    ['/calendar/availability', 'availability'],
    ['/calendar/call-sheet', 'call sheet'],
    ['/directory', 'directory'],
    ['/directory/teams', 'teams'],
    ['/directory/people/@sam', 'person profile'],
    ['/account-settings', 'account settings'],
    ['/notification-settings', 'notification settings'],
  ] as const) {
    await visit(page, member(path), `member: ${state}`);
  }
  await context.close();
}

async function owner(browser: Browser) {
  const { context, page } = await signedIn(browser, DEMO.owner);
  await visit(page, member('/calendar'), 'owner: calendar month');
  await withDialog(page, 'owner: Add Event', () => page.getByRole('button', { name: 'Add Event' }).click());
  await withDialog(page, 'owner: event details', () =>
    page.getByTestId('month-view').locator('button[data-event-id]').first().click(),
  );
  await scheduling(page);
  await visit(page, member('/directory/teams'), 'owner: teams');
  await withDialog(page, 'owner: Create Team', () =>
    page.getByRole('button', { name: 'Create Team' }).first().click(),
  );
  await attempt('owner: team page', async () => {
    await page.locator('main a[href^="/directory/teams/"]').first().click();
    await expect(page.locator('h1').first()).toBeVisible();
    await check(page, 'owner: team page');
  });
  await visit(page, member('/directory'), 'owner: directory');
  await withDialog(page, 'owner: User Details', async () => {
    const card = page.getByRole('list', { name: 'Members' }).locator(':scope > li').first();
    await card.hover();
    await card.getByRole('button', { name: /^Edit / }).click();
  });
  await visit(page, member('/admin/users'), 'owner: user management');
  await withDialog(page, 'owner: Add User', () => page.getByRole('button', { name: 'Add User' }).click());
  for (const [path, state] of [
    ['/admin/settings', 'organization settings'],
    ['/admin/branding', 'branding'],
    ['/admin/audit', 'audit log'],
  ] as const) {
    await visit(page, member(path), `owner: ${state}`);
  }
  await context.close();
}

/** The rehearsal scheduling screens and dialogs, as the owner (who manages every event and person). */
async function scheduling(page: Page) {
  await visit(page, member('/calendar/availability'), 'owner: availability');
  await withDialog(page, 'owner: Add Unavailability', () =>
    page.getByRole('button', { name: 'Add Unavailability' }).click(),
  );
  await visit(page, member('/calendar/attendance'), 'owner: attendance report');
  await visit(page, member('/calendar/call-sheet'), 'owner: call sheet');
  // The demo's last rehearsal has started: its details show the calls board, Call People and
  // Take Attendance (each opened from the event dialog, so Escape closes one at a time).
  await attempt('owner: rehearsal calls and attendance', async () => {
    const last = await page.evaluate(async () => {
      const me = await (await fetch('/api/me')).json();
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
      const url = `/api/organizations/${me.organization.id}/calendar/events?from=${from}&to=${to}`;
      const events: { id: number; name: string; startDateTime: string }[] = await (await fetch(url)).json();
      return events
        .filter((e) => e.name === 'Into the Woods rehearsal' && Date.parse(e.startDateTime) < Date.now())
        .at(-1);
    });
    if (!last) throw new Error('no started demo rehearsal');
    await page.goto(member(`/calendar?view=day&date=${last.startDateTime.slice(0, 10)}`));
    await page.locator(`button[data-event-id="${last.id}"]`).first().click();
    const details = page.getByTestId('event-dialog');
    await expect(details.getByTestId('call-board')).toBeVisible();
    await check(page, 'owner: event details with calls');
    for (const name of ['Call People', 'Take Attendance']) {
      await details.getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('[role="status"]')).toHaveCount(0);
      await check(page, `owner: ${name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

async function systemUser(browser: Browser) {
  const { context, page } = await signedIn(browser, SYSTEM);
  for (const path of [
    '/dashboard',
    '/system/approval-queue',
    '/system/organizations',
    '/system/database',
    '/system/settings',
    '/system/analytics',
    '/system/register-organization',
    '/system/outbox',
  ]) {
    await visit(page, `${BASE_URL}${path}`, `system: ${path}`);
  }
  await context.close();
}

/** The WCAG contrast of an element's text against the first opaque background behind it. */
function textContrast(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
      const lum = ([r, g, b]: number[]) => {
        const lin = (c: number) =>
          c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4;
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      let back: Element | null = el;
      let background = [255, 255, 255];
      while (back) {
        const c = rgb(getComputedStyle(back).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] === 1)) {
          background = c.slice(0, 3);
          break;
        }
        back = back.parentElement;
      }
      const [hi, lo] = [lum(rgb(getComputedStyle(el).color)), lum(background)].sort((a, b) => b - a);
      return (hi + 0.05) / (lo + 0.05);
    });
}

// An organization may choose a pale primary colour: the app then draws links and the focus ring
// in a darker shade of it (and a lighter one in the dark theme), so they still read on the page.
test(
  'a pale primary colour still gives readable links and a visible focus ring',
  BRANDING,
  async ({ browser }) => {
    const { context, page } = await signedIn(browser, DEMO.owner);
    const saved = await readBranding(page);
    try {
      expect(await putBranding(page, saved, { primaryColor: '#f5e663' })).toBe(200);
      await page.goto(member('/library/home'));
      await expect(page.locator('h1').first()).toBeVisible();
      const link = 'main .wiki-content a';
      await expect(page.locator(link).first()).toBeVisible();
      // The organization's colours are in once the branding provider has set them.
      await expect
        .poll(() =>
          page.evaluate(() => document.documentElement.style.getPropertyValue('--brand-primary-light')),
        )
        .toBe('#f5e663');
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        const contrast = await textContrast(page, link);
        expect(contrast, `a library link in the ${theme} theme`).toBeGreaterThanOrEqual(4.5);
        const ring = await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--brand-ring').trim(),
        );
        const surface = theme === 'light' ? '#ffffff' : '#0f172a';
        expect(contrastRatio(ring, surface), `the focus ring in the ${theme} theme`).toBeGreaterThanOrEqual(
          3,
        );
      }
      await setTheme(page, 'light');
      await visitNow(page, member('/library/home'), 'pale primary: library home');
      await visitNow(page, member('/calendar?view=week'), 'pale primary: calendar week');
      const found = findings.map((f) => `${f.state}: ${f.rule} ${f.targets.join(', ')}`);
      findings.length = 0;
      statesChecked = 0;
      expect(found).toEqual([]);
    } finally {
      // The demo organization is shared by every spec: put its colour back.
      expect(await putBranding(page, saved)).toBe(200);
      await context.close();
    }
  },
);
