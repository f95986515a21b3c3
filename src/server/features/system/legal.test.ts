import { beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_TEXT_MAX } from '../../../common/schemas/legal';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildOrgWithRoles, buildSystemUser } from '../../../../tests/support/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const TEXTS = {
  terms: '# Terms\n\nBe **kind** to the crew.',
  privacy: '# Privacy\n\nWe keep your <script>alert(1)</script> email address.',
};

describe('the Terms of Service and Privacy Policy', () => {
  it('are edited by the system user (audited) and read by anyone, rendered safely', async () => {
    const { user, agent } = await buildSystemUser(ctx);
    const saved = await agent.put('/api/system/legal', TEXTS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(TEXTS);
    expect((await agent.get('/api/system/legal')).json()).toEqual(TEXTS);

    const anyone = new Agent(ctx.app);
    const terms = await anyone.get('/api/legal/terms');
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toMatchObject({ kind: 'terms', title: 'Terms of Service' });
    expect(terms.json().html).toContain('<strong>kind</strong>');
    const privacy = await anyone.get('/api/legal/privacy');
    expect(privacy.json().title).toBe('Privacy Policy');
    expect(privacy.json().html).not.toContain('<script');

    const audit = await ctx.database.query(
      `select 1 from audit_log where actor_id = $1 and action = 'system.legal_texts_updated'`,
      [user.id],
    );
    expect(audit).toHaveLength(1);
  });

  it('are readable on an organization address too, and only as terms or privacy', async () => {
    const org = await buildOrg(ctx.database);
    const visitor = new Agent(ctx.app, org.host);
    expect((await visitor.get('/api/legal/privacy')).statusCode).toBe(200);
    expect((await visitor.get('/api/legal/cookies')).statusCode).toBe(400);
  });

  it('must not be empty or longer than the limit', async () => {
    const { agent } = await buildSystemUser(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...TEXTS, terms: '   ' }, 'Write at least a sentence'],
      [{ ...TEXTS, privacy: 'x'.repeat(LEGAL_TEXT_MAX + 1) }, 'At most 50,000 characters'],
      [{ terms: TEXTS.terms }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await agent.put('/api/system/legal', body);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
  });

  it('are edited by nobody else: 401 signed out, 403 for every organization role', async () => {
    const signedOut = new Agent(ctx.app);
    expect((await signedOut.get('/api/system/legal')).statusCode).toBe(401);
    expect((await signedOut.put('/api/system/legal', TEXTS)).statusCode).toBe(401);
    const { agents } = await buildOrgWithRoles(ctx);
    for (const agent of Object.values(agents)) {
      expect((await agent.get('/api/system/legal')).statusCode).toBe(403);
      expect((await agent.put('/api/system/legal', TEXTS)).statusCode).toBe(403);
    }
  });
});
