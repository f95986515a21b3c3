// A member's own account in the browser: profile and picture (with the square crop), a new
// password used to sign in again, and two-step sign-in turned on and used. Each test makes its
// own member, so changing them touches nobody else.
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import sharp from 'sharp';
import { orgUrl, signIn, signOut } from './support/app';
import { createDemoMembers, loginOf } from './support/people';

async function openAccountSettings(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
}

/** A wide PNG, so the square crop has something to cut. */
const pictureFixture = () =>
  sharp({ create: { width: 900, height: 600, channels: 4, background: '#f0594f' } })
    .png()
    .toBuffer();

test('a member edits their profile and crops a new picture; the header and their person page show it', async ({
  page,
  browser,
}) => {
  const [member] = await createDemoMembers(browser, ['Quinn']);
  await signIn(page, loginOf(member));
  await openAccountSettings(page);

  // Refusals in the form's words, before anything is sent.
  const firstName = page.getByLabel('First Name');
  await firstName.fill('');
  const bio = page.getByLabel('Bio');
  await bio.fill('x'.repeat(501));
  await expect(page.getByText('501/500')).toBeVisible();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Bio must be 500 characters or less')).toBeVisible();

  await firstName.fill('Quincy');
  await bio.fill('Lighting designer and occasional understudy.');
  await expect(page.getByText('44/500')).toBeVisible();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Quincy Tester' })).toBeVisible();

  // A file that is not an image never reaches the crop dialog.
  const input = page.getByTestId('profile-picture-input');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file type').first()).toBeVisible();

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pictureFixture() });
  const crop = page.getByRole('dialog', { name: 'Crop Profile Picture' });
  const area = crop.getByRole('application', { name: 'Crop area' });
  await area.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  await expect(crop.getByText('110%')).toBeVisible();
  await crop.getByRole('button', { name: 'Crop & Save' }).click();
  await expect(page.getByText('Profile picture updated').first()).toBeVisible();

  const picture = page.getByRole('img', { name: 'Your profile picture' });
  await expect(picture).toHaveAttribute('src', /^\/files\/\d+\/[0-9a-f]{16}$/);
  const served = await page.evaluate(
    async (url) => {
      const res = await fetch(url);
      return {
        type: res.headers.get('content-type'),
        bytes: Array.from(new Uint8Array(await res.arrayBuffer())),
      };
    },
    (await picture.getAttribute('src')) ?? '',
  );
  // The crop is a 300 px square JPEG, whatever the original's format and shape.
  expect(served.type).toBe('image/jpeg');
  expect(await sharp(Buffer.from(served.bytes)).metadata()).toMatchObject({ width: 300, height: 300 });
  // The header's avatar shows it too.
  await expect(
    page.getByRole('button', { name: 'Account menu for Quincy Tester' }).locator('img'),
  ).toHaveAttribute('src', /^\/files\//);

  await page.goto(orgUrl('demo', `/directory/people/@${member.username}`));
  await expect(page.getByRole('heading', { name: 'Quincy Tester' })).toBeVisible();
  await expect(page.getByText('Lighting designer and occasional understudy.')).toBeVisible();

  // Removing it brings the initials back.
  await openAccountSettings(page);
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Profile picture removed').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveCount(0);
});

test('a member changes their password and signs in with the new one', async ({ page, browser }) => {
  const [member] = await createDemoMembers(browser, ['Rowan']);
  await signIn(page, loginOf(member));
  await openAccountSettings(page);
  const newPassword = `${member.password}-new`;

  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(
    page.getByText('Failed to update password. Please check your current password.').first(),
  ).toBeVisible();

  await page.getByLabel('Current Password').fill(member.password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated').first()).toBeVisible();
  // This browser stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();

  await signOut(page);
  await signIn(page, { ...loginOf(member), password: newPassword });
});

test('a member turns on two-step sign-in, signs in with a code from their app and turns it off', async ({
  page,
  browser,
}) => {
  const [member] = await createDemoMembers(browser, ['Sasha']);
  await signIn(page, loginOf(member));
  await openAccountSettings(page);

  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await dialog.getByTestId('two-factor-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('Code from your app').fill('000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText('That code is not valid. Please try again.')).toBeVisible();
  await dialog.getByLabel('Code from your app').fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

  await signOut(page);
  await page.goto(orgUrl('demo', '/login'));
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const code = page.getByLabel('Verification code');
  await expect(code).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await code.fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid. Please try again.')).toBeVisible();
  // The code that turned it on is spent; the app's next code (one step ahead) is accepted.
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Turning it off asks for the password; Escape gives focus back to Turn off.
  await openAccountSettings(page);
  const turnOff = page.getByRole('button', { name: 'Turn off' });
  await turnOff.click();
  const off = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
  await off.getByLabel('Password', { exact: true }).fill('not my password');
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(off).toBeHidden();
  await expect(turnOff).toBeFocused();
  await turnOff.click();
  await off.getByLabel('Password', { exact: true }).fill(member.password);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-step sign-in is off').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
});
