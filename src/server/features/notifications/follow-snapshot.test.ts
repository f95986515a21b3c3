// The change trigger (migration notifications_sql) restates the calendar's follow rule in SQL, so
// that a deleted occurrence's followers are still known. This keeps the two in agreement.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { calendarOrg, eventBody } from '../calendar/test-helpers';
import { minutesFromNow } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('followers recorded with a change', () => {
  it('are exactly the members the calendar shows as following', async () => {
    const c = await calendarOrg(ctx);
    const start = minutesFromNow(60 * 24, 'America/New_York');
    const end = minutesFromNow(60 * 25, 'America/New_York');
    const created = await c.agents.admin.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, {
        eventType: 'show',
        startDateTime: start.wall,
        endDateTime: end.wall,
        teamIds: [c.teamId],
      }),
    );
    expect(created.statusCode).toBe(201);
    const eventId = created.json().event.id as number;
    // Explicit records override the default both ways.
    await c.actorAgent.delete(`${c.base}/events/${eventId}/follow`);
    await c.agents.board.post(`${c.base}/events/${eventId}/follow`);
    const agents = { ...c.agents, actor: c.actorAgent };
    const people = { ...c.people, actor: c.actor };
    const following: number[] = [];
    for (const [key, agent] of Object.entries(agents)) {
      const rows: { eventId: number; isFollowing: boolean }[] = (
        await agent.get(
          `${c.base}/events/followed?from=${start.wall.slice(0, 10)}&to=${end.wall.slice(0, 10)}`,
        )
      ).json();
      if (rows.some((r) => r.eventId === eventId && r.isFollowing))
        following.push(people[key as keyof typeof people].id);
    }
    expect(following.sort((a, b) => a - b)).toEqual(
      [c.people.owner.id, c.people.board.id].sort((a, b) => a - b),
    );

    expect((await c.agents.owner.delete(`${c.base}/events/${eventId}`)).statusCode).toBe(200);
    const [change] = await ctx.database.query<{ followerIds: number[]; actorId: number; kind: string }>(
      `select follower_ids as "followerIds", actor_id as "actorId", kind from event_changes
       where organization_id = $1 and event_id = $2`,
      [c.org.id, eventId],
    );
    expect(change.kind).toBe('cancelled');
    expect(change.actorId).toBe(c.people.owner.id);
    expect([...change.followerIds].sort((a, b) => a - b)).toEqual(following);
  });
});
