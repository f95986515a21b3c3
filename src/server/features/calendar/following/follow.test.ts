import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../../tests/support/factories';
import { calendarOrg, eventBody } from '../test-helpers';
import { RANGE_ORDER, RANGE_TOO_WIDE } from '../events/validation';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

type Ev = { id: number; isFollowing: boolean; startDateTime: string };

async function weeklyForTeam(c: Awaited<ReturnType<typeof calendarOrg>>) {
  const res = await c.agents.owner.post(
    `${c.base}/events`,
    eventBody(c.people.owner.id, {
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringEndType: 'count',
      recurringEndCount: 5,
      teamIds: [c.teamId],
    }),
  );
  expect(res.statusCode).toBe(201);
  const events: Ev[] = (await c.actorAgent.get(`${c.base}/events?from=2031-03-01&to=2031-04-30`)).json();
  return events.map((e) => e.id);
}

describe('following events', () => {
  it('follows by default the reserver, the instructor and members of the event teams', async () => {
    const c = await calendarOrg(ctx);
    const ids = await weeklyForTeam(c);
    const { event: cls } = (
      await c.agents.owner.post(
        `${c.base}/events`,
        eventBody(c.people.owner.id, {
          eventType: 'class',
          instructorId: c.instructor.id,
          spaces: ['Annex'],
        }),
      )
    ).json();
    const state = async (agent: Agent) => {
      const rows: Ev[] = (await agent.get(`${c.base}/events?from=2031-03-01&to=2031-04-30`)).json();
      return Object.fromEntries(rows.map((e) => [e.id, e.isFollowing]));
    };
    expect(Object.values(await state(c.agents.owner)).every(Boolean)).toBe(true);
    const team = await state(c.actorAgent);
    expect(ids.every((id) => team[id])).toBe(true);
    expect(team[cls.id]).toBe(false);
    const instructor = await state(await signedIn(ctx, c.instructor, c.org));
    expect(instructor[cls.id]).toBe(true);
    expect(ids.some((id) => instructor[id])).toBe(false);
    expect(Object.values(await state(c.agents.board)).some(Boolean)).toBe(false);
  });

  it('unfollows one date, future dates or the series, counting what was followed', async () => {
    const c = await calendarOrg(ctx);
    const ids = await weeklyForTeam(c);
    const one = await c.actorAgent.delete(`${c.base}/events/${ids[1]}/follow?strategy=this`);
    expect(one.json()).toMatchObject({ unfollowedCount: 1, isFollowing: false });
    const future = await c.actorAgent.delete(`${c.base}/events/${ids[3]}/follow?strategy=future`);
    expect(future.json()).toMatchObject({ unfollowedCount: 2 });
    // Only ids[0] and ids[2] are still followed.
    const series = await c.actorAgent.delete(`${c.base}/events/${ids[0]}/follow?strategy=series`);
    expect(series.json()).toMatchObject({ unfollowedCount: 2 });
    const records = (
      await c.actorAgent.get(`${c.base}/events/followed?from=2031-03-01&to=2031-04-30`)
    ).json();
    expect(records).toEqual(ids.map((eventId) => ({ eventId, isFollowing: false })));
    // Following one date again: the explicit record wins over the unfollowed series.
    const again = await c.actorAgent.post(`${c.base}/events/${ids[2]}/follow`);
    expect(again.json()).toMatchObject({ eventId: ids[2], isFollowing: true, followedCount: 1 });
    const mine = (await c.actorAgent.get('/api/me/followed-events?from=2031-03-01&to=2031-04-30')).json();
    expect(mine.filter((r: { isFollowing: boolean }) => r.isFollowing)).toEqual([
      { eventId: ids[2], isFollowing: true },
    ]);
    const schedule: Ev[] = (
      await c.actorAgent.get(`${c.base}/events?from=2031-03-01&to=2031-04-30&followed=true`)
    ).json();
    expect(schedule.map((e) => e.id)).toEqual([ids[2]]);
  });

  it('lets a member who is not invited follow a whole series', async () => {
    const c = await calendarOrg(ctx);
    const ids = await weeklyForTeam(c);
    const res = await c.agents.board.post(`${c.base}/events/${ids[0]}/follow?strategy=series`);
    expect(res.json()).toMatchObject({ followedCount: 5 });
    const list = (await c.agents.board.get(`/api/me/followed-events?from=2031-03-01&to=2031-04-30`)).json();
    expect(list).toHaveLength(5);
  });

  it('keeps a series unfollow for dates made later by the rolling horizon', async () => {
    const c = await calendarOrg(ctx);
    await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, { isRecurring: true, recurringPattern: 'weekly', teamIds: [c.teamId] }),
    );
    const first: Ev[] = (await c.actorAgent.get(`${c.base}/events?from=2031-03-01&to=2031-03-31`)).json();
    await c.actorAgent.delete(`${c.base}/events/${first[0].id}/follow?strategy=series`);
    const later: Ev[] = (await c.actorAgent.get(`${c.base}/events?from=2034-06-01&to=2034-06-30`)).json();
    expect(later.length).toBeGreaterThan(3);
    expect(later.some((e) => e.isFollowing)).toBe(false);
  });

  it("follows the rest of a series with 'future', counting only dates not yet followed", async () => {
    const c = await calendarOrg(ctx);
    const ids = await weeklyForTeam(c);
    const res = await c.agents.board.post(`${c.base}/events/${ids[2]}/follow?strategy=future`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ eventId: ids[2], isFollowing: true, followedCount: 3 });
    const records = (
      await c.agents.board.get(`${c.base}/events/followed?from=2031-03-01&to=2031-04-30`)
    ).json();
    expect(records).toEqual(ids.slice(2).map((eventId) => ({ eventId, isFollowing: true })));
    // The team member already follows every date by default: nothing new to count.
    const member = await c.actorAgent.post(`${c.base}/events/${ids[1]}/follow?strategy=future`);
    expect(member.json()).toMatchObject({ isFollowing: true, followedCount: 0 });
  });

  it('refuses a bad range on both followed-events paths', async () => {
    const c = await calendarOrg(ctx);
    await weeklyForTeam(c);
    for (const path of [`${c.base}/events/followed`, '/api/me/followed-events']) {
      const order = await c.actorAgent.get(`${path}?from=2031-04-30&to=2031-03-01`);
      expect(order.statusCode, path).toBe(400);
      expect(order.json().message, path).toBe(RANGE_ORDER);
      const wide = await c.actorAgent.get(`${path}?from=2031-01-01&to=2033-01-01`);
      expect(wide.statusCode, path).toBe(400);
      expect(wide.json().message, path).toBe(RANGE_TOO_WIDE);
      const garbled = await c.actorAgent.get(`${path}?from=soon&to=2031-03-01`);
      expect(garbled.statusCode, path).toBe(400);
      expect(garbled.json().message, path).toBe('Dates must be ISO dates (YYYY-MM-DD)');
    }
  });

  it('answers 401 signed out and 404 for unknown or foreign events', async () => {
    const c = await calendarOrg(ctx);
    const ids = await weeklyForTeam(c);
    expect((await new Agent(ctx.app, c.org.host).post(`${c.base}/events/${ids[0]}/follow`)).statusCode).toBe(
      401,
    );
    expect((await new Agent(ctx.app, c.org.host).get('/api/me/followed-events')).statusCode).toBe(401);
    expect((await new Agent(ctx.app, c.org.host).get(`${c.base}/events/followed`)).statusCode).toBe(401);
    expect(
      (await new Agent(ctx.app, c.org.host).delete(`${c.base}/events/${ids[0]}/follow?strategy=series`))
        .statusCode,
    ).toBe(401);
    expect((await c.actorAgent.post(`${c.base}/events/999999/follow`)).statusCode).toBe(404);
    const other = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org: other }), other);
    expect(
      (await agent.post(`/api/organizations/${other.id}/calendar/events/${ids[0]}/follow`)).statusCode,
    ).toBe(404);
    expect(
      (await agent.delete(`/api/organizations/${other.id}/calendar/events/${ids[0]}/follow`)).statusCode,
    ).toBe(404);
    expect((await agent.post(`${c.base}/events/${ids[0]}/follow`)).statusCode).toBe(404);
    expect((await agent.get(`${c.base}/events/followed`)).statusCode).toBe(404);
    expect((await agent.delete(`${c.base}/events/${ids[0]}/follow?strategy=series`)).statusCode).toBe(404);
    expect((await c.actorAgent.delete(`${c.base}/events/${ids[0]}/follow?strategy=all`)).statusCode).toBe(
      400,
    );
    // None of the refused calls changed a follow: the member still follows every date by default,
    // and no record was written for anyone.
    const records = (
      await c.actorAgent.get(`${c.base}/events/followed?from=2031-03-01&to=2031-04-30`)
    ).json();
    expect(records).toEqual(ids.map((eventId) => ({ eventId, isFollowing: true })));
    const rows = await ctx.database.query(
      'select id from calendar_event_followers where event_id = any($1::int[])',
      [ids],
    );
    expect(rows).toEqual([]);
  });
});
