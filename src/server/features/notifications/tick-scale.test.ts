// Many quiet organizations on one server: a notification worker's tick with nothing due sends the
// same statements, and reads about as many rows, with 2,000 quiet organizations as with 20; the
// digests of one of them still go out when its morning comes. Counts, not times.
import { describe, expect, it } from 'vitest';
import { getTestApp, testConfig, uniqueId } from '../../../../tests/support/app';
import type { Database } from '../../db/client';
import type { Mail, Mailer } from '../mail';
import { quietTickCost } from './tick-cost';
import { NotificationWorker } from './worker';

/** `count` approved organizations in UTC with `members` members each, set-based. */
async function quietOrganizations(database: Database, tag: string, count: number, members: number) {
  const rows = await database.query<{ id: number }>(
    `insert into organizations (name, shortname, approval_status, approved_at, timezone)
     select 'Quiet ' || $1 || ' ' || i, 'quiet-' || $1 || '-' || i, 'approved', now(), 'UTC'
     from generate_series(1, $2::int) i returning id`,
    [tag, count],
  );
  await database.query(
    `with o as (select unnest($1::int[]) as id),
     u as (
       insert into users (username, email, password, first_name, last_name)
       select 'q_' || $3 || '_' || o.id || '_' || k, 'q_' || $3 || '_' || o.id || '_' || k || '@example.test',
         'no sign-in', 'Quiet', 'Member'
       from o, generate_series(1, $2::int) k returning id, username)
     insert into user_organizations (user_id, organization_id, role, status, is_active, approved_at)
     select u.id, split_part(u.username, '_', 3)::int, case when split_part(u.username, '_', 4) = '1'
       then 'owner' else 'standard_user' end, 'active', true, now() from u`,
    [rows.map((r) => r.id), members, tag],
  );
  return rows.map((r) => r.id);
}

describe("the notification worker's tick with many quiet organizations", () => {
  it('costs the same with 2,000 quiet organizations as with 20, and still plans a digest when due', async () => {
    const ctx = await getTestApp();
    const { database } = ctx;
    const sent: Mail[] = [];
    const mailer: Mailer = {
      send: async (mail) => void sent.push(mail),
      deliver: async (mail) => void sent.push(mail),
      close: () => undefined,
    };
    // Midday UTC today: every quiet organization's 07:00 has passed, so its day gets planned.
    const noon = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    const clock = { current: noon };
    const worker = new NotificationWorker(
      { database, mailer, config: testConfig(), sessionSecret: 'test-secret' },
      { now: () => clock.current },
    );
    const tickOn = (db: Database) =>
      new NotificationWorker(
        { database: db, mailer, config: testConfig(), sessionSecret: 'test-secret' },
        { now: () => clock.current },
      ).tick();
    const steady = () => quietTickCost(database, tickOn);
    // Statistics as a PostgreSQL server's autovacuum keeps them, so plans match the table sizes.
    const analyze = () =>
      database.query(
        'analyze organizations, user_organizations, calendar_events, calendar_event_series, jobs',
      );

    const tag = uniqueId();
    const few = await quietOrganizations(database, `${tag}a`, 20, 3);
    await analyze();
    const small = await steady();

    const many = await quietOrganizations(database, `${tag}b`, 1_980, 3);
    await analyze();
    const large = await steady();

    expect(large.statements).toBe(small.statements);
    expect(large.transactions).toBe(small.transactions);
    // 1,980 more organizations, and the tick reads a handful more rows at most.
    expect(large.rows - small.rows).toBeLessThan(100);
    const planned = await database.query<{ n: number }>(
      'select count(*)::int as n from digest_plans where organization_id = any($1::int[]) and local_date = $2::date',
      [[...few, ...many], noon.toISOString().slice(0, 10)],
    );
    expect(planned[0].n).toBe(2_000);

    // Tomorrow at 07:05 a quiet organization whose member has a notice waiting gets its digest.
    const [member] = await database.query<{ userId: number }>(
      `select user_id as "userId" from user_organizations where organization_id = $1 and role = 'owner'`,
      [many[7]],
    );
    await database.query(
      `insert into member_notifications (organization_id, user_id, kind, unique_key, title, body, link, in_app, digest_pending)
       values ($1, $2, 'announcement', $3, 'Notice', 'Body', '/', true, true)`,
      [many[7], member.userId, `tick-scale:${tag}`],
    );
    clock.current = new Date(noon.getTime() + 19 * 3_600_000 + 5 * 60_000);
    await worker.tick();
    const jobs = await database.query<{ done: boolean }>(
      `select done_at is not null as done from jobs
       where kind = 'digest' and payload->>'organizationId' = $1::text and (payload->>'userId')::int = $2`,
      [many[7], member.userId],
    );
    expect(jobs).toHaveLength(1);
    expect(
      await database.query('select 1 from digest_plans where organization_id = $1', [many[0]]),
    ).toHaveLength(2);
    // Nothing of this morning is left for another file's worker.
    await database.query(
      `delete from jobs where done_at is null and kind = 'digest' and payload->>'organizationId' = $1::text`,
      [many[7]],
    );
  }, 120_000);
});
