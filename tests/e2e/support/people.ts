// Members made for one test: created by the demo administrator through the API, so a test that
// signs them in, changes them or watches them come and go touches nobody else.
import { type Browser, expect } from '@playwright/test';
import { DEMO, DEMO_ORG, newPerson, orgUrl, signIn } from './app';

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
  const me = await (await page.request.get(orgUrl(DEMO_ORG, '/api/me'))).json();
  const members: Member[] = [];
  for (const firstName of firstNames) {
    const person = newPerson('p');
    const res = await page.request.post(orgUrl(DEMO_ORG, `/api/organizations/${me.organization.id}/users`), {
      headers: { origin: orgUrl(DEMO_ORG, '') },
      data: { ...person, firstName, lastName: 'Tester', role: 'standard_user' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const row = await res.json();
    members.push({
      id: row.userId,
      username: person.username,
      password: person.password,
      firstName,
      lastName: 'Tester',
    });
  }
  await context.close();
  return members;
}

export const loginOf = (m: Member) => ({ username: m.username, password: m.password, org: DEMO_ORG });
