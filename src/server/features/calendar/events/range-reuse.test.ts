// A month read again after an event in it changed takes every other event's text from the range
// made before: the database writes out only the events that changed. What it sends must still be
// exactly what a read from nothing kept sends.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTestApp, type TestContext } from '../../../../../tests/support/app';
import { ChangeFeed } from '../../../db/change-feed';
import type { Database, Runner } from '../../../db/client';
import { settled } from '../../../../../tests/support/change-feed';
import { calendarOrg, createEvent } from '../test-helpers';
import { listEventsCached } from './queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** How many events each month read had the database write out (the others were reused). */
function writtenOut() {
  const counts: number[] = [];
  const counted = <T>(text: string, rows: T[]) => {
    if (text.includes('is distinct from v.version'))
      counts.push((rows as { json: string | null }[]).filter((r) => r.json !== null).length);
    return rows;
  };
  const watched = (q: Runner): Runner => ({
    query: async (text, params) => counted(text, await q.query(text, params)),
    last: q.last && (async (text, params) => counted(text, await q.last!(text, params))),
  });
  const { database } = ctx;
  const [query, transaction] = [database.query.bind(database), database.transaction.bind(database)];
  vi.spyOn(database, 'query').mockImplementation(watched({ query }).query as Database['query']);
  vi.spyOn(database, 'transaction').mockImplementation(((work, ...rest) =>
    transaction((q) => work(watched(q)), ...rest)) as Database['transaction']);
  return counts;
}

/** A month's list as a standard member reads it (it must be answered). */
async function readAsMember(c: Awaited<ReturnType<typeof calendarOrg>>, month: string) {
  const res = await c.agents.standard_user.get(month);
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('a month read again after some of its events changed', () => {
  it('writes out only the changed events, and sends what a read from nothing kept sends', async () => {
    const c = await calendarOrg(ctx);
    const owner = c.agents.owner;
    const series = await createEvent(c, {
      name: 'Weekly run',
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringEndType: 'count',
      recurringEndCount: 4,
      teamIds: [c.teamId],
    });
    const single = await createEvent(c, {
      name: 'Fitting',
      startDateTime: '2031-03-05T10:00:00',
      endDateTime: '2031-03-05T11:00:00',
    });
    const other = await createEvent(c, {
      name: 'Notes',
      startDateTime: '2031-03-06T10:00:00',
      endDateTime: '2031-03-06T11:00:00',
    });
    const month = `${c.base}/events?from=2031-03-01&to=2031-03-31`;
    const read = () => readAsMember(c, month);
    /** The month as read with nothing kept at all. */
    const fresh = async () => {
      ChangeFeed.of(ctx.database).reset();
      return read();
    };
    const counts = writtenOut();

    const first = await read();
    expect(counts).toEqual([6]);
    expect(JSON.parse(first).map((e: { name: string }) => e.name)).toContain('Fitting');

    // One date renamed: that date alone is written out.
    expect(
      (await owner.patch(`${c.base}/events/${single}?strategy=this`, { name: 'Costume fitting' })).statusCode,
    ).toBe(200);
    const renamed = await read();
    expect(counts.at(-1)).toBe(1);
    expect(renamed).toContain('Costume fitting');
    expect(renamed).toBe(await fresh());

    // A team added to an event: its text shows the team, so it is written out again.
    await read();
    expect(
      (await owner.patch(`${c.base}/events/${other}?strategy=this`, { teamIds: [c.teamId] })).statusCode,
    ).toBe(200);
    const teamed = await read();
    expect(counts.at(-1)).toBe(1);
    expect(JSON.parse(teamed).find((e: { id: number }) => e.id === other).teams).toEqual([
      { id: c.teamId, name: 'Hamlet Cast' },
    ]);
    expect(teamed).toBe(await fresh());

    // A whole series renamed: its four dates.
    await read();
    expect(
      (await owner.patch(`${c.base}/events/${series}?strategy=series`, { name: 'Weekly call' })).statusCode,
    ).toBe(200);
    const series4 = await read();
    expect(counts.at(-1)).toBe(4);
    expect(series4).toBe(await fresh());

    // A date deleted and one added: the new one alone is written out, the deleted one is gone.
    await read();
    expect((await owner.delete(`${c.base}/events/${single}?strategy=this`)).statusCode).toBe(200);
    await createEvent(c, {
      name: 'Photo call',
      startDateTime: '2031-03-07T10:00:00',
      endDateTime: '2031-03-07T11:00:00',
    });
    const changed = await read();
    expect(counts.at(-1)).toBe(1);
    expect(changed).not.toContain('Costume fitting');
    expect(changed).toContain('Photo call');
    expect(changed).toBe(await fresh());

    // A name shown in every event changed (people): nothing kept is reused.
    await read();
    expect((await owner.patch(`/api/teams/${c.teamId}`, { name: 'Hamlet Company' })).statusCode).toBe(200);
    await expect.poll(read).toContain('Hamlet Company');
    expect(counts.at(-1)).toBe(6);
  });
});

describe('a month read more than once', () => {
  it('is made again ahead of its next reader after an event in it changes', async () => {
    const c = await calendarOrg(ctx);
    const fitting = await createEvent(c, {
      name: 'Fitting',
      startDateTime: '2031-04-05T10:00:00',
      endDateTime: '2031-04-05T11:00:00',
    });
    const month = `${c.base}/events?from=2031-04-01&to=2031-04-30`;
    const read = () => readAsMember(c, month);
    // Two members: each one's own list is kept apart, made from the month's range.
    await read();
    expect((await c.agents.owner.get(month)).statusCode).toBe(200);
    const counts = writtenOut();
    const edited = await c.agents.owner.patch(`${c.base}/events/${fitting}?strategy=this`, {
      name: 'Costume fitting',
    });
    expect(edited.statusCode).toBe(200);
    await settled(ctx.database);
    // Made again by the instance itself, the renamed event alone written out.
    await expect.poll(() => counts).toEqual([1]);
    // Its reader's list is made from it, with no range read of its own.
    expect(await read()).toContain('Costume fitting');
    expect(counts).toEqual([1]);
  });
});

describe('the bodies of a kept month', () => {
  it('keeps one body for everyone following none of its events, however many others read between them', async () => {
    const c = await calendarOrg(ctx);
    for (const [name, day, teamIds] of [
      ['Fitting', 5, []],
      ['Run', 6, [c.teamId]],
    ] as const) {
      await createEvent(c, {
        name,
        teamIds: [...teamIds],
        startDateTime: `2031-03-0${day}T10:00:00`,
        endDateTime: `2031-03-0${day}T11:00:00`,
      });
    }
    // The creates' own announcements, heard late, would drop the month between the reads below.
    await settled(ctx.database);
    const month = (viewerId: number) =>
      listEventsCached(ctx.database, {
        organizationId: c.org.id,
        timeZone: 'America/New_York',
        viewerId,
        from: new Date('2031-03-01T05:00:00Z'),
        to: new Date('2031-04-01T04:00:00Z'),
      });
    const followingNone = await month(c.people.standard_user.id);
    // The reserver follows both; the cast member follows their team's: two other sets of flags.
    const followingBoth = await month(c.people.owner.id);
    const followingRun = await month(c.actor.id);
    expect(new Set([followingNone, followingBoth, followingRun]).size).toBe(3);
    expect(await month(c.people.admin.id)).toBe(followingNone);
    const flags = (body: typeof followingNone) =>
      JSON.parse(body.body.toString()).map((e: { name: string; isFollowing: boolean }) => [
        e.name,
        e.isFollowing,
      ]);
    expect(flags(followingNone)).toEqual([
      ['Fitting', false],
      ['Run', false],
    ]);
    expect(flags(followingRun)).toEqual([
      ['Fitting', false],
      ['Run', true],
    ]);
  });
});
