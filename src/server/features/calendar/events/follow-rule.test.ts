// The follow rule is said twice: in SQL for the feeds, reminders and digests (isFollowingSql), and
// for rows already read by the month list (follows). Every viewer's flags in the list must be what
// the SQL says, explicit records included.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../../tests/support/app';
import { settled } from '../../../../../tests/support/change-feed';
import { signedIn } from '../../../../../tests/support/factories';
import { calendarOrg, createEvent, eventBody } from '../test-helpers';
import { ChangeFeed } from '../../../db/change-feed';
import { isFollowingSql } from './queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

/** [event id, following] for every event of the organization, as the SQL rule says. */
async function flagsBySql(organizationId: number, viewerId: number) {
  const rows = await ctx.database.query<{ id: number; following: boolean }>(
    `select e.id, ${isFollowingSql('$2')} as following from calendar_events e
       left join calendar_event_followers f on f.event_id = e.id and f.user_id = $2 and f.organization_id = $1
     where e.organization_id = $1 order by e.start_date_time, e.id`,
    [organizationId, viewerId],
  );
  return rows.map((e) => [e.id, e.following]);
}

describe('the follow rule', () => {
  it('gives every viewer the same flags in the month list as in SQL', async () => {
    const c = await calendarOrg(ctx);
    const create = async (overrides: Parameters<typeof eventBody>[1]) => {
      const res = await c.agents.owner.post(`${c.base}/events`, eventBody(c.people.owner.id, overrides));
      expect(res.statusCode).toBe(201);
    };
    await create({
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringEndType: 'count',
      recurringEndCount: 4,
      teamIds: [c.teamId],
    });
    await create({ eventType: 'class', instructorId: c.instructor.id, spaces: ['Annex'] });
    // Letters of two, three and four bytes: the list sets flags at byte offsets, not characters.
    await create({ name: 'Anprobe für Ärmel — 🎭', spaces: ['Office'], reservedBy: c.actor.id });
    const ids = (
      await ctx.database.query<{ id: number }>(
        'select id from calendar_events where organization_id = $1 order by start_date_time, id',
        [c.org.id],
      )
    ).map((r) => r.id);
    expect(ids).toHaveLength(6);
    // Explicit records that go against the default, both ways.
    await ctx.database.query(
      `insert into calendar_event_followers (organization_id, event_id, user_id, is_following)
       values ($1, $2, $3, false), ($1, $4, $5, true), ($1, $4, $6, false)`,
      [c.org.id, ids[1], c.actor.id, ids[4], c.people.board.id, c.instructor.id],
    );

    const viewers = [c.people.owner, c.actor, c.instructor, c.people.board];
    for (const viewer of viewers) {
      const agent = await signedIn(ctx, viewer, c.org);
      const listed: { id: number; isFollowing: boolean }[] = (
        await agent.get(`${c.base}/events?from=2031-03-01&to=2031-04-30`)
      ).json();
      expect(listed.map((e) => [e.id, e.isFollowing])).toEqual(await flagsBySql(c.org.id, viewer.id));
      // A filtered list is made another way: its flags and text must match the whole list's.
      const classes: { id: number; isFollowing: boolean }[] = (
        await agent.get(`${c.base}/events?from=2031-03-01&to=2031-04-30&type=class`)
      ).json();
      expect(classes).toHaveLength(1);
      expect(classes).toEqual(listed.filter((e) => classes[0].id === e.id));
    }
  });
  it('gives members of two organizations whose records are read at once each their own', async () => {
    const orgs = [await calendarOrg(ctx), await calendarOrg(ctx)];
    const viewers = [];
    for (const c of orgs) {
      const eventId = await createEvent(c);
      // Against the default: the owner unfollows, the board member follows.
      await ctx.database.query(
        `insert into calendar_event_followers (organization_id, event_id, user_id, is_following)
         values ($1, $2, $3, false), ($1, $2, $4, true)`,
        [c.org.id, eventId, c.people.owner.id, c.people.board.id],
      );
      for (const viewer of [c.people.owner, c.people.board, c.actor])
        viewers.push({ c, viewer, agent: await signedIn(ctx, viewer, c.org) });
    }
    await settled(ctx.database);
    // As after a start: every viewer's share of the records is read afresh, all at once.
    ChangeFeed.of(ctx.database).reset();
    const lists = await Promise.all(
      viewers.map(({ c, agent }) => agent.get(`${c.base}/events?from=2031-03-01&to=2031-03-31`)),
    );
    for (const [i, { c, viewer }] of viewers.entries()) {
      const listed: { id: number; isFollowing: boolean }[] = lists[i].json();
      expect(listed.map((e) => [e.id, e.isFollowing])).toEqual(await flagsBySql(c.org.id, viewer.id));
    }
    expect(lists.map((list) => list.json()[0].isFollowing)).toEqual([false, true, false, false, true, false]);
  });

  it("keeps the organization's follow facts, yet a member's follow or new team changes their list alone", async () => {
    const c = await calendarOrg(ctx);
    const created = await c.agents.owner.post(`${c.base}/events`, eventBody(c.people.owner.id));
    const teamEvent = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, { spaces: ['Office'], teamIds: [c.teamId] }),
    );
    const [eventId, teamEventId] = [created.json().event.id, teamEvent.json().event.id];
    const board = await signedIn(ctx, c.people.board, c.org);
    const flags = async (agent: typeof board) => {
      const listed: { id: number; isFollowing: boolean }[] = (
        await agent.get(`${c.base}/events?from=2031-03-01&to=2031-03-31`)
      ).json();
      return Object.fromEntries(listed.map((e) => [e.id, e.isFollowing]));
    };
    // The board member's read keeps the whole organization's facts, the actor's from then on.
    expect(await flags(board)).toEqual({ [eventId]: false, [teamEventId]: false });
    expect(await flags(c.actorAgent)).toEqual({ [eventId]: false, [teamEventId]: true });

    expect((await c.actorAgent.post(`${c.base}/events/${eventId}/follow`, {})).statusCode).toBe(200);
    expect(await flags(c.actorAgent)).toEqual({ [eventId]: true, [teamEventId]: true });
    expect(await flags(board)).toEqual({ [eventId]: false, [teamEventId]: false });

    const joined = await c.agents.owner.post(`/api/teams/${c.teamId}/members`, {
      userId: c.people.board.id,
      role: 'member',
    });
    expect(joined.statusCode).toBe(201);
    expect(await flags(board)).toEqual({ [eventId]: false, [teamEventId]: true });
    expect(await flags(c.actorAgent)).toEqual({ [eventId]: true, [teamEventId]: true });
  });
});
