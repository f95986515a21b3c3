// What people trip over around signing up, signing in and the directory.
import { expect, test } from '@playwright/test';
import { BASE_URL, DEMO, DEMO_ORG, joinOrganization, newPerson, orgUrl, PORT, signIn } from './support/app';

test('on an organization address, sign-up leads to the right places and unknown names are not found', async ({
  page,
}) => {
  // "Register a new organization" on the join form goes to the main site's sign-up.
  await page.goto(orgUrl(DEMO_ORG, '/register'));
  await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible();
  await page.getByRole('link', { name: 'Register a new organization' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/register`);
  await expect(page.getByRole('heading', { name: 'Register New Organization' })).toBeVisible();

  // Another organization's join link on this address finds nothing.
  await page.goto(orgUrl(DEMO_ORG, '/register/someone-else'));
  await expect(page.getByRole('heading', { name: 'Organization Not Found' })).toBeVisible();

  // An address no organization answers to says so instead of passing for the main site.
  await page.goto(`http://nosuch.localhost:${PORT}/`);
  await expect(page.getByRole('heading', { name: 'Organization Not Found' })).toBeVisible();
  await expect(page.getByText('Theater management, all in one place')).toHaveCount(0);
  await page.goto(`http://nosuch.localhost:${PORT}/register`);
  await expect(page.getByRole('heading', { name: 'Organization Not Found' })).toBeVisible();
});

test('the new-organization form says what is wrong as soon as it can, and why Create is disabled', async ({
  page,
}) => {
  await page.goto(`${BASE_URL}/register`);
  const create = page.getByRole('button', { name: 'Create Organization' });
  await expect(create).toBeDisabled();
  await expect(page.getByText('Fill in every field correctly to continue.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Long-enough-1');
  await page.getByLabel('Verify Password').fill('Long-enough-2');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Verify Password').fill('Long-enough-1');
  await expect(page.getByText("Passwords don't match")).toHaveCount(0);

  const person = newPerson('why');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Organization Name').fill(`Why Theater ${person.username}`);
  await expect(page.getByText('Complete the security verification to continue.')).toBeVisible();
  await expect(create).toHaveAccessibleDescription('Complete the security verification to continue.');

  // A wrong answer's error goes with its question.
  const challenge = page.getByRole('group', { name: 'Security Verification' });
  const answerWrongly = async () => {
    await challenge.getByLabel('Your answer').fill('not the answer');
    await challenge.getByRole('button', { name: 'Verify' }).click();
  };
  await answerWrongly();
  await expect(challenge.getByText('Incorrect answer. 2 attempts remaining.')).toBeVisible();
  await answerWrongly();
  await expect(challenge.getByText('Incorrect answer. 1 attempt remaining.')).toBeVisible();
  // The third miss replaces the question, and says so.
  await answerWrongly();
  await expect(
    challenge.getByText('Incorrect answer. A new question was generated; please answer it.'),
  ).toBeVisible();
  await challenge.getByRole('button', { name: 'New question' }).click();
  await expect(challenge.getByText(/^Incorrect answer\./)).toHaveCount(0);

  // A shortname is a DNS label: no hyphen at either end.
  await page.getByLabel('Organization Shortname').fill(`${person.username.toLowerCase()}-`);
  await expect(page.getByText('Shortname cannot start or end with a hyphen')).toBeVisible();
  await expect(page.getByText('✓ Available')).toHaveCount(0);

  // A taken shortname is said so while typing and holds Create back; a free one is available.
  const shortname = page.getByLabel('Organization Shortname');
  await shortname.fill('demo');
  await expect(page.getByText('✗ Already taken')).toBeVisible();
  await expect(page.getByText('This shortname is taken: choose another to continue.')).toBeVisible();
  await shortname.fill(person.username.toLowerCase());
  await expect(page.getByText('✓ Available')).toBeVisible();
  await expect(create).toHaveAccessibleDescription('Complete the security verification to continue.');
});

test('the join form shows every error at once; the pending page names the reviewers and a real address', async ({
  page,
}) => {
  await page.goto(orgUrl(DEMO_ORG, '/register'));
  await page.getByLabel('Password', { exact: true }).fill('Long-enough-1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Long-enough-2');
  await page.getByRole('button', { name: 'Join Organization' }).click();
  for (const message of [
    'Username must be at least 3 characters',
    'Invalid email address',
    "Passwords don't match",
    'You must agree to the terms',
  ])
    await expect(page.getByText(message)).toBeVisible();

  await joinOrganization(page, DEMO_ORG, newPerson('pending'));
  await expect(
    page.getByText("The organization's administrators are reviewing your membership."),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'hello@demo.greenroom.local' })).toHaveAttribute(
    'href',
    'mailto:hello@demo.greenroom.local',
  );
});

test('a deep link survives sign-in, and a network failure at sign-in says so', async ({ page }) => {
  await page.goto(orgUrl(DEMO_ORG, '/directory/teams'));
  await expect(page).toHaveURL(/\/login\?next=%2Fdirectory%2Fteams$/);
  await page.getByLabel('Username').fill(DEMO.standard.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.standard.password);

  await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByText('Could not reach the server. Check your connection and try again.').first(),
  ).toBeVisible();
  await expect(page.getByText('Invalid username or password')).toHaveCount(0);

  await page.unroute('**/api/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/directory\/teams$/);
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
});

test('members see the 404 page inside the app, and directory failures read the status', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto(orgUrl(DEMO_ORG, '/no/such/page'));
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The address card breaks only after a dot.
  await expect(page.getByTestId('organization-address')).toHaveText(`${DEMO_ORG}.localhost:${PORT}`);

  // The directory asks page by page (`?limit=…`), so the address is matched with its query.
  await page.route(/\/api\/organizations\/\d+\/directory(\?|$)/, (route) =>
    route.fulfill({ status: 503, body: '{}' }),
  );
  await page.goto(orgUrl(DEMO_ORG, '/directory'));
  await expect(page.getByText('HTTP error! status: 503')).toBeVisible();
});

test('on a touch screen the Edit button on person cards is visible without hovering', async ({ browser }) => {
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  try {
    await signIn(page, DEMO.admin);
    await page.goto(orgUrl(DEMO_ORG, '/directory'));
    const edit = page.getByRole('button', { name: /^Edit Leo/ });
    await expect(edit).toBeVisible();
    await expect(edit).toHaveCSS('opacity', '1');
  } finally {
    await context.close();
  }
});

test('Escape closes the open dialog before a toast, and the dialog gives focus back', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto(orgUrl(DEMO_ORG, '/admin/users'));
  const add = page.getByRole('button', { name: 'Add User' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  // A refused save leaves a toast on screen with the dialog still open.
  await dialog.getByLabel('Username').fill(DEMO.owner.username);
  await dialog.getByLabel('Email').fill('someone-new@example.test');
  await dialog.getByLabel('Password', { exact: true }).fill('Long-enough-1');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Creation failed').first()).toBeVisible();
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Creation failed').first()).toBeVisible();
  await expect(add).toBeFocused();
});
