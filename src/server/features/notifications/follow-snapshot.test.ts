// The follow rule is restated in SQL (followers_of_event, src/server/db/functions): a
// deletion names the followers at once, while its follow records still exist, and an edit's are
// named when the notice is sent (processChanges). This keeps both in agreement with the calendar.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { calendarOrg, eventBody } from '../calendar/test-helpers';
import { processChanges } from './scans';
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

  it('are recorded per date for a series edit (one statement) and for its deletion', async () => {
    // Edits are noted once per statement over its transition tables (migration
    // edit_notices_set_based) and their followers named when sent (edit_notices_followers_when_sent),
    // deletes row by row: both must name, for every date, exactly who the calendar shows following
    // it, with the date's own explicit records.
    const c = await calendarOrg(ctx);
    const start = minutesFromNow(60 * 24, 'America/New_York');
    const end = minutesFromNow(60 * 25, 'America/New_York');
    const created = await c.agents.admin.post(
      `${c.base}/events`,
      eventBody(c.people.admin.id, {
        eventType: 'rehearsal',
        startDateTime: start.wall,
        endDateTime: end.wall,
        teamIds: [c.teamId],
        isRecurring: true,
        recurringPattern: 'daily',
        recurringEndType: 'count',
        recurringEndCount: 4,
      }),
    );
    expect(created.statusCode).toBe(201);
    const first = created.json().event.id as number;
    const ids = [first, first + 1, first + 2, first + 3];
    // Date by date: the team member leaves the second, the board member follows the third, the
    // reserver leaves the fourth.
    expect((await c.actorAgent.delete(`${c.base}/events/${ids[1]}/follow?strategy=this`)).statusCode).toBe(
      200,
    );
    expect((await c.agents.board.post(`${c.base}/events/${ids[2]}/follow?strategy=this`)).statusCode).toBe(
      200,
    );
    expect((await c.agents.admin.delete(`${c.base}/events/${ids[3]}/follow?strategy=this`)).statusCode).toBe(
      200,
    );
    const agents = { ...c.agents, actor: c.actorAgent };
    const people = { ...c.people, actor: c.actor };
    const shownFollowing = async () => {
      const shown = new Map<number, number[]>(ids.map((id) => [id, []]));
      const to = minutesFromNow(60 * 24 * 6, 'America/New_York').wall.slice(0, 10);
      for (const [key, agent] of Object.entries(agents)) {
        const rows: { eventId: number; isFollowing: boolean }[] = (
          await agent.get(`${c.base}/events/followed?from=${start.wall.slice(0, 10)}&to=${to}`)
        ).json();
        for (const r of rows)
          if (r.isFollowing && shown.has(r.eventId))
            shown.get(r.eventId)?.push(people[key as keyof typeof people].id);
      }
      return new Map([...shown].map(([id, users]) => [id, users.sort((a, b) => a - b)]));
    };
    const recorded = async (kind: string) => {
      const rows = await ctx.database.query<{
        eventId: number;
        followerIds: number[];
        before: unknown;
        after: unknown;
      }>(
        `select event_id as "eventId", follower_ids as "followerIds", before, after from event_changes
         where organization_id = $1 and kind = $2 order by event_id`,
        [c.org.id, kind],
      );
      return rows;
    };
    const before = await shownFollowing();
    expect(before.get(ids[1])).not.toContain(c.actor.id);
    expect(before.get(ids[2])).toContain(c.people.board.id);
    expect(before.get(ids[3])).not.toContain(c.people.admin.id);
    expect(before.get(ids[0])).toContain(c.people.admin.id);

    // A description alone is no change to note.
    const described = await c.agents.admin.patch(`${c.base}/events/${first}?strategy=series`, {
      description: 'Bring water',
    });
    expect(described.statusCode).toBe(200);
    expect(await recorded('updated')).toEqual([]);

    const renamed = await c.agents.admin.patch(`${c.base}/events/${first}?strategy=series`, {
      name: 'Stage combat',
    });
    expect(renamed.statusCode).toBe(200);
    // Recorded without followers; sending the notices names them, by the rule as it stands.
    expect((await recorded('updated')).map((r) => r.followerIds)).toEqual([null, null, null, null]);
    await processChanges(ctx.database, new Date());
    const updated = await recorded('updated');
    expect(updated.map((r) => r.eventId)).toEqual(ids);
    for (const row of updated) {
      expect([...row.followerIds].sort((a, b) => a - b)).toEqual(before.get(row.eventId));
      expect(row.before).toMatchObject({ name: 'Rehearsal', spaces: ['Main Stage'] });
      expect(row.after).toMatchObject({ name: 'Stage combat', spaces: ['Main Stage'] });
    }

    const following = await shownFollowing();
    expect((await c.agents.admin.delete(`${c.base}/events/${first}?strategy=series`)).statusCode).toBe(200);
    const cancelled = await recorded('cancelled');
    expect(cancelled.map((r) => r.eventId)).toEqual(ids);
    for (const row of cancelled) {
      expect([...row.followerIds].sort((a, b) => a - b)).toEqual(following.get(row.eventId));
      expect(row.after).toBeNull();
    }
  });

  it('leave an edit of a date deleted before its notice went out to the cancellation', async () => {
    const c = await calendarOrg(ctx);
    const start = minutesFromNow(60 * 24, 'America/New_York');
    const end = minutesFromNow(60 * 25, 'America/New_York');
    const created = await c.agents.admin.post(
      `${c.base}/events`,
      eventBody(c.people.admin.id, { startDateTime: start.wall, endDateTime: end.wall, teamIds: [c.teamId] }),
    );
    expect(created.statusCode).toBe(201);
    const eventId = created.json().event.id as number;
    expect(
      (await c.agents.admin.patch(`${c.base}/events/${eventId}`, { name: 'Fight call' })).statusCode,
    ).toBe(200);
    expect((await c.agents.admin.delete(`${c.base}/events/${eventId}`)).statusCode).toBe(200);
    await processChanges(ctx.database, new Date());
    const rows = await ctx.database.query<{ kind: string; followerIds: number[] }>(
      `select kind, follower_ids as "followerIds" from event_changes
       where organization_id = $1 and event_id = $2 order by id`,
      [c.org.id, eventId],
    );
    expect(rows.map((r) => r.kind)).toEqual(['updated', 'cancelled']);
    expect(rows[0].followerIds).toEqual([]);
    expect([...rows[1].followerIds].sort((a, b) => a - b)).toEqual(
      [c.people.admin.id, c.actor.id].sort((a, b) => a - b),
    );
  });
});
