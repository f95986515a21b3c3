// Hostile content, rendered: member names, a team, an event, a library page, an announcement, the
// organization's description and its custom CSS, each written to try to run script or reach
// another host, are created through the API and then opened in Chromium on every page that shows
// them. No script runs (no dialog, no window.__pwned), no request leaves the app's own origin, the
// server sends a strict Content-Security-Policy with every page, and the page reports no CSP
// violation.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { HOSTILE_MARKDOWN } from '../support/hostile-markdown';
import { orgUrl, PORT, signIn, unique } from './support/app';
import { newOrganization, ok } from './support/organization';

/** Short enough for a name field (50 characters); each tries a different way to run or reach out. */
const PAYLOADS = [
  '<img src=x onerror=window.__pwned=1>',
  '"><script>window.__pwned=2</script>',
  '<svg onload=alert(3)>',
  'javascript:alert(4)',
  "{{constructor.constructor('alert(5)')()}}",
  '<a href="https://evil.example">x</a>',
  '<img src=https://evil.example/p.png>',
  "' onmouseover='alert(6)' x='",
  '<iframe src=//evil.example>',
  '<link rel=stylesheet href=//evil.example/s.css>',
];
const ALL = PAYLOADS.join(' ');
const LONG_TEXT = `${ALL}\n\n${HOSTILE_MARKDOWN}\n\n![pixel](https://evil.example/pixel.png)`;

/** Allowed: it restyles, with an embedded image and a local font, but reaches nothing. */
const ALLOWED_CSS = [
  '.wiki-content { outline: 2px dashed #336699; }',
  '@font-face { font-family: hostile; src: local(Arial); }',
  'body { background-image: url(data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==); }',
  'h1::after { content: "javascript alert"; }',
].join('\n');

/** Refused when saved: each would fetch from elsewhere or run something. */
const REFUSED_CSS = [
  '@import url(https://evil.example/x.css);',
  'body { background: url(https://evil.example/p.png); }',
  'body { background: url("//evil.example/p.png"); }',
  '@font-face { font-family: x; src: url(https://evil.example/f.woff); }',
  'body { background-image: image-set("https://evil.example/a.png" 1x); }',
  'body { behavior: url(x.htc); }',
  '</style><script>window.__pwned=9</script>',
  'body { background: url("java\\script:alert(1)"); }',
  'body { background: u/**/rl(https://evil.example/c.png); }',
  'body { background: url(data:image/svg+xml,<svg onload=alert(1)>); }',
];

interface Created {
  shortname: string;
  ownerLogin: { username: string; password: string; org: string };
  memberHandle: string;
  teamHandle: string;
  pageSlug: string;
  today: string;
  eventName: string;
}

async function post(api: APIRequestContext, path: string, data: unknown) {
  return ok<Record<string, unknown>>(await api.post(path, { data }));
}

async function buildHostileOrganization(): Promise<Created> {
  const org = await newOrganization('hostile');
  const api = org.ownerApi;
  const base = `/api/organizations/${org.id}`;
  const members: number[] = [];
  let memberHandle = '';
  for (const [i, payload] of PAYLOADS.entries()) {
    const username = unique(`h${i}`);
    const created = await post(api, `${base}/users`, {
      username,
      email: `${username}@example.test`,
      password: `Pw-${username}-2026`,
      firstName: payload.slice(0, 50),
      lastName: payload.slice(0, 50),
      role: 'standard_user',
    });
    members.push(created.userId as number);
    memberHandle ||= username;
  }
  const handle = unique('hostile-team-');
  const team = await post(api, `${base}/teams`, {
    name: ALL.slice(0, 200),
    handle,
    description: LONG_TEXT.slice(0, 5000),
    teamUrl: 'https://evil.example/team',
    memberIds: members,
  });
  await post(api, `/api/teams/${team.id}/links`, { url: 'https://evil.example/link', label: PAYLOADS[0] });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const eventName = `Hostile ${unique('')} ${PAYLOADS[0]}`;
  await post(api, `${base}/calendar/events`, {
    name: eventName,
    description: LONG_TEXT.slice(0, 5000),
    spaces: ['Main Stage'],
    startDateTime: `${today}T10:00:00`,
    endDateTime: `${today}T11:00:00`,
    eventType: 'show',
    isPublic: true,
    eventUrl: 'https://evil.example/event',
    reservedBy: members[0],
  });
  const page = await post(api, `${base}/wiki`, {
    title: `Hostile ${PAYLOADS[1]}`.slice(0, 200),
    content: LONG_TEXT,
    tags: PAYLOADS.map((p) => p.slice(0, 50)),
    isPublic: true,
  });
  await post(api, `${base}/announcements`, { kind: 'production', title: PAYLOADS[0], body: ALL });
  await ok(await api.patch(base, { data: { description: ALL } }));
  for (const css of REFUSED_CSS) {
    const res = await api.put(`${base}/branding`, { data: { customCss: css } });
    expect(res.status(), css).toBe(400);
  }
  await ok(await api.put(`${base}/branding`, { data: { customCss: ALLOWED_CSS, primaryColor: '#224466' } }));
  await api.dispose();
  return {
    shortname: org.shortname,
    ownerLogin: { username: org.owner.username, password: org.owner.password, org: org.shortname },
    memberHandle,
    teamHandle: handle,
    pageSlug: page.slug as string,
    today,
    eventName,
  };
}

/** What a page did that it must not: dialogs, requests to other hosts, CSP violations. */
interface Watch {
  dialogs: string[];
  foreign: string[];
  policies: string[];
}

async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { dialogs: [], foreign: [], policies: [] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    const { hostname, port } = new URL(url);
    const own = (hostname === 'localhost' || hostname.endsWith('.localhost')) && port === String(PORT);
    if (!own) seen.foreign.push(url);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return;
    const policy = response.headers()['content-security-policy'] ?? '';
    for (const rule of [
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ]) {
      if (!policy.includes(rule)) seen.policies.push(`${response.url()}: no ${rule}`);
    }
  });
  // Every violation the browser reports, kept for the test to read.
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

/** After a page has drawn its hostile content: nothing ran and nothing was reported. */
async function expectInert(page: Page, where: string) {
  // Hovering and focusing give onmouseover/onfocus payloads their chance.
  await page.mouse.move(200, 200);
  await page.mouse.move(400, 300);
  await page.keyboard.press('Tab');
  const state = await page.evaluate(() => {
    const w = window as unknown as { __pwned?: unknown; __violations?: string[] };
    return {
      pwned: w.__pwned ?? null,
      violations: w.__violations ?? [],
      scripts: [...document.querySelectorAll('script')].filter(
        (s) => !s.src || new URL(s.src).origin !== location.origin,
      ).length,
      frames: document.querySelectorAll('iframe, object, embed').length,
    };
  });
  expect(state, where).toEqual({ pwned: null, violations: [], scripts: 0, frames: 0 });
}

test('hostile names, descriptions, markdown and CSS stay inert on every page that shows them', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const c = await buildHostileOrganization();
  const seen = await watch(page);
  const at = (path: string) => orgUrl(c.shortname, path);
  let pages = 0;
  const check = async (path: string, visible: () => Promise<void>) => {
    await page.goto(at(path));
    await visible();
    await expectInert(page, path);
    pages += 1;
  };
  const text = (t: string | RegExp) => async () => {
    await expect(page.getByText(t).first()).toBeVisible();
  };

  // Signed out, the organization's branded and public pages.
  await check('/login', async () => {
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });
  await check(`/public/${c.shortname}/calendar`, text(PAYLOADS[0]));
  await check(`/public/${c.shortname}/library`, text(`Hostile ${PAYLOADS[1]}`));
  await check(`/public/${c.shortname}/library/${c.pageSlug}`, text('window.__pwned = 1'));

  await signIn(page, c.ownerLogin);
  await check('/dashboard', text(PAYLOADS[0]));
  await check('/directory/people', text(PAYLOADS[1]));
  await check(`/directory/people/${c.memberHandle}`, text(PAYLOADS[0]));
  await check('/directory/teams', text(PAYLOADS[2]));
  await check(`/directory/teams/${c.teamHandle}`, text('window.__pwned = 1'));
  await check('/admin/users', text(PAYLOADS[3]));
  // Search results: the title and a highlighted snippet of the hostile text.
  await check('/library-search?search=hostile', text(`Hostile ${PAYLOADS[1]}`));
  await check(`/library-search?tag=${encodeURIComponent(PAYLOADS[2])}`, text(`Hostile ${PAYLOADS[1]}`));
  await check(`/library/${c.pageSlug}`, text('window.__pwned = 1'));
  await check(`/library/${c.pageSlug}?edit=1`, async () => {
    await expect(
      page.getByRole('region', { name: 'Preview' }).getByText('window.__pwned = 1').first(),
    ).toBeVisible();
  });
  await check('/admin/settings', async () => {
    await expect(page.getByRole('heading', { name: /Settings/ }).first()).toBeVisible();
  });
  await check('/admin/branding', async () => {
    await expect(page.getByRole('heading', { name: /Branding/ }).first()).toBeVisible();
  });
  // The calendar's month, then the event's own dialog.
  await check('/calendar', async () => {
    await page
      .locator(`[data-date="${c.today}"]`)
      .getByRole('button', { name: /Hostile/ })
      .first()
      .click();
    const dialog = page.getByTestId('event-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('window.__pwned = 1').first()).toBeVisible();
  });

  expect(seen.dialogs, 'dialogs opened').toEqual([]);
  expect(seen.foreign, 'requests to other hosts').toEqual([]);
  expect(seen.policies, 'pages without a strict Content-Security-Policy').toEqual([]);
  console.log(
    `hostile content: ${pages} pages × ${PAYLOADS.length} payloads (+ hostile markdown, ` +
      `${REFUSED_CSS.length} refused and 1 allowed custom CSS): 0 scripts run, 0 foreign requests, 0 CSP violations`,
  );
});
