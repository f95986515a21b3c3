// Rehearsal scheduling end to end: a cast member enters a weekly unavailability; the stage manager books a
// rehearsal series for the cast and sees the conflict before saving, saves, calls the cast; the
// member confirms from the call mail signed out and the board updates live; attendance is taken
// on the started first date, and another manager's open register shows it live; the call sheet
// shows the day and prints on one page. The stage manager also reads the member's availability,
// and sees it again in the call dialog of the date it concerns.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { addDays, instantToWallTime } from '../../src/common/zoned-time';
import { DEMO, DEMO_ORG, linkIn, orgUrl, signIn, unique, waitForMail } from './support/app';

/** The organization's wall clock now: date and minutes after midnight. */
async function orgNow(page: Page): Promise<{ date: string; minutes: number }> {
  const timeZone = await page.evaluate(async () => {
    const me = await (await fetch('/api/me')).json();
    return me.organization.timezone as string;
  });
  const wall = instantToWallTime(Date.now(), timeZone);
  return { date: wall.slice(0, 10), minutes: Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)) };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function open(browser: Browser, login: (typeof DEMO)[keyof typeof DEMO]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login);
  return { context, page };
}

test('availability, conflicts while booking, calls confirmed from the mail, attendance and the call sheet', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const member = await open(browser, DEMO.standard2); // Maya, in the Into the Woods Cast
  const manager = await open(browser, DEMO.owner); // Olivia, the stage manager
  const { date: today, minutes } = await orgNow(manager.page);
  // The first date has started (so attendance can be taken) and not ended (so the call can be
  // answered and its mail is sent): two hours from up to half an hour ago, past midnight if need be
  // (a run late in the evening used to cap the end at 23:45, before the run's own clock).
  const start = Math.max(0, Math.floor((minutes - 30) / 15) * 15);
  const end = start + 120;
  const endDays = Math.floor(end / (24 * 60));
  const [from, to] = [hhmm(start), hhmm(end % (24 * 60))];
  const name = `Act 2 blocking ${unique('')}`;
  const note = `Choir ${unique('')}`;

  await test.step('a member enters a weekly unavailability', async () => {
    const page = member.page;
    await page.goto(orgUrl(DEMO_ORG, '/calendar/availability'));
    await expect(page.getByRole('heading', { name: 'My availability' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Unavailability' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Unavailability' });
    await dialog.getByLabel('Start Date').fill(addDays(today, 7));
    await dialog.getByLabel('Start Time').fill(from);
    await expect(dialog.getByLabel('End Date')).toHaveValue(addDays(today, 7));
    await dialog.getByLabel('End Date').fill(addDays(today, 7 + endDays));
    await dialog.getByLabel('End Time').fill(to);
    await dialog.getByRole('switch', { name: 'Repeat every week' }).click();
    await dialog.getByLabel('Repeat weekly until').fill(addDays(today, 28));
    await dialog.getByLabel('Note (optional)').fill(note);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
    const list = page.getByRole('list', { name: /^Unavailability/ });
    await expect(list.getByRole('listitem').filter({ hasText: note })).toContainText(
      /Weekly\s*\w+days, \d+:\d+ [AP]M – \d+:\d+ [AP]M( \(overnight\))?, .+ to /,
    );
  });

  await test.step('the stage manager reads it through the person picker, note included', async () => {
    const page = manager.page;
    await page.goto(orgUrl(DEMO_ORG, '/calendar/availability'));
    await expect(page.getByRole('heading', { name: 'My availability' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Person' }).click();
    await page.getByRole('option', { name: /^Maya Moreno/ }).click();
    await expect(page).toHaveURL(/[?&]person=\d+/);
    await expect(page.getByRole('heading', { name: 'Availability of Maya Moreno' })).toBeVisible();
    const list = page.getByRole('list', { name: /^Unavailability/ });
    await expect(list.getByRole('listitem').filter({ hasText: note })).toContainText(/Weekly/);
    // Back to their own: the person leaves the address.
    await page.getByRole('combobox', { name: 'Person' }).click();
    await page.getByRole('option', { name: 'Me', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'My availability' })).toBeVisible();
    await expect(page).not.toHaveURL(/person=/);
  });

  await test.step('the stage manager books a series for the cast and sees the conflict before saving', async () => {
    const page = manager.page;
    await page.goto(orgUrl(DEMO_ORG, `/calendar/home?view=day&date=${today}`));
    await page.getByRole('button', { name: 'Add Event' }).click();
    const form = page.getByTestId('event-form');
    await form.getByLabel('Event Name').fill(name);
    await form.getByRole('checkbox', { name: 'Annex' }).click();
    await form.getByLabel('Start Date').fill(today);
    await form.getByLabel('Start Time').fill(from);
    await form.getByLabel('End Date').fill(addDays(today, endDays));
    await form.getByLabel('End Time').fill(to);
    await form.getByRole('checkbox', { name: 'Into the Woods Cast' }).click();
    await form.getByRole('switch', { name: 'Repeat' }).click();
    await form.getByLabel('Ends').click();
    await page.getByRole('option', { name: 'After a number of times' }).click();
    await form.getByLabel('Occurrences').fill('4');
    const conflicts = form.getByTestId('people-conflicts');
    await expect(conflicts.getByRole('status')).toHaveText(
      /^\d+ of \d+ people (has|have) conflicts on [1-4] of 4 dates/,
    );
    await conflicts.getByRole('button', { name: /Show who and when/ }).click();
    await expect(conflicts.getByText(`Maya Moreno: unavailable (${note})`).first()).toBeVisible();
    await form.getByRole('button', { name: 'Create Event' }).click();
    // Another booking of the Annex at this hour (demo data) is a space clash: the owner books anyway.
    const created = page.getByText('Event created successfully').first();
    const anyway = form.getByRole('button', { name: 'Book anyway' });
    await expect(created.or(anyway)).toBeVisible();
    if (await anyway.isVisible()) await anyway.click();
    await expect(created).toBeVisible();
  });

  await test.step('the stage manager calls the cast', async () => {
    const page = manager.page;
    await page
      .getByRole('button', { name: new RegExp(name) })
      .first()
      .click();
    const details = page.getByTestId('event-dialog');
    const panel = details.getByTestId('calls-panel');
    await expect(panel.getByText('Nobody is called yet')).toBeVisible();
    await panel.getByRole('button', { name: 'Call People' }).click();
    const dialog = page.getByRole('dialog', { name: 'Call People' });
    await dialog.getByRole('button', { name: 'Call all team members' }).click();
    await dialog.getByLabel('Note (optional)').fill('Bring your script');
    await dialog.getByRole('button', { name: 'Save Calls' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText(/^\d+ called: \d+ awaiting an answer$/)).toBeVisible();
    await expect(
      panel.getByRole('list', { name: 'Confirmation board' }).getByText('Maya Moreno'),
    ).toBeVisible();
  });

  await test.step('the member confirms from the mail link, signed out; the board updates live', async () => {
    const mail = await waitForMail('maya@demo.greenroom.local', { subject: name, timeoutMs: 30_000 });
    const link = linkIn(mail, 'status=confirmed');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: /^Hi .*, you are called$/ })).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText('Where: Annex')).toBeVisible();
    // Opening the link changed nothing.
    await expect(page.getByText('Your answer so far: Awaiting answer.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: "Confirm: I'll be there" }).click();
    await expect(page.getByRole('heading', { name: /^Thanks, / })).toBeVisible();
    await expect(page.getByText('You confirmed. See you there!')).toBeVisible();
    // The link is spent: opening it again shows the server's words.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await context.close();

    const board = manager.page.getByRole('list', { name: 'Confirmation board' });
    await expect(board.getByRole('listitem').filter({ hasText: 'Maya Moreno' })).toContainText('Confirmed');
  });

  // A second manager (Adam, an admin) has the same register open, untouched: the marks the stage
  // manager saves reach it live (attendance-changed).
  const admin = await open(browser, DEMO.admin);
  const adminRegister = admin.page.getByRole('dialog', { name: 'Take Attendance' });
  await test.step('another manager opens the same register', async () => {
    const page = admin.page;
    await page.goto(orgUrl(DEMO_ORG, `/calendar/home?view=day&date=${today}`));
    await page
      .getByRole('button', { name: new RegExp(name) })
      .first()
      .click();
    await page.getByTestId('calls-panel').getByRole('button', { name: 'Take Attendance' }).click();
    await expect(adminRegister.getByRole('group', { name: /^Maya Moreno/ })).toBeVisible();
    await expect(
      adminRegister.getByRole('group', { name: /^Maya Moreno/ }).getByRole('radio', { name: 'Present' }),
    ).not.toBeChecked();
  });

  await test.step('attendance is taken on the started first date, by keyboard', async () => {
    const page = manager.page;
    await page.getByTestId('calls-panel').getByRole('button', { name: 'Take Attendance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take Attendance' });
    // As the dialog says: a letter marks the person, Tab moves to the next one. Notes are not in
    // the way (a typed letter never lands in a note).
    const groups = dialog.getByTestId('attendance-rows').getByRole('group');
    // The register comes in one answer; reading it before it is drawn would find no one.
    await expect(groups.first()).toBeVisible();
    const names = (
      await groups.evaluateAll((all) => all.map((g) => g.querySelector('legend')?.textContent ?? ''))
    ).map((n) => n.trim());
    expect(names.length).toBeGreaterThan(1);
    const letters = ['p', 'l', 'a', 'e'];
    const letterFor = (n: string, i: number) =>
      n.startsWith('Maya Moreno') ? 'p' : n.startsWith('Sam Singh') ? 'l' : letters[i % 4];
    const labels: Record<string, string> = { p: 'Present', l: 'Late', a: 'Absent', e: 'Excused' };
    await groups.first().getByRole('radio').first().focus();
    for (const [i, n] of names.entries()) {
      await page.keyboard.press(letterFor(n, i));
      await page.keyboard.press('Tab');
    }
    for (const [i, n] of names.entries())
      await expect(groups.nth(i).getByRole('radio', { name: labels[letterFor(n, i)] })).toBeChecked();
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await expect(dialog.getByText('Everyone is marked.')).toBeVisible();
    // A note opens on purpose: N on a person (or the Note button).
    const sam = dialog.getByRole('group', { name: /^Sam Singh/ });
    await sam.getByRole('radio', { name: 'Late' }).focus();
    await page.keyboard.press('n');
    await expect(dialog.getByLabel('Note for Sam Singh')).toBeFocused();
    await page.keyboard.type('Bus was late');
    await expect(dialog.getByLabel('Note for Sam Singh')).toHaveValue('Bus was late');
    await expect(dialog.getByRole('textbox')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Save Attendance' }).click();
    await expect(page.getByText('Attendance saved').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('event-dialog')).toBeHidden();
  });

  await test.step('the other open register shows the saved marks live', async () => {
    const maya = adminRegister.getByRole('group', { name: /^Maya Moreno/ });
    await expect(maya.getByRole('radio', { name: 'Present' })).toBeChecked();
    const sam = adminRegister.getByRole('group', { name: /^Sam Singh/ });
    await expect(sam.getByRole('radio', { name: 'Late' })).toBeChecked();
    await expect(adminRegister.getByLabel('Note for Sam Singh')).toHaveValue('Bus was late');
    await admin.context.close();
  });

  await test.step('the call sheet shows the day and prints alone on one page', async () => {
    const page = manager.page;
    await page.getByRole('link', { name: 'Call sheet' }).click();
    await expect(page).toHaveURL(new RegExp(`/calendar/call-sheet\\?date=${today}$`));
    const sheet = page.getByTestId('call-sheet');
    const event = sheet.getByRole('region', { name });
    await expect(event.getByRole('row', { name: /Maya Moreno/ })).toContainText('Confirmed');
    await expect(event.getByText('Note: Bring your script')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(sheet).toBeVisible();
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('the attendance report counts the marks', async () => {
    const page = manager.page;
    await page.goto(orgUrl(DEMO_ORG, `/calendar/attendance?from=${today}&to=${today}`));
    await expect(page.getByRole('heading', { name: 'Attendance report' })).toBeVisible();
    const members = page.getByRole('region', { name: 'Members' });
    await expect(members.getByRole('row', { name: /Maya Moreno/ })).toContainText('100%');
    // The download link carries the same filters; read what it serves with the page's session.
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(href).toContain(`report.csv?from=${today}&to=${today}`);
    const csv = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), text: await res.text() };
    }, href ?? '');
    expect(csv.type).toContain('text/csv');
    expect(csv.text).toContain('Sam Singh');
  });

  await test.step('the call dialog shows who is unavailable that date, as the booking form does', async () => {
    const page = manager.page;
    await page.goto(orgUrl(DEMO_ORG, `/calendar/home?view=day&date=${addDays(today, 7)}`));
    await page
      .getByRole('button', { name: new RegExp(name) })
      .first()
      .click();
    await page.getByTestId('calls-panel').getByRole('button', { name: 'Call People' }).click();
    const dialog = page.getByRole('dialog', { name: 'Call People' });
    const maya = dialog.getByTestId('call-candidates').locator('label').filter({ hasText: 'Maya Moreno' });
    await expect(maya).toContainText(`Unavailable (${note})`);
  });

  await member.context.close();
  await manager.context.close();
});
