// Odd input is refused in words, never a 500: null characters (PostgreSQL text cannot hold
// them), over-long path parameters and values the database itself refuses.
import { describe, expect, it } from 'vitest';
import { Agent, getTestApp } from '../support/app';
import { buildSystemUser } from '../support/factories';
import { buildTeamWorld } from '../support/teams';

const NUL = 'a\u0000b';

describe('null characters', () => {
  it('are refused with 400 on every kind of input', async () => {
    const ctx = await getTestApp();
    const { org, team, agents } = await buildTeamWorld(ctx);
    const owner = agents.owner;
    const system = await buildSystemUser(ctx);
    const anonymous = new Agent(ctx.app);
    const cases: [string, () => ReturnType<typeof owner.get>][] = [
      ['sign-in username', () => anonymous.post('/api/login', { username: NUL, password: 'x' })],
      ['team name', () => owner.post(`/api/organizations/${org.id}/teams`, { name: NUL, handle: 'nul-h' })],
      ['team description', () => owner.patch(`/api/teams/${team.id}`, { description: NUL })],
      ['link label', () => owner.post(`/api/teams/${team.id}/links`, { url: 'https://x.test', label: NUL })],
      ['link url', () => owner.post(`/api/teams/${team.id}/links`, { url: `https://x.test/${NUL}` })],
      ['person by username', () => owner.get(`/api/organizations/${org.id}/directory/a%00b`)],
      ['team by handle', () => owner.get(`/api/organizations/${org.id}/teams/handle/a%00b`)],
      ['organization by ?org=', () => anonymous.get('/api/organization-context?org=a%00b')],
      [
        'rejection reason',
        () => system.agent.post(`/api/system/organizations/${org.id}/reject`, { rejectionReason: NUL }),
      ],
    ];
    const seen: string[] = [];
    for (const [name, call] of cases) {
      const res = await call();
      seen.push(`${name}: ${res.statusCode} ${res.json().message}`);
    }
    expect(seen).toEqual(cases.map(([name]) => `${name}: 400 Text cannot contain null characters`));
    // Nothing was changed on the way.
    const [row] = await ctx.database.query<{ approvalStatus: string }>(
      'select approval_status as "approvalStatus" from organizations where id = $1',
      [org.id],
    );
    expect(row.approvalStatus).toBe('approved');
  }, 60_000);

  it('still meet the guards first: a stranger gets 401, not a hint about the body', async () => {
    const ctx = await getTestApp();
    const { team } = await buildTeamWorld(ctx);
    const res = await new Agent(ctx.app).patch(`/api/teams/${team.id}`, { description: NUL });
    expect(res.statusCode).toBe(401);
  });
});

describe('long input', () => {
  it('an over-long path parameter answers in the { message } shape without echoing the path', async () => {
    const ctx = await getTestApp();
    const { org, agents } = await buildTeamWorld(ctx);
    const res = await agents.owner.get(`/api/organizations/${org.id}/teams/handle/${'a'.repeat(300)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'Request address is too long' });
  });
});

describe('values the database refuses', () => {
  // The last line of defence for routes that do not bound their ids themselves (here the
  // calendar's event id): the database's "out of range" is the caller's 400, not a 500.
  it('are a 400 with a message', async () => {
    const ctx = await getTestApp();
    const { org, agents } = await buildTeamWorld(ctx);
    const base = `/api/organizations/${org.id}/calendar/events/99999999999`;
    for (const res of [await agents.owner.delete(base), await agents.owner.post(`${base}/follow`)]) {
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json()).toHaveProperty('message');
    }
  });
});
