import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { SM } from '../../../common/schemas/scheduling';
import { NOT_YOUR_PEOPLE, PERIOD_NOT_FOUND } from './availability';
import { MEMBER_NOT_FOUND } from './people';
import { schedulingOrg } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const weekly = {
  startDateTime: '2031-03-04T18:00',
  endDateTime: '2031-03-04T21:00',
  weeklyUntil: '2031-06-01',
  note: 'Evening class',
};

describe('availability', () => {
  it('a member keeps their own periods: create, list, edit, delete', async () => {
    const s = await schedulingOrg(ctx);
    const url = `${s.orgBase}/availability`;
    const created = await s.actorAgent.post(url, weekly);
    expect(created.statusCode).toBe(201);
    const period = created.json();
    expect(period).toEqual({
      id: expect.any(Number),
      userId: s.actor.id,
      startDateTime: '2031-03-04T18:00:00-05:00',
      endDateTime: '2031-03-04T21:00:00-05:00',
      weeklyUntil: '2031-06-01',
      note: 'Evening class',
    });
    const once = await s.actorAgent.post(url, {
      startDateTime: '2031-07-10T09:00:00',
      endDateTime: '2031-07-20T18:00:00',
    });
    expect(once.statusCode).toBe(201);
    expect(once.json()).toMatchObject({ weeklyUntil: null, note: null });

    // A range that only touches the weekly period's later weeks still lists it.
    const listed = await s.actorAgent.get(`${url}?from=2031-05-20&to=2031-05-31`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((p: { id: number }) => p.id)).toEqual([period.id]);
    const all = await s.actorAgent.get(`${url}?from=2031-01-01&to=2031-12-31`);
    expect(all.json()).toHaveLength(2);

    const edited = await s.actorAgent.patch(`${url}/${period.id}`, {
      endDateTime: '2031-03-04T22:00',
      note: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      endDateTime: '2031-03-04T22:00:00-05:00',
      note: null,
      weeklyUntil: '2031-06-01',
    });
    const oneOff = await s.actorAgent.patch(`${url}/${period.id}`, { weeklyUntil: null });
    expect(oneOff.json().weeklyUntil).toBeNull();

    expect((await s.actorAgent.delete(`${url}/${period.id}`)).statusCode).toBe(204);
    const [row] = await ctx.database.query(
      'select count(*)::int as n from availability_periods where user_id = $1',
      [s.actor.id],
    );
    expect(row).toEqual({ n: 1 });
  });

  it('refuses periods that end before they start, weekly periods without an end, and long notes', async () => {
    const s = await schedulingOrg(ctx);
    const url = `${s.orgBase}/availability`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...weekly, endDateTime: '2031-03-04T17:00' }, 'endDateTime', SM.endAfterStart],
      [{ ...weekly, weeklyUntil: null, weekly: true }, 'weeklyUntil', SM.weeklyRequired],
      [{ ...weekly, weeklyUntil: '2031-02-01' }, 'weeklyUntil', SM.weeklyBefore],
      [{ ...weekly, weeklyUntil: '2040-01-01' }, 'weeklyUntil', SM.weeklyTooFar],
      [{ ...weekly, endDateTime: '2031-03-12T18:00' }, 'endDateTime', SM.weeklyTooLong],
      [{ ...weekly, note: 'x'.repeat(501) }, 'note', SM.note],
      [{ ...weekly, startDateTime: '2031-02-30T10:00' }, 'startDateTime', SM.startFormat],
      [{ ...weekly, startDateTime: undefined }, 'startDateTime', SM.start],
    ];
    for (const [body, field, message] of cases) {
      const res = await s.actorAgent.post(url, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const period = (await s.actorAgent.post(url, weekly)).json();
    const bad = await s.actorAgent.patch(`${url}/${period.id}`, { endDateTime: '2031-03-04T10:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: SM.endAfterStart, errors: { endDateTime: SM.endAfterStart } });
    const unknown = await s.actorAgent.patch(`${url}/${period.id}`, { userId: s.castB.id });
    expect(unknown.statusCode).toBe(400);
    const [row] = await ctx.database.query<{ endWall: string }>(
      'select end_wall as "endWall" from availability_periods where id = $1',
      [period.id],
    );
    expect(row.endWall).toBe('2031-03-04T21:00');
  });

  it('managers read and write the availability of the people they manage; others get 403', async () => {
    const s = await schedulingOrg(ctx);
    const url = `${s.orgBase}/availability`;
    // A team lead enters a cast member's conflict sheet.
    const byLead = await s.leadAgent.post(url, { ...weekly, userId: s.castB.id });
    expect(byLead.statusCode).toBe(201);
    expect(byLead.json().userId).toBe(s.castB.id);
    const id = byLead.json().id;
    expect(
      (await s.leadAgent.get(`${url}?userId=${s.castB.id}&from=2031-03-01&to=2031-03-31`)).json(),
    ).toHaveLength(1);
    expect(
      (await s.agents.admin.get(`${url}?userId=${s.castB.id}&from=2031-03-01&to=2031-03-31`)).statusCode,
    ).toBe(200);
    expect((await s.castBAgent.get(`${url}?from=2031-03-01&to=2031-03-31`)).json()).toHaveLength(1);

    // The lead does not manage someone outside their team; members do not manage each other.
    for (const [agent, target] of [
      [s.leadAgent, s.outsider.id],
      [s.actorAgent, s.castB.id],
      [s.agents.board, s.castB.id],
      [s.agents.team_lead, s.castB.id],
    ] as const) {
      const read = await agent.get(`${url}?userId=${target}`);
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe(NOT_YOUR_PEOPLE);
      expect((await agent.post(url, { ...weekly, userId: target })).statusCode).toBe(403);
    }
    expect((await s.actorAgent.patch(`${url}/${id}`, { note: 'mine now' })).statusCode).toBe(403);
    expect((await s.actorAgent.delete(`${url}/${id}`)).statusCode).toBe(403);
    expect((await s.leadAgent.patch(`${url}/${id}`, { note: 'Tuesday class' })).json().note).toBe(
      'Tuesday class',
    );
    expect((await s.castBAgent.delete(`${url}/${id}`)).statusCode).toBe(204);
  });

  it('answers 401 signed out and 404 for another organization, its periods and its people', async () => {
    const s = await schedulingOrg(ctx);
    const url = `${s.orgBase}/availability`;
    const anon = new Agent(ctx.app, s.org.host);
    expect((await anon.get(url)).statusCode).toBe(401);
    expect((await anon.post(url, weekly)).statusCode).toBe(401);
    expect((await anon.patch(`${url}/1`, weekly)).statusCode).toBe(401);
    expect((await anon.delete(`${url}/1`)).statusCode).toBe(401);

    const mine = (await s.actorAgent.post(url, weekly)).json();
    const other = await buildOrg(ctx.database);
    const stranger = await buildUser(ctx.database, { org: other, role: 'owner' });
    const strangerAgent = await signedIn(ctx, stranger, other);
    const theirUrl = `/api/organizations/${other.id}/availability`;
    // Another organization's address, period id and member id are all "not found".
    expect((await s.agents.owner.get(theirUrl)).statusCode).toBe(404);
    expect((await s.agents.owner.post(theirUrl, weekly)).statusCode).toBe(404);
    const foreignPatch = await strangerAgent.patch(`${theirUrl}/${mine.id}`, { note: 'x' });
    expect(foreignPatch.statusCode).toBe(404);
    expect(foreignPatch.json().message).toBe(PERIOD_NOT_FOUND);
    expect((await strangerAgent.delete(`${theirUrl}/${mine.id}`)).statusCode).toBe(404);
    const foreignUser = await s.agents.owner.get(`${url}?userId=${stranger.id}`);
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json().message).toBe(MEMBER_NOT_FOUND);
    expect((await s.agents.owner.post(url, { ...weekly, userId: stranger.id })).statusCode).toBe(404);
    const [row] = await ctx.database.query<{ note: string }>(
      'select note from availability_periods where id = $1',
      [mine.id],
    );
    expect(row.note).toBe('Evening class');
  });
});

describe('the people whose availability one manages', () => {
  it('a team lead gets their teams’ members, owners everyone active, others nobody', async () => {
    const s = await schedulingOrg(ctx);
    const url = `${s.orgBase}/availability/people`;
    const lead = await s.leadAgent.get(url);
    expect(lead.statusCode).toBe(200);
    expect(lead.json()).toEqual([
      { userId: s.actor.id, name: 'Ada Person', username: s.actor.username },
      { userId: s.castB.id, name: 'Bea Cast', username: s.castB.username },
    ]);
    // The same people the availability calls let the lead read (and nobody else's).
    for (const person of lead.json()) {
      expect((await s.leadAgent.get(`${s.orgBase}/availability?userId=${person.userId}`)).statusCode).toBe(
        200,
      );
    }
    expect((await s.leadAgent.get(`${s.orgBase}/availability?userId=${s.outsider.id}`)).statusCode).toBe(403);

    // Owners: every active member but themself, by name; a disabled member is left out.
    await ctx.database.query(
      `update user_organizations set status = 'disabled' where organization_id = $1 and user_id = $2`,
      [s.org.id, s.outsider.id],
    );
    const owner = await s.agents.owner.get(url);
    expect(owner.statusCode).toBe(200);
    const active = await ctx.database.query<{ userId: number }>(
      `select user_id as "userId" from user_organizations where organization_id = $1 and status = 'active'`,
      [s.org.id],
    );
    const ids = owner.json().map((p: { userId: number }) => p.userId);
    expect(new Set(ids)).toEqual(
      new Set(active.map((r) => r.userId).filter((id) => id !== s.people.owner.id)),
    );
    expect(ids).not.toContain(s.outsider.id);
    const names = owner.json().map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    // A member who leads nothing manages nobody: an empty list, not a refusal.
    const member = await s.castBAgent.get(url);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toEqual([]);
  });

  it('answers 401 signed out, 404 for another organization or a malformed one', async () => {
    const s = await schedulingOrg(ctx);
    const url = `${s.orgBase}/availability/people`;
    expect((await new Agent(ctx.app, s.org.host).get(url)).statusCode).toBe(401);
    const other = await buildOrg(ctx.database);
    const stranger = await signedIn(ctx, await buildUser(ctx.database, { org: other, role: 'owner' }), other);
    const foreign = await stranger.get(url);
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.json())).not.toContain('Ada');
    expect((await s.agents.owner.get('/api/organizations/abc/availability/people')).statusCode).toBe(404);
  });
});
