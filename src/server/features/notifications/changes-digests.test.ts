import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../../tests/support/app';
import { buildUser, signedIn } from '../../../../tests/support/factories';
import {
  addDays,
  instantToWallTime,
  todayIn,
  wallTimeToInstant,
  weekdayOf,
} from '../../../common/zoned-time';
import { calendarOrg, eventBody } from '../calendar/test-helpers';
import { completeJob, type Job } from './jobs';
import { runJob } from './mail-jobs';
import { planOrganizationDigests } from './scans';
import { later, minutesFromNow, TestClock, testWorker, withSmtp } from './test-helpers';

const env = withSmtp();

const TZ = 'Europe/Berlin';
const subjects = (address: string) =>
  env.smtp.to(address).map((m) => /Subject: ([^\r\n]*)/.exec(m)?.[1] ?? '');

/** Team members following a rehearsal two days ahead, one for each digest choice. */
async function followedRehearsal() {
  const c = await calendarOrg(env.ctx, TZ);
  const people = {} as Record<
    'immediate' | 'daily' | 'weekly' | 'never',
    Awaited<ReturnType<typeof buildUser>>
  >;
  for (const digestFrequency of ['immediate', 'daily', 'weekly', 'never'] as const) {
    const user = await buildUser(env.ctx.database, { org: c.org });
    await env.ctx.database.query(
      'insert into team_members (organization_id, team_id, user_id) values ($1, $2, $3)',
      [c.org.id, c.teamId, user.id],
    );
    const agent = await signedIn(env.ctx, user, c.org);
    expect((await agent.patch('/api/me/notifications', { digestFrequency })).statusCode).toBe(200);
    people[digestFrequency] = user;
  }
  const start = minutesFromNow(60 * 48, TZ);
  const end = minutesFromNow(60 * 49, TZ);
  const res = await c.agents.owner.post(
    `${c.base}/events`,
    eventBody(c.people.owner.id, { startDateTime: start.wall, endDateTime: end.wall, teamIds: [c.teamId] }),
  );
  expect(res.statusCode).toBe(201);
  return { c, people, eventId: res.json().event.id as number, start: start.at };
}

/** The next 07:05 in the zone after `from` (a Monday when asked). */
function nextMorning(from: Date, monday = false) {
  let date = instantToWallTime(from, TZ).slice(0, 10);
  for (;;) {
    const at = wallTimeToInstant(`${date}T07:05`, TZ);
    const isMonday = new Date(`${date}T12:00:00Z`).getUTCDay() === 1;
    if (at > from && (!monday || isMonday)) return at;
    date = addDays(date, 1);
  }
}

describe('change notices', () => {
  it('mails immediate followers within a tick, keeps daily and weekly for the digest, never for nobody, not the editor', async () => {
    const { c, people, eventId } = await followedRehearsal();
    // Before 07:00, so that no digest is due yet.
    const morning = nextMorning(new Date());
    const clock = new TestClock(later(morning, -60));
    const worker = testWorker(env.ctx.database, env.mailer, clock);
    const res = await c.agents.owner.patch(`${c.base}/events/${eventId}`, {
      name: 'Dress Rehearsal',
      spaces: ['Annex'],
    });
    expect(res.statusCode).toBe(200);
    await worker.tick();
    expect(subjects(people.immediate.email)).toEqual([
      `Dress Rehearsal was changed | Theater ${c.org.shortname}`,
    ]);
    const mail = env.smtp.to(people.immediate.email)[0];
    expect(mail).toContain('renamed from "Rehearsal"');
    expect(mail).toContain('now in Annex');
    for (const p of [people.daily, people.weekly, people.never, c.people.owner])
      expect(subjects(p.email).filter((s) => s.includes('changed'))).toEqual([]);
    // The bell shows it to every follower with pushNotifications on, except the editor.
    const owner = (await c.agents.owner.get('/api/me/inbox')).json();
    expect(owner.items.filter((i: { kind: string }) => i.kind === 'change')).toHaveLength(0);
    const never = (await (await signedIn(env.ctx, people.never, c.org)).get('/api/me/inbox')).json();
    expect(never.items.map((i: { title: string }) => i.title)).toContain('Dress Rehearsal was changed');
    // Nothing is sent twice.
    await worker.tick();
    expect(subjects(people.immediate.email)).toHaveLength(1);

    // Cancelling the occurrence is a notice too, even though the row (and its follow records) are gone.
    expect((await c.agents.owner.delete(`${c.base}/events/${eventId}`)).statusCode).toBe(200);
    await worker.tick();
    expect(subjects(people.immediate.email)).toContain(
      `Dress Rehearsal was cancelled | Theater ${c.org.shortname}`,
    );

    // The daily member's next digest carries both changes; the weekly member's waits for Monday.
    clock.set(morning);
    await worker.tick();
    const daily = env.smtp.to(people.daily.email).filter((m) => m.includes('Subject: Your daily digest'));
    expect(daily).toHaveLength(1);
    expect(daily[0]).toContain('Changes to your schedule');
    expect(daily[0]).toContain('Dress Rehearsal was changed');
    expect(daily[0]).toContain('Dress Rehearsal was cancelled');
    expect(subjects(people.never.email)).toEqual([]);
    // Once per day, and nothing at all when there is neither schedule nor change.
    await worker.tick();
    clock.set(later(morning, 24 * 60));
    await worker.tick();
    expect(env.smtp.to(people.daily.email).filter((m) => m.includes('digest'))).toHaveLength(1);

    clock.set(nextMorning(new Date(), true));
    await worker.tick();
    const weekly = env.smtp.to(people.weekly.email).filter((m) => m.includes('Subject: Your weekly digest'));
    expect(weekly).toHaveLength(1);
    expect(weekly[0]).toContain('Dress Rehearsal was cancelled');
  });
});

describe('a backlog of changes', () => {
  it('goes out within one tick, however many batches it takes', async () => {
    const c = await calendarOrg(env.ctx, TZ);
    const clock = new TestClock(later(nextMorning(new Date()), -60));
    const worker = testWorker(env.ctx.database, env.mailer, clock, { planDigests: false });
    // More than two of processChanges' batches of 500, as a burst of series edits leaves behind
    // (the write bench records thousands a second); one tick used to take one batch, so notices
    // fell further behind with every busy minute.
    await env.ctx.database.query(
      `insert into event_changes (organization_id, event_id, kind, tx, before, after, follower_ids)
       select $1, 0, 'updated', 'backlog', jsonb_build_object('name', 'Rehearsal'),
         jsonb_build_object('name', 'Rehearsal ' || n), '{}'
       from generate_series(1, 1200) as n`,
      [c.org.id],
    );
    await worker.tick();
    const [left] = await env.ctx.database.query<{ count: number }>(
      'select count(*)::int as count from event_changes where organization_id = $1 and processed_at is null',
      [c.org.id],
    );
    expect(left.count).toBe(0);
  });
});

describe('digests', () => {
  it('are sent at 07:00 organization time with the coming schedule, not before', async () => {
    const c = await calendarOrg(env.ctx, TZ);
    const morning = nextMorning(new Date());
    const start = later(morning, 120);
    const wall = (d: Date) => `${instantToWallTime(d, TZ).slice(0, 16)}:00`;
    const res = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, {
        startDateTime: wall(start),
        endDateTime: wall(later(start, 60)),
        teamIds: [c.teamId],
      }),
    );
    expect(res.statusCode).toBe(201);
    const clock = new TestClock(later(morning, -10));
    const worker = testWorker(env.ctx.database, env.mailer, clock);
    await worker.tick();
    expect(env.smtp.to(c.actor.email).filter((m) => m.includes('digest'))).toHaveLength(0);
    clock.set(morning);
    await worker.tick();
    const digest = env.smtp.to(c.actor.email).filter((m) => m.includes('Subject: Your daily digest'));
    expect(digest).toHaveLength(1);
    expect(digest[0]).toContain('Your schedule today');
    expect(digest[0]).toContain('Rehearsal');
    expect(digest[0]).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});

/**
 * The next Friday after today in the zone. Near dates, not fixed ones: a worker's tick runs every
 * organization's due jobs, and other files leave work due weeks ahead (digest-scale's morning, three
 * weeks out, leaves hundreds of reminder mails), which a far-off clock would send first.
 */
function nextFriday(zone: string) {
  let date = addDays(todayIn(zone), 1);
  while (weekdayOf(date) !== 5) date = addDays(date, 1);
  return date;
}

/**
 * What a worker's 07:00 tick does for one organization: plan its digests and run their jobs. Only
 * this organization's: a whole tick would also plan and send the digests of every organization
 * other files made in the shared test database, hundreds of them.
 */
async function runOwnDigests(organizationId: number, zone: string, now: Date) {
  const { database } = env.ctx;
  await planOrganizationDigests(
    database,
    { id: organizationId, localDate: todayIn(zone, now.getTime()), timezone: zone },
    now,
  );
  const jobs = await database.query<Job>(
    `select id, kind, payload, attempts from jobs
     where kind = 'digest' and done_at is null and payload->>'organizationId' = $1::text`,
    [organizationId],
  );
  const deps = { database, mailer: env.mailer, config: testConfig(), sessionSecret: 'test-secret' };
  for (const job of jobs) {
    await runJob(deps, job, now);
    await completeJob(database, job.id, now);
  }
}

describe('the daily digest', () => {
  it("lists only the organization's own day: at 07:00 on a Friday in New York, not Saturday's early call", async () => {
    const zone = 'America/New_York';
    const friday = nextFriday(zone);
    const saturday = addDays(friday, 1);
    const c = await calendarOrg(env.ctx, zone);
    for (const [name, start, end] of [
      ['Friday Show', `${friday}T19:00:00`, `${friday}T22:00:00`],
      ['Saturday Load-in', `${saturday}T06:00:00`, `${saturday}T08:00:00`],
    ]) {
      const res = await c.agents.owner.post(
        `${c.base}/events`,
        eventBody(c.people.owner.id, { name, startDateTime: start, endDateTime: end, teamIds: [c.teamId] }),
      );
      expect(res.statusCode).toBe(201);
    }
    const digests = () => env.smtp.to(c.actor.email).filter((m) => m.includes('Subject: Your daily digest'));
    await runOwnDigests(c.org.id, zone, wallTimeToInstant(`${friday}T07:00`, zone));
    expect(digests()).toHaveLength(1);
    expect(digests()[0]).toContain('Your schedule today');
    expect(digests()[0]).toContain('Friday Show');
    expect(digests()[0]).not.toContain('Saturday Load-in');
  });

  it('is not planned for a member whose only coming event is tomorrow', async () => {
    const zone = 'America/New_York';
    const friday = nextFriday(zone);
    const c = await calendarOrg(env.ctx, zone);
    const res = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, {
        name: 'Saturday Load-in',
        startDateTime: `${addDays(friday, 1)}T06:00:00`,
        endDateTime: `${addDays(friday, 1)}T08:00:00`,
        teamIds: [c.teamId],
      }),
    );
    expect(res.statusCode).toBe(201);
    await runOwnDigests(c.org.id, zone, wallTimeToInstant(`${friday}T07:00`, zone));
    expect(env.smtp.to(c.actor.email).filter((m) => m.includes('Subject: Your daily digest'))).toHaveLength(
      0,
    );
  });
});
