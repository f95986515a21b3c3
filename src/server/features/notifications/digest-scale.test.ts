// A morning with thousands of members: the digest scan plans the organization's day once, only
// for members with something to say, and a tick runs a bounded number of jobs, so the embedded
// database (one statement at a time) is never held by the worker for long. Counts, not times.
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../../tests/support/app';
import { getTestApp } from '../../../../tests/support/app';
import { addDays, instantToWallTime, wallTimeToInstant } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import { calendarOrg, eventBody } from '../calendar/test-helpers';
import type { Mail, Mailer } from '../mail';
import { scanDigests } from './scans';
import { later } from './test-helpers';
import { JOBS_PER_TICK, NotificationWorker } from './worker';

const TZ = 'Europe/Berlin';
const FOLLOWERS = 1_200;
const IDLE = 300;

/** Members added set-based: `count` of them, in `teamId` when given. */
async function addMembers(database: Database, orgId: number, tag: string, count: number, teamId?: number) {
  const rows = await database.query<{ id: number }>(
    `with u as (
       insert into users (username, email, password, first_name, last_name)
       select 'digest_' || $2 || '_' || i, 'digest_' || $2 || '_' || i || '@example.test', 'no sign-in', 'Digest', 'Member'
       from generate_series(1, $3::int) i returning id),
     m as (
       insert into user_organizations (user_id, organization_id, role, status, is_active, approved_at)
       select id, $1, 'standard_user', 'active', true, now() from u)
     select id from u`,
    [orgId, `${orgId}_${tag}`, count],
  );
  if (teamId)
    await database.query(
      `insert into team_members (organization_id, team_id, user_id) select $1, $2, unnest($3::int[])`,
      [orgId, teamId, rows.map((r) => r.id)],
    );
  return rows.map((r) => r.id);
}

/** 07:05 in the zone `daysAhead` days from today, with a team rehearsal two hours later. */
async function morningRehearsal(c: Awaited<ReturnType<typeof calendarOrg>>, daysAhead: number) {
  const date = addDays(instantToWallTime(new Date(), TZ).slice(0, 10), daysAhead);
  const morning = wallTimeToInstant(`${date}T07:05`, TZ);
  const wall = (d: Date) => `${instantToWallTime(d, TZ).slice(0, 16)}:00`;
  const res = await c.agents.owner.post(
    `${c.base}/events`,
    eventBody(c.people.owner.id, {
      startDateTime: wall(later(morning, 120)),
      endDateTime: wall(later(morning, 180)),
      teamIds: [c.teamId],
    }),
  );
  expect(res.statusCode).toBe(201);
  return morning;
}

/** Counts the statements and transactions a piece of work sends through `database`. */
function counting(database: Database) {
  const counts = { statements: 0, transactions: 0 };
  const wrapped = new Proxy(database, {
    get(target, key, receiver) {
      if (key === 'query')
        return (...args: Parameters<Database['query']>) => {
          counts.statements++;
          return target.query(...args);
        };
      if (key === 'db') counts.transactions++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { wrapped, counts };
}

describe('digests at scale', () => {
  it('plan once per organization and day, skip empty digests, and run a bounded batch per tick', async () => {
    const ctx = await getTestApp();
    const { database } = ctx;
    const c = await calendarOrg(ctx, TZ);
    const followers = await addMembers(database, c.org.id, 'team', FOLLOWERS, c.teamId);
    const idle = await addMembers(database, c.org.id, 'idle', IDLE);

    // Three weeks ahead, past the clocks of the other notification tests, so that their workers
    // (on the same database) never take this morning's jobs.
    const morning = await morningRehearsal(c, 21);

    const sent: Mail[] = [];
    const mailer: Mailer = {
      send: async (mail) => void sent.push(mail),
      deliver: async (mail) => void sent.push(mail),
      close: () => undefined,
    };
    const clock = { current: later(morning, -10) };
    const worker = new NotificationWorker(
      { database, mailer, config: testConfig(), sessionSecret: 'test-secret' },
      { now: () => clock.current },
    );
    const jobsOf = (userIds: number[]) =>
      database.query<{ userId: number; done: boolean }>(
        `select (payload->>'userId')::int as "userId", done_at is not null as done from jobs
         where kind = 'digest' and payload->>'organizationId' = $1::text
           and (payload->>'userId')::int = any($2::int[])`,
        [c.org.id, userIds],
      );

    // Before 07:00 nothing is planned.
    await worker.tick();
    expect(await jobsOf([...followers, ...idle])).toEqual([]);

    // The first tick after 07:00 plans one job per follower, none for members with nothing. (The
    // tick before may have run other files' jobs: only this tick's mails count below.)
    sent.length = 0;
    clock.current = morning;
    await worker.tick();
    const planned = await jobsOf(followers);
    expect(new Set(planned.map((j) => j.userId))).toEqual(new Set(followers));
    expect(planned).toHaveLength(FOLLOWERS);
    expect(await jobsOf(idle)).toEqual([]);
    // …and runs a bounded batch of them, leaving the rest for later ticks.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(JOBS_PER_TICK);
    expect(planned.filter((j) => j.done).length).toBeLessThanOrEqual(JOBS_PER_TICK);

    // Later ticks that day do not look at the members again: one statement, no transaction, and
    // a member who has something to say since then waits for tomorrow's plan.
    const [latecomer] = await addMembers(database, c.org.id, 'late', 1, c.teamId);
    await database.query(
      `insert into member_notifications (organization_id, user_id, kind, unique_key, title, body, link, in_app, digest_pending)
       values ($1, $2, 'announcement', $3, 'Notice', 'Body', '/', true, true)`,
      [c.org.id, latecomer, `digest-scale:${latecomer}`],
    );
    clock.current = later(morning, 60);
    // Organizations other files made since this morning's tick are planned by a first scan; the
    // one measured below finds every organization planned, as the next ticks of a real day do.
    await scanDigests(database, clock.current);
    const { wrapped, counts } = counting(database);
    await scanDigests(wrapped, clock.current);
    expect(counts).toEqual({ statements: 1, transactions: 0 });
    const before = sent.length;
    await worker.tick();
    expect(await jobsOf([latecomer])).toEqual([]);
    expect(sent.length - before).toBeGreaterThan(0);
    expect(sent.length - before).toBeLessThanOrEqual(JOBS_PER_TICK);
    expect(await jobsOf(followers)).toHaveLength(FOLLOWERS);

    // The next morning plans again: the latecomer's pending notice gets its digest.
    clock.current = later(morning, 24 * 60);
    await scanDigests(database, clock.current);
    expect(await jobsOf([latecomer])).toEqual([{ userId: latecomer, done: false }]);
    // Nothing of this morning is left for another file's worker: its digests, and the reminder
    // mails the rehearsal planned for 1,200 people (a tick sends at most a batch of them).
    await database.query(
      `delete from jobs where done_at is null and (
         (kind = 'digest' and payload->>'organizationId' = $1::text)
         or (kind = 'mail' and (payload->>'notificationId')::bigint in
           (select id from member_notifications where organization_id = $1::int)))`,
      [c.org.id],
    );
  }, 90_000);

  it('are planned once when two workers scan at the same moment', async () => {
    const ctx = await getTestApp();
    const c = await calendarOrg(ctx, TZ);
    const followers = await addMembers(ctx.database, c.org.id, 'pair', 50, c.teamId);
    const morning = await morningRehearsal(c, 22);
    await Promise.all([scanDigests(ctx.database, morning), scanDigests(ctx.database, later(morning, 1))]);
    const [row] = await ctx.database.query<{ jobs: number; members: number; plans: number }>(
      `select count(*)::int as jobs, count(distinct payload->>'userId')::int as members,
         (select count(*)::int from digest_plans where organization_id = $1) as plans
       from jobs where kind = 'digest' and payload->>'organizationId' = $1::text
         and (payload->>'userId')::int = any($2::int[])`,
      [c.org.id, followers],
    );
    expect(row).toEqual({ jobs: followers.length, members: followers.length, plans: 1 });
    await ctx.database.query(
      `delete from jobs where kind = 'digest' and done_at is null and payload->>'organizationId' = $1::text`,
      [c.org.id],
    );
  });
});
