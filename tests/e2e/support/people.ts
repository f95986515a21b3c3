// Members made for one test: created by the demo administrator through the API, so a test that
// signs them in, changes them or watches them come and go touches nobody else.
import { type Browser, expect } from '@playwright/test';
import { DEMO, DEMO_ORG, newPerson, signIn } from './app';

export interface Member {
  id: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

export async function createDemoMembers(browser: Browser, firstNames: string[]): Promise<Member[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  // From the page itself: Node cannot resolve demo.localhost, the browser can (and sends Origin).
  const people = firstNames.map(() => newPerson('p'));
  const created = await page.evaluate(
    async ({ firstNames, people }) => {
      const me = await (await fetch('/api/me')).json();
      const out: { status: number; body: string }[] = [];
      for (const [i, firstName] of firstNames.entries()) {
        const res = await fetch(`/api/organizations/${me.organization.id}/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...people[i], firstName, lastName: 'Tester', role: 'standard_user' }),
        });
        out.push({ status: res.status, body: await res.text() });
      }
      return out;
    },
    { firstNames, people },
  );
  const members: Member[] = [];
  for (const [i, { status, body }] of created.entries()) {
    expect(status, body).toBe(201);
    const row = JSON.parse(body) as { userId: number };
    members.push({
      id: row.userId,
      username: people[i].username,
      password: people[i].password,
      firstName: firstNames[i],
      lastName: 'Tester',
    });
  }
  await context.close();
  return members;
}

export const loginOf = (m: Member) => ({ username: m.username, password: m.password, org: DEMO_ORG });
