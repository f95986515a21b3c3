// A new organization of a test's own, made through the API (sign-up, then the system
// administrator's approval), so a test may change its settings without touching the shared demo
// organization that other specs read.
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { answerChallenge, BASE_URL, newPerson, type NewPerson, SYSTEM } from './app';

export async function apiContext(origin: string) {
  return playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
}

export async function ok<T = Record<string, unknown>>(
  res: Awaited<ReturnType<APIRequestContext['get']>>,
): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

type Challenge = { token: string; question: string };

export interface NewOrganization {
  id: number;
  shortname: string;
  name: string;
  owner: NewPerson;
  /** Signed in as the owner on the main site (Node cannot resolve *.localhost as browsers do). */
  ownerApi: APIRequestContext;
}

export async function newOrganization(prefix: string, namePrefix = 'Theater'): Promise<NewOrganization> {
  const owner = newPerson(prefix);
  const shortname = owner.username.toLowerCase();
  const name = `${namePrefix} ${shortname}`;
  const main = await apiContext(BASE_URL);
  let challenge = await ok<Challenge>(await main.get('/api/security-challenge'));
  while (answerChallenge(challenge.question) === null)
    challenge = await ok<Challenge>(await main.get('/api/security-challenge'));
  const created = await ok<{ organization: { id: number } }>(
    await main.post('/api/register-organization', {
      data: {
        ...owner,
        confirmPassword: owner.password,
        organizationName: name,
        organizationShortname: shortname,
        agreeToTerms: true,
        challengeToken: challenge.token,
        challengeAnswer: answerChallenge(challenge.question),
      },
    }),
  );
  await ok(await main.post('/api/login', { data: SYSTEM }));
  await ok(await main.post(`/api/system/organizations/${created.organization.id}/approve`));
  await main.dispose();

  const ownerApi = await apiContext(BASE_URL);
  await ok(
    await ownerApi.post('/api/login', {
      data: { username: owner.username, password: owner.password, organizationShortname: shortname },
    }),
  );
  return { id: created.organization.id, shortname, name, owner, ownerApi };
}

/** The owner's sign-in on the organization's own address. */
export const ownerLogin = (org: NewOrganization) => ({
  username: org.owner.username,
  password: org.owner.password,
  org: org.shortname,
});

export interface OrganizationMember extends NewPerson {
  id: number;
  firstName: string;
  /** Signs in on the organization's own address. */
  login: { username: string; password: string; org: string };
}

/** Members of a test's own organization (standard members unless a role is given), added by its owner. */
export async function addMembers(
  org: NewOrganization,
  firstNames: string[],
  role = 'standard_user',
): Promise<OrganizationMember[]> {
  const members: OrganizationMember[] = [];
  for (const firstName of firstNames) {
    const person = newPerson('m');
    const created = await ok<{ userId: number }>(
      await org.ownerApi.post(`/api/organizations/${org.id}/users`, {
        data: { ...person, firstName, lastName: 'Tester', role },
      }),
    );
    members.push({
      ...person,
      id: created.userId,
      firstName,
      login: { username: person.username, password: person.password, org: org.shortname },
    });
  }
  return members;
}
