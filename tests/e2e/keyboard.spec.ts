// Keyboard only: sign in, open the calendar, move through the month with the arrow keys, open an
// event and close it (focus comes back to it), create an event, and open and close the main
// dialogs. After every close the focused element is a visible control, never <body>. Wherever
// the keyboard is, a ring shows it, in the controls the browser draws too.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, DEMO_ORG, expectWelcomed, orgUrl, signIn, unique } from './support/app';
import { createDemoMembers, loginOf } from './support/people';
import { addMembers, newOrganization, ok } from './support/organization';

/**
 * A theater of the test's own, with a member and an event today: the event the keyboard user
 * creates (the form's default slot) can clash with nobody's booking, nor with a first attempt's.
 */
async function keyboardTheater() {
  const org = await newOrganization('kbd');
  const [member] = await addMembers(org, ['Kim']);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  await ok(
    await org.ownerApi.post(`/api/organizations/${org.id}/calendar/events`, {
      data: {
        name: `Read-through ${unique('')}`,
        spaces: ['Main Stage'],
        startDateTime: `${today}T10:00`,
        endDateTime: `${today}T11:00`,
        eventType: 'rehearsal',
        reservedBy: member.id,
      },
    }),
  );
  await org.ownerApi.dispose();
  return org;
}

/** What has focus: its tag, name and whether it is on screen below the sticky header. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const rect = el?.getBoundingClientRect();
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      text: (el?.getAttribute('aria-label') || el?.textContent || '').trim(),
      eventId: el?.dataset.eventId ?? null,
      visible:
        !!rect &&
        rect.width > 0 &&
        rect.height > 0 &&
        rect.bottom > 0 &&
        rect.top < window.innerHeight &&
        getComputedStyle(el as Element).visibility !== 'hidden',
    };
  });
}

async function expectFocusOnVisibleControl(page: Page) {
  // Focus comes back as the closing dialog leaves the page: allow that moment.
  await expect.poll(async () => (await focused(page)).tag).not.toBe('body');
  const now = await focused(page);
  expect(now.tag).not.toBe('body');
  expect(now.visible).toBe(true);
  return now;
}

type Focused = Awaited<ReturnType<typeof focused>>;

/** Presses Tab (or `key`) until `matches` holds for the focused element (at most `max` presses). */
async function tabTo(page: Page, matches: (f: Focused) => boolean, max = 60, key = 'Tab') {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (matches(now)) return now;
  }
  throw new Error('Tab never reached the control');
}

/** Presses Tab until `target` has focus (it may have it already). */
async function tabUntil(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the field');
}

/** Opens a dialog with Enter on the focused control, closes it with Escape, checks focus came back. */
async function openAndClose(page: Page, opener: string, dialogName: string | RegExp, key = 'Tab') {
  await tabTo(page, (f) => f.text === opener, 60, key);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: dialogName })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const back = await expectFocusOnVisibleControl(page);
  expect(back.text).toBe(opener);
}

test('a keyboard user signs in, reads and creates events and uses every main dialog', async ({ page }) => {
  test.setTimeout(240_000);
  const org = await keyboardTheater();
  await page.goto(orgUrl(org.shortname, '/login'));
  await tabUntil(page, page.getByLabel('Username'));
  await page.keyboard.type(org.owner.username);
  await tabUntil(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(org.owner.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The side menu's Calendar link; the page then names itself and takes focus on its heading.
  await tabTo(page, (f) => f.tag === 'a' && f.text === 'Calendar');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle(/^Calendar · /);

  // The month grid is one Tab stop; arrow keys walk the days until one has events.
  const day = await tabTo(page, (f) => /^\w+, \w+ \d{1,2}, \d{4}, /.test(f.text));
  let label = day.text;
  for (let i = 0; i < 40 && label.endsWith('no events'); i++) {
    await page.keyboard.press('ArrowRight');
    label = (await focused(page)).text;
  }
  expect(label).not.toMatch(/no events$/);
  const chip = await tabTo(page, (f) => f.eventId !== null, 3);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('event-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('event-dialog')).toHaveCount(0);
  const back = await expectFocusOnVisibleControl(page);
  expect(back.eventId).toBe(chip.eventId);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('event-dialog')).toBeVisible();
  await page.getByTestId('event-dialog').getByRole('button', { name: 'Close' }).last().press('Enter');
  await expect(page.getByTestId('event-dialog')).toHaveCount(0);
  expect((await expectFocusOnVisibleControl(page)).eventId).toBe(chip.eventId);

  // Create an event without the mouse.
  const name = `Keyboard ${unique('')}`;
  await openAndClose(page, 'Add Event', 'Add Event', 'Shift+Tab');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('event-form');
  await expect(form).toBeVisible();
  const nameField = form.getByLabel('Event Name');
  await tabUntil(page, nameField);
  await page.keyboard.type(name);
  const annex = form.getByRole('checkbox', { name: 'Annex' });
  await tabUntil(page, annex);
  await page.keyboard.press('Space');
  await expect(annex).toBeChecked();
  await tabTo(page, (f) => f.text === 'Create Event', 80);
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(page.getByText(name).first()).toBeVisible();
  await expectFocusOnVisibleControl(page);

  // Create Team, User Details and Add User: each returns focus to its opener.
  await page.goto(orgUrl(org.shortname, '/directory/teams'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openAndClose(page, 'Create Team', 'Create Team');
  await page.goto(orgUrl(org.shortname, '/admin/users'));
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await openAndClose(page, 'Add User', 'Add User');
  await page.goto(orgUrl(org.shortname, '/directory'));
  await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
  const edit = await tabTo(page, (f) => f.text.startsWith('Edit '), 80);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'User Details' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await expectFocusOnVisibleControl(page)).text).toBe(edit.text);

  // The account menu: Escape closes it and focus stays on its button.
  await page.keyboard.press('Escape');
  await page.goto(orgUrl(org.shortname, '/dashboard'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const account = await tabTo(page, (f) => f.text.startsWith('Account menu for '));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  // The menu hands focus back as it leaves, after its closing animation.
  await expect(page.getByRole('menu')).toHaveCount(0);
  expect((await expectFocusOnVisibleControl(page)).text).toBe(account.text);
});

test('on a phone the menu drawer is a modal: focus inside, Escape closes, focus returns', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(orgUrl(DEMO_ORG, '/login'));
  await page.getByLabel('Username').fill(DEMO.standard.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.standard.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The new page takes focus on its heading; then the menu button.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // The drawer opens once the sign-in toast is up, or the toast would take its Escape.
  await expectWelcomed(page);
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  // Tab never leaves the drawer.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await context.close();
});

/**
 * How many pixels of `target`'s picture are drawn in the focus ring's colour. The picker button
 * inside a date or time field is drawn by the browser: no style of it can be read, only seen.
 */
async function ringPixels(page: Page, target: Locator): Promise<number> {
  const png = (await target.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const canvas = document.createElement('canvas');
    const g = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
    // The ring's colour as pixels, whatever notation the style sheet writes it in.
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-ring)';
    document.body.append(probe);
    g.fillStyle = getComputedStyle(probe).color;
    probe.remove();
    g.fillRect(0, 0, 1, 1);
    const ring = [...g.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    canvas.width = image.width;
    canvas.height = image.height;
    g.drawImage(image, 0, 0);
    const pixels = g.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (ring.every((c, k) => Math.abs(pixels[i + k] - c) < 40)) count++;
    }
    return count;
  }, png);
}

test("the date and time fields' picker buttons and an empty notifications menu show the keyboard's place", async ({
  browser,
}) => {
  // A new member has no notifications yet: the open menu has no item, so it takes focus itself.
  const [fresh] = await createDemoMembers(browser, ['Quill']);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, loginOf(fresh));
  await tabTo(page, (f) => f.text === 'Notifications');
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('No notifications yet');
  await expect(menu).toBeFocused();
  const menuFocus = await menu.evaluate((el) => ({
    visible: el.matches(':focus-visible'),
    outline: getComputedStyle(el).outlineStyle,
    shadow: getComputedStyle(el).boxShadow,
  }));
  expect(menuFocus.visible).toBe(true);
  // A two-pixel ring (drawn as a spread shadow) or an outline, beside the menu's own drop shadow.
  expect(
    menuFocus.outline !== 'none' || /0px 0px 0px 2px/.test(menuFocus.shadow),
    JSON.stringify(menuFocus),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await context.close();

  // The event form's date and time fields, as someone who may add events.
  const owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const form = await owner.newPage();
  await signIn(form, DEMO.owner);
  await form.goto(orgUrl(DEMO_ORG, '/calendar'));
  await form.getByRole('button', { name: 'Add Event' }).click();
  await expect(form.getByTestId('event-form')).toBeVisible();
  for (const label of ['Start Date', 'Start Time']) {
    const field = form.getByTestId('event-form').getByLabel(label, { exact: true });
    await tabUntil(form, field);
    // Tab walks the field's parts (month, day, year; hour, minute, AM/PM), then its picker button:
    // the field keeps focus, but no longer as a keyboard focus of its own.
    let onPicker = false;
    for (let i = 0; i < 4 && !onPicker; i++) {
      await form.keyboard.press('Tab');
      onPicker = await field.evaluate((el) => el === document.activeElement && !el.matches(':focus-visible'));
    }
    expect(onPicker, `Tab reaches the picker button of ${label}`).toBe(true);
    expect(await ringPixels(form, field), `the picker button of ${label}`).toBeGreaterThan(20);
  }
  await owner.close();
});
