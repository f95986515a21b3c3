import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext, uniqueId } from '../../../../tests/support/app';
import { solveChallenge, solvedChallenge, WRONG_ANSWER } from '../../../../tests/support/challenge';
import { buildOrg, buildSystemUser, buildUser, PASSWORD } from '../../../../tests/support/factories';
import { expectNoSecrets } from '../../../../tests/support/secrets';
import { CHALLENGE_TTL_MS } from './challenge';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

const VERIFY_REFUSED = { message: 'Please complete the security verification' };

function newOrgFields() {
  const id = uniqueId();
  return {
    username: `owner_${id}`,
    email: `owner_${id}@example.test`,
    password: 'long-enough-1',
    confirmPassword: 'long-enough-1',
    organizationName: `Playhouse ${id}`,
    organizationShortname: `ph-${id}`,
    agreeToTerms: true,
  };
}

async function signupBody(agent: Agent, overrides: Record<string, unknown> = {}) {
  return { ...newOrgFields(), ...(await solvedChallenge(agent)), ...overrides };
}

async function userExists(username: string) {
  const rows = await ctx.database.query('select 1 from users where lower(username) = lower($1)', [username]);
  return rows.length > 0;
}

async function orgExists(shortname: string) {
  const rows = await ctx.database.query('select 1 from organizations where shortname = $1', [shortname]);
  return rows.length > 0;
}

describe('GET /api/organization-context', () => {
  it('is the system domain with no organization on the main site', async () => {
    const res = await new Agent(ctx.app).get('/api/organization-context');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSystemDomain: true,
      organization: null,
      pendingApproval: false,
      registeredElsewhere: null,
    });
  });

  it('names the organization given by ?org= on the main site, in any letter case', async () => {
    const org = await buildOrg(ctx.database, { enablePublicRegistration: true });
    const expected = {
      name: org.name,
      shortname: org.shortname,
      logoUrl: null,
      allowPublicRegistration: true,
    };
    const res = await new Agent(ctx.app).get(`/api/organization-context?org=${org.shortname}`);
    // A named organization makes this an organization context even on the main site.
    expect(res.json()).toMatchObject({ isSystemDomain: false, organization: expected });
    const upper = await new Agent(ctx.app).get(
      `/api/organization-context?org=${org.shortname.toUpperCase()}`,
    );
    expect(upper.json().organization).toEqual(expected);
  });

  it('names the organization of its own address, and where one named by ?org= is registered', async () => {
    const org = await buildOrg(ctx.database);
    const other = await buildOrg(ctx.database);
    const res = await new Agent(ctx.app, org.host).get(`/api/organization-context?org=${other.shortname}`);
    expect(res.json()).toEqual({
      pendingApproval: false,
      // Built from the configured address, never from the Host header.
      registeredElsewhere: {
        name: other.name,
        shortname: other.shortname,
        registerUrl: `http://${other.shortname}.localhost:5000/register`,
      },
      isSystemDomain: false,
      organization: {
        name: org.name,
        shortname: org.shortname,
        logoUrl: null,
        allowPublicRegistration: false,
      },
    });
  });

  it('answers organization null for unknown, pending and rejected organizations', async () => {
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    const rejected = await buildOrg(ctx.database, { approvalStatus: 'rejected' });
    for (const shortname of ['no-such-org-here', pending.shortname, rejected.shortname]) {
      const pendingApproval = shortname === pending.shortname;
      const main = await new Agent(ctx.app).get(`/api/organization-context?org=${shortname}`);
      expect(main.json()).toEqual({
        isSystemDomain: true,
        organization: null,
        pendingApproval,
        registeredElsewhere: null,
      });
      const host = await new Agent(ctx.app, `${shortname}.localhost`).get('/api/organization-context');
      expect(host.json()).toEqual({
        isSystemDomain: false,
        organization: null,
        pendingApproval,
        registeredElsewhere: null,
      });
    }
  });

  it('says nothing of other organizations for a name that is unknown, pending or its own', async () => {
    const org = await buildOrg(ctx.database);
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    for (const named of ['no-such-org-here', pending.shortname, org.shortname]) {
      const res = await new Agent(ctx.app, org.host).get(`/api/organization-context?org=${named}`);
      expect(res.json()).toMatchObject({ pendingApproval: false, registeredElsewhere: null });
    }
  });
});

describe('GET /api/support-contact', () => {
  it("names the organization's contact address for its joiners, else the system's support address", async () => {
    const org = await buildOrg(ctx.database);
    await ctx.database.query('update organizations set contact_email = $1 where id = $2', [
      'office@theater.test',
      org.id,
    ]);
    const bare = await buildOrg(ctx.database);
    // The system's support address is a setting (settings.test.ts follows it through here).
    const system = { email: expect.stringContaining('@'), reviewer: 'system' };
    const cases: [Agent, string, unknown][] = [
      [
        new Agent(ctx.app, org.host),
        '/api/support-contact',
        { email: 'office@theater.test', reviewer: 'organization' },
      ],
      [
        new Agent(ctx.app),
        `/api/support-contact?org=${org.shortname}`,
        { email: 'office@theater.test', reviewer: 'organization' },
      ],
      [
        new Agent(ctx.app),
        `/api/support-contact?org=${bare.shortname}`,
        { email: expect.stringContaining('@'), reviewer: 'organization' },
      ],
      [new Agent(ctx.app), '/api/support-contact', system],
      [new Agent(ctx.app), '/api/support-contact?org=no-such-org', system],
    ];
    for (const [agent, url, expected] of cases) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual(expected);
    }
  });
});

describe('GET /api/check-shortname/:shortname', () => {
  it('reports a free shortname as available', async () => {
    const res = await new Agent(ctx.app).get(`/api/check-shortname/free-${uniqueId()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true });
  });

  it('reports a taken shortname (approved or pending) as unavailable', async () => {
    const approved = await buildOrg(ctx.database);
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    for (const shortname of [approved.shortname, pending.shortname]) {
      expect((await new Agent(ctx.app).get(`/api/check-shortname/${shortname}`)).json()).toEqual({
        available: false,
      });
    }
  });

  it('reports reserved names as unavailable', async () => {
    for (const shortname of ['www', 'api', 'admin', 'system']) {
      expect((await new Agent(ctx.app).get(`/api/check-shortname/${shortname}`)).json()).toEqual({
        available: false,
      });
    }
  });

  it('refuses invalid shortnames with the spec messages', async () => {
    const agent = new Agent(ctx.app);
    const upper = await agent.get('/api/check-shortname/Bad-Name');
    expect(upper.statusCode).toBe(400);
    expect(upper.json()).toEqual({ message: 'Only lowercase letters, numbers, and hyphens allowed' });
    const symbol = await agent.get('/api/check-shortname/bad_name');
    expect(symbol.json()).toEqual({ message: 'Only lowercase letters, numbers, and hyphens allowed' });
    // Shortnames become DNS labels: no hyphen at either end.
    for (const edge of ['-abc', 'abc-', '-abc-']) {
      const res = await agent.get(`/api/check-shortname/${edge}`);
      expect(res.statusCode, edge).toBe(400);
      expect(res.json()).toEqual({ message: 'Shortname cannot start or end with a hyphen' });
    }
    const short = await agent.get('/api/check-shortname/ab');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Shortname must be at least 3 characters' });
  });
});

describe('security challenge', () => {
  it('issues a math or trivia question whose token does not reveal the answer', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const res = await new Agent(ctx.app).get('/api/security-challenge');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json() as { token: string; type: string; question: string };
      expect(Object.keys(body).sort()).toEqual(['question', 'token', 'type']);
      seen.add(body.type);
      if (body.type === 'math') expect(body.question).toMatch(/^\d+ [+\-×] \d+$/);
      const payload = JSON.parse(Buffer.from(body.token.split('.')[0], 'base64url').toString());
      expect(JSON.stringify(payload)).not.toContain(`"${solveChallenge(body.question)}"`);
    }
    expect([...seen].every((t) => t === 'math' || t === 'trivia')).toBe(true);
  });

  it('issues a question in words on request, for people who cannot read the picture', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await new Agent(ctx.app).get('/api/security-challenge?type=trivia');
      expect(res.statusCode).toBe(200);
      const body = res.json() as { type: string; question: string };
      expect(body.type).toBe('trivia');
      expect(solveChallenge(body.question)).toBeTruthy();
    }
    const bad = await new Agent(ctx.app).get('/api/security-challenge?type=riddle');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });

  it('accepts the right answer, case-insensitively and trimmed', async () => {
    const agent = new Agent(ctx.app);
    const { challengeToken, challengeAnswer } = await solvedChallenge(agent);
    const res = await agent.post('/api/security-challenge/verify', {
      token: challengeToken,
      answer: ` ${challengeAnswer.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ correct: true, attemptsRemaining: 3 });
  });

  it('counts wrong answers down and, after the third, refuses even the right one', async () => {
    const agent = new Agent(ctx.app);
    const { challengeToken, challengeAnswer } = await solvedChallenge(agent);
    const wrong = () =>
      agent.post('/api/security-challenge/verify', { token: challengeToken, answer: WRONG_ANSWER });
    expect((await wrong()).json()).toEqual({ correct: false, attemptsRemaining: 2 });
    expect((await wrong()).json()).toEqual({ correct: false, attemptsRemaining: 1 });
    expect((await wrong()).json()).toEqual({ correct: false, attemptsRemaining: 0 });
    const right = await agent.post('/api/security-challenge/verify', {
      token: challengeToken,
      answer: challengeAnswer,
    });
    expect(right.json()).toEqual({ correct: false, attemptsRemaining: 0 });
    // Sign-up will not take it either.
    const signup = await agent.post('/api/register-organization', {
      ...newOrgFields(),
      challengeToken,
      challengeAnswer,
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toEqual(VERIFY_REFUSED);
  });

  it('refuses an expired token', async () => {
    const agent = new Agent(ctx.app);
    const { challengeToken, challengeAnswer } = await solvedChallenge(agent);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + CHALLENGE_TTL_MS + 1000);
    const res = await agent.post('/api/security-challenge/verify', {
      token: challengeToken,
      answer: challengeAnswer,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Security challenge expired, please try a new one' });
    const fields = newOrgFields();
    const signup = await agent.post('/api/register-organization', {
      ...fields,
      challengeToken,
      challengeAnswer,
    });
    expect(signup.json()).toEqual(VERIFY_REFUSED);
    vi.useRealTimers();
    expect(await userExists(fields.username)).toBe(false);
  });

  it('refuses forged and malformed tokens', async () => {
    const agent = new Agent(ctx.app);
    const { challengeToken } = await solvedChallenge(agent);
    const [body, mac] = challengeToken.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    // Pushing the expiry out (or anything else) breaks the signature.
    const forged = `${Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 1 })).toString('base64url')}.${mac}`;
    for (const token of [forged, `${body}.${mac.slice(0, -2)}xx`, 'not-a-token', body]) {
      const res = await agent.post('/api/security-challenge/verify', { token, answer: '1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Security challenge expired, please try a new one' });
    }
  });
});

describe('POST /api/register-organization', () => {
  it('creates a pending organization with its creator as active owner', async () => {
    const agent = new Agent(ctx.app);
    const body = await signupBody(agent);
    const res = await agent.post('/api/register-organization', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toEqual({
      message: `${body.organizationName} has been created and is pending approval by a system administrator.`,
      requiresApproval: true,
      organization: {
        id: expect.any(Number),
        name: body.organizationName,
        shortname: body.organizationShortname,
        approvalStatus: 'pending',
      },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await ctx.database.query<Record<string, unknown>>(
      `select o.approval_status, o.contact_email, m.role, m.status, u.email, u.is_system_user
       from organizations o join user_organizations m on m.organization_id = o.id join users u on u.id = m.user_id
       where o.id = $1`,
      [json.organization.id],
    );
    expect(row).toEqual({
      approval_status: 'pending',
      contact_email: body.email,
      role: 'owner',
      status: 'active',
      email: body.email,
      is_system_user: false,
    });
    // Until a system user approves it, the owner cannot get in.
    const login = await new Agent(ctx.app, `${body.organizationShortname}.localhost`).post('/api/login', {
      username: body.username,
      password: body.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: 'Your organization is pending approval' });
    // The new organization shows up in the approval queue.
    const { agent: system } = await buildSystemUser(ctx);
    // The queue is paged, the longest waiting first: this newest one is on its last page.
    const queue: string[] = [];
    let after = '';
    do {
      const page = (
        await system.get(`/api/system/pending-organizations?limit=100${after ? `&after=${after}` : ''}`)
      ).json() as { items: { shortname: string }[]; nextCursor: string | null };
      queue.push(...page.items.map((o) => o.shortname));
      after = page.nextCursor ?? '';
    } while (after);
    expect(queue).toContain(body.organizationShortname);
  });

  it.each([
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['username', { username: 'x'.repeat(51) }, 'Username must be at most 50 characters'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    [
      'password',
      { password: 'short7!', confirmPassword: 'short7!' },
      'Password must be at least 8 characters',
    ],
    ['confirmPassword', { confirmPassword: 'something-else-1' }, "Passwords don't match"],
    ['organizationName', { organizationName: '   ' }, 'Organization name is required'],
    ['organizationName', { organizationName: undefined }, 'Organization name is required'],
    ['organizationShortname', { organizationShortname: 'ab' }, 'Shortname must be at least 3 characters'],
    [
      'organizationShortname',
      { organizationShortname: 'Has Caps' },
      'Only lowercase letters, numbers, and hyphens allowed',
    ],
    ['agreeToTerms', { agreeToTerms: false }, 'You must agree to the terms'],
    ['agreeToTerms', { agreeToTerms: undefined }, 'You must agree to the terms'],
  ])('refuses a bad %s with the spec message and creates nothing', async (field, overrides, message) => {
    const agent = new Agent(ctx.app);
    const body = await signupBody(agent, overrides);
    const res = await agent.post('/api/register-organization', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
    if (typeof body.username === 'string') expect(await userExists(body.username)).toBe(false);
    expect(await orgExists(String(body.organizationShortname))).toBe(false);
  });

  it('refuses a missing, empty or wrong challenge answer and creates nothing', async () => {
    const agent = new Agent(ctx.app);
    const fields = newOrgFields();
    const { challengeToken } = await solvedChallenge(agent);
    const attempts = [
      fields,
      { ...fields, challengeToken: '', challengeAnswer: '' },
      { ...fields, challengeToken, challengeAnswer: WRONG_ANSWER },
      { ...fields, challengeToken: 'forged.token', challengeAnswer: '4' },
    ];
    for (const body of attempts) {
      const res = await agent.post('/api/register-organization', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(VERIFY_REFUSED.message);
    }
    expect(await userExists(fields.username)).toBe(false);
    expect(await orgExists(fields.organizationShortname)).toBe(false);
  });

  it('counts wrong answers given at sign-up, so it cannot be used to guess', async () => {
    const agent = new Agent(ctx.app);
    const { challengeToken, challengeAnswer } = await solvedChallenge(agent);
    for (let i = 0; i < 3; i++) {
      const res = await agent.post('/api/register-organization', {
        ...newOrgFields(),
        challengeToken,
        // Never a number: a question's right answer may be 0, 1 or 2.
        challengeAnswer: `${WRONG_ANSWER} ${i}`,
      });
      expect(res.json()).toEqual(VERIFY_REFUSED);
    }
    const body = { ...newOrgFields(), challengeToken, challengeAnswer };
    expect((await agent.post('/api/register-organization', body)).json()).toEqual(VERIFY_REFUSED);
    expect(await orgExists(body.organizationShortname)).toBe(false);
  });

  it('spends the challenge: the same token cannot create a second organization', async () => {
    const agent = new Agent(ctx.app);
    const challenge = await solvedChallenge(agent);
    const first = await agent.post('/api/register-organization', { ...newOrgFields(), ...challenge });
    expect(first.statusCode).toBe(201);
    const second = { ...newOrgFields(), ...challenge };
    const res = await agent.post('/api/register-organization', second);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(VERIFY_REFUSED);
    expect(await userExists(second.username)).toBe(false);
    expect(await orgExists(second.organizationShortname)).toBe(false);
  });

  it('refuses a taken username, email or shortname with 409 and creates nothing', async () => {
    const org = await buildOrg(ctx.database);
    const existing = await buildUser(ctx.database, { org });
    const agent = new Agent(ctx.app);
    const cases = [
      [{ username: existing.username.toUpperCase() }, 'Username already exists'],
      [{ email: existing.email.toUpperCase() }, 'Email already exists'],
      [{ organizationShortname: org.shortname }, 'Organization shortname is not available'],
      [{ organizationShortname: 'admin' }, 'Organization shortname is not available'],
    ] as const;
    for (const [overrides, message] of cases) {
      const body = await signupBody(agent, overrides);
      const res = await agent.post('/api/register-organization', body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message });
      if (!('username' in overrides)) expect(await userExists(body.username)).toBe(false);
      if (!('organizationShortname' in overrides))
        expect(await orgExists(body.organizationShortname)).toBe(false);
    }
  });

  it('keeps the solved challenge when a name is taken, so the visitor can fix the name and resubmit', async () => {
    const existing = await buildUser(ctx.database);
    const agent = new Agent(ctx.app);
    const body = await signupBody(agent, { username: existing.username });
    const taken = await agent.post('/api/register-organization', body);
    expect(taken.statusCode).toBe(409);
    const retry = await agent.post('/api/register-organization', {
      ...body,
      username: `fixed_${uniqueId()}`,
    });
    expect(retry.statusCode).toBe(201);
  });

  it('writes organization, owner and membership together: a racing duplicate leaves no orphan', async () => {
    const agent = new Agent(ctx.app);
    const username = `racer_${uniqueId()}`;
    const a = await signupBody(agent, { username });
    const b = await signupBody(agent, { username });
    const results = await Promise.all([
      agent.post('/api/register-organization', a),
      agent.post('/api/register-organization', b),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const created = [await orgExists(a.organizationShortname), await orgExists(b.organizationShortname)];
    expect(created.filter(Boolean)).toHaveLength(1);
    const orphans = await ctx.database.query(
      `select o.id from organizations o where o.shortname = any($1::text[])
       and not exists (select 1 from user_organizations m where m.organization_id = o.id and m.role = 'owner')`,
      [[a.organizationShortname, b.organizationShortname]],
    );
    expect(orphans).toEqual([]);
  });

  it('answers 429 with Retry-After after too many sign-ups from one address', async () => {
    const agent = new Agent(ctx.app, 'localhost', '10.9.9.9');
    let res = await agent.post('/api/register-organization', {
      ...newOrgFields(),
      challengeToken: 'x.y',
      challengeAnswer: '1',
    });
    expect(res.statusCode).toBe(400);
    for (let i = 0; i < 40; i++) {
      res = await agent.post('/api/register-organization', {
        ...newOrgFields(),
        challengeToken: 'x.y',
        challengeAnswer: '1',
      });
    }
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Even a complete, correct sign-up is refused now, and nothing is created.
    const body = await signupBody(agent);
    expect((await agent.post('/api/register-organization', body)).statusCode).toBe(429);
    expect(await orgExists(body.organizationShortname)).toBe(false);
  });

  it('answers 429 after too many sign-ups for one email address', async () => {
    const email = `flood_${uniqueId()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await new Agent(ctx.app).post('/api/register-organization', {
        ...newOrgFields(),
        email,
        challengeToken: 'x.y',
        challengeAnswer: '1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('POST /api/register (join)', () => {
  function joinFields() {
    const id = uniqueId();
    return {
      username: `joiner_${id}`,
      email: `joiner_${id}@example.test`,
      password: 'long-enough-2',
      confirmPassword: 'long-enough-2',
      agreeToTerms: true,
    };
  }

  async function membershipOf(username: string) {
    const [row] = await ctx.database.query<{ role: string; status: string; is_active: boolean }>(
      `select m.role, m.status, m.is_active from user_organizations m join users u on u.id = m.user_id
       where u.username = $1`,
      [username],
    );
    return row;
  }

  it('refuses with 403 when public registration is off, creating nothing', async () => {
    const org = await buildOrg(ctx.database, { enablePublicRegistration: false });
    const body = joinFields();
    const res = await new Agent(ctx.app).post(`/api/register?org=${org.shortname}`, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Registration is not available for this organization. Please contact an administrator.',
    });
    expect(await userExists(body.username)).toBe(false);
  });

  it('puts the membership up for approval when the organization requires it, with no session', async () => {
    const org = await buildOrg(ctx.database, { enablePublicRegistration: true, requireAdminApproval: true });
    const body = joinFields();
    const agent = new Agent(ctx.app);
    const res = await agent.post(`/api/register?org=${org.shortname}`, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Your registration has been submitted. An administrator will review it shortly.',
      requiresApproval: true,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    expect(await membershipOf(body.username)).toEqual({
      role: 'standard_user',
      status: 'pending_approval',
      is_active: false,
    });
    const login = await new Agent(ctx.app, org.host).post('/api/login', {
      username: body.username,
      password: body.password,
    });
    expect(login.json()).toEqual({ message: 'Your membership is pending approval by an administrator' });
  });

  it("signs the new member straight in with the organization's default role when no approval is needed", async () => {
    const org = await buildOrg(ctx.database, {
      enablePublicRegistration: true,
      requireAdminApproval: false,
      defaultRole: 'team_lead',
    });
    const body = joinFields();
    const agent = new Agent(ctx.app);
    const res = await agent.post(`/api/register?org=${org.shortname.toUpperCase()}`, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: `Welcome to ${org.name}!`, requiresApproval: false });
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
    const me = await agent.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { username: body.username, email: body.email },
      organization: { id: org.id, shortname: org.shortname },
      role: 'team_lead',
      pendingApproval: false,
    });
    expect(await membershipOf(body.username)).toEqual({
      role: 'team_lead',
      status: 'active',
      is_active: true,
    });
  });

  it('never makes a joiner an owner, whatever the default role says', async () => {
    const org = await buildOrg(ctx.database, {
      enablePublicRegistration: true,
      requireAdminApproval: false,
      defaultRole: 'owner',
    });
    const body = joinFields();
    expect((await new Agent(ctx.app).post(`/api/register?org=${org.shortname}`, body)).statusCode).toBe(201);
    expect((await membershipOf(body.username)).role).toBe('standard_user');
  });

  it('joins the organization of the address without ?org=', async () => {
    const org = await buildOrg(ctx.database, { enablePublicRegistration: true, requireAdminApproval: false });
    const body = joinFields();
    const agent = new Agent(ctx.app, org.host);
    const res = await agent.post('/api/register', body);
    expect(res.statusCode).toBe(201);
    expect((await agent.get('/api/me')).json().organization.shortname).toBe(org.shortname);
  });

  it('answers 404 for unknown and unapproved organizations, and 400 when none is named', async () => {
    const pending = await buildOrg(ctx.database, {
      approvalStatus: 'pending',
      enablePublicRegistration: true,
    });
    for (const shortname of ['no-such-org-here', pending.shortname]) {
      const res = await new Agent(ctx.app).post(`/api/register?org=${shortname}`, joinFields());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Organization not found' });
    }
    const none = await new Agent(ctx.app).post('/api/register', joinFields());
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Organization is required' });
  });

  it.each([
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['email', { email: 'nope@' }, 'Invalid email address'],
    [
      'password',
      { password: 'seven77', confirmPassword: 'seven77' },
      'Password must be at least 8 characters',
    ],
    ['confirmPassword', { confirmPassword: 'different-1' }, "Passwords don't match"],
    ['agreeToTerms', { agreeToTerms: false }, 'You must agree to the terms'],
  ])('refuses a bad %s with the spec message', async (field, overrides, message) => {
    const org = await buildOrg(ctx.database, { enablePublicRegistration: true, requireAdminApproval: false });
    const body = { ...joinFields(), ...overrides };
    const res = await new Agent(ctx.app).post(`/api/register?org=${org.shortname}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
    expect(await userExists(body.username)).toBe(false);
  });

  it('refuses a username or email already in use anywhere with 409', async () => {
    const other = await buildOrg(ctx.database);
    const existing = await buildUser(ctx.database, { org: other });
    const org = await buildOrg(ctx.database, { enablePublicRegistration: true, requireAdminApproval: false });
    const byName = await new Agent(ctx.app).post(`/api/register?org=${org.shortname}`, {
      ...joinFields(),
      username: existing.username,
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toEqual({ message: 'Username already exists' });
    const byEmail = await new Agent(ctx.app).post(`/api/register?org=${org.shortname}`, {
      ...joinFields(),
      email: existing.email,
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toEqual({ message: 'Email already exists' });
    const members = await ctx.database.query('select 1 from user_organizations where organization_id = $1', [
      org.id,
    ]);
    expect(members).toHaveLength(0);
  });

  it('answers 429 after too many joins from one address', async () => {
    const org = await buildOrg(ctx.database, { enablePublicRegistration: false });
    const agent = new Agent(ctx.app, 'localhost', '10.9.9.10');
    const statuses = new Set<number>();
    let res = await agent.post(`/api/register?org=${org.shortname}`, joinFields());
    for (let i = 0; i < 40; i++) {
      statuses.add(res.statusCode);
      res = await agent.post(`/api/register?org=${org.shortname}`, joinFields());
    }
    expect([...statuses]).toEqual([403]);
    expect(res.statusCode).toBe(429);
  });
});

describe('no secrets in registration answers', () => {
  it('never returns password hashes, session ids or tokens', async () => {
    const org = await buildOrg(ctx.database, { enablePublicRegistration: true, requireAdminApproval: false });
    const agent = new Agent(ctx.app);
    const bodies: string[] = [];
    bodies.push((await agent.get(`/api/organization-context?org=${org.shortname}`)).body);
    bodies.push((await agent.get(`/api/check-shortname/${org.shortname}`)).body);
    bodies.push((await agent.post('/api/register-organization', await signupBody(agent))).body);
    const joiner = new Agent(ctx.app);
    const join = await joiner.post(`/api/register?org=${org.shortname}`, {
      username: `j_${uniqueId()}`,
      email: `j_${uniqueId()}@example.test`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreeToTerms: true,
    });
    expect(join.statusCode).toBe(201);
    bodies.push(join.body);
    bodies.push((await joiner.get('/api/organization-context')).body);
    await expectNoSecrets(ctx, bodies);
  });
});
